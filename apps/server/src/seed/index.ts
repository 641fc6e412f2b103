import { demoteTestAccounts, makeAdmins } from '../accounts/writes.ts';
import { seedDummyAccounts } from '../auth/dummy.ts';
import { seedBadges } from '../badges/service.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';

/**
 * Start-up data, idempotent: the live badge table, admins from ADMIN_USER_IDS and the test accounts when they are on.
 * (The demo seasons need the running services: see seedDemoData.)
 */
export async function seedOnStart(db: Db, config: Config, now: number): Promise<void> {
  await seedBadges(db);
  if (config.dummyLogin.enabled) await seedDummyAccounts(db, config, now);
  await makeAdmins(db, config.adminUserIds);
  // A test account is never an admin in production: not when ADMIN_USER_IDS names one, not on a data folder first
  // used in development.
  if (config.env === 'production') await demoteTestAccounts(db);
}
