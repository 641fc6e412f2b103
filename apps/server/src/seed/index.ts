import { inArray } from 'drizzle-orm';
import { seedDummyAccounts } from '../auth/dummy.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';

/**
 * Start-up data, idempotent: admins from ADMIN_USER_IDS, the test accounts when they are on.
 */
export async function seedOnStart(db: Db, config: Config, now: number): Promise<void> {
  if (config.dummyLogin.enabled) await seedDummyAccounts(db, config, now);
  if (config.adminUserIds.length > 0) {
    await db.update(users).set({ isAdmin: true }).where(inArray(users.id, config.adminUserIds));
  }
}
