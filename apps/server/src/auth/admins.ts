import type { Config } from '../config.ts';

// Who configuration makes an admin: the ids of ADMIN_USER_IDS, those that exist at start (seed/index.ts) and the
// others when their account is created, at their first sign-in. A test account never, in production.

/** Whether a new account is an admin by configuration. */
export function configuredAdmin(config: Config, userId: string, isDummy: boolean): boolean {
  return config.adminUserIds.includes(userId) && !(isDummy && config.env === 'production');
}
