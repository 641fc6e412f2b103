import { timingSafeEqual } from 'node:crypto';
import {
  type DummyUser,
  INITIAL_RATE,
  ROLES,
  type Role,
  SPECIAL_TEST_RATE,
  SPECIAL_TEST_USER_ID,
} from '@rankmatch/shared';
import { asc, eq, like } from 'drizzle-orm';
import { seasonNumbers } from '../accounts/presenter.ts';
import { findSeasonStats, type UserRow } from '../accounts/queries.ts';
import { ensureUser } from '../accounts/service.ts';
import { createMissingUsers, demoteTestAccounts } from '../accounts/writes.ts';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { markedActiveSeason } from '../seasons/queries.ts';
import { configuredAdmin } from './admins.ts';
import { DUMMY_ID_PREFIX, type DummySeed, dummySeeds } from './dummy-accounts.ts';

/** Creates the seeded test accounts that are missing. The dev admin is an admin only outside production. */
export async function seedDummyAccounts(
  db: Executor,
  config: Config,
  now: number,
  seeds: readonly DummySeed[] = dummySeeds(),
): Promise<void> {
  const rows = seeds.map((s) => ({
    id: s.id,
    authSub: `dummy|${s.id}`,
    isDummy: true,
    trainerName: s.trainerName,
    discordUsername: s.discordUsername,
    startRate: s.rate,
    preferredRole: s.preferredRole,
    isAdmin: s.isAdmin && config.env !== 'production',
    createdAt: now,
    updatedAt: now,
  }));
  await createMissingUsers(db, rows);
}

export async function listDummyUsers(db: Executor): Promise<DummyUser[]> {
  const season = await markedActiveSeason(db);
  const rows = await db
    .select()
    .from(users)
    .where(like(users.id, `${DUMMY_ID_PREFIX}%`))
    .orderBy(asc(users.id));
  const result: DummyUser[] = [];
  for (const row of rows.filter((r) => r.isDummy)) {
    const stats = season ? await findSeasonStats(db, row.id, season.id) : undefined;
    result.push({
      user_id: row.id,
      trainer_name: row.trainerName,
      discord_username: row.discordUsername,
      rate: seasonNumbers(row, stats).rate,
      preferred_role: (ROLES as readonly string[]).includes(row.preferredRole ?? '')
        ? (row.preferredRole as Role)
        : null,
    });
  }
  return result;
}

function passwordMatches(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Test-account login: checks the password when one is configured, creates the account when new (rate 1800 for the
 * special id, else the given rate or 1500) and returns the user row.
 */
export async function dummyLogin(
  db: Executor,
  config: Config,
  input: {
    user_id: string;
    password?: string | undefined;
    trainer_name?: string | undefined;
    rate?: number | undefined;
  },
  now: number,
): Promise<UserRow> {
  const expected = config.dummyLogin.password;
  if (expected && !passwordMatches(expected, input.password)) throw new AppError('DUMMY_PASSWORD_INVALID');
  const existing = await db.select().from(users).where(eq(users.id, input.user_id)).limit(1);
  if (existing[0]) {
    if (!existing[0].isDummy) throw new AppError('FORBIDDEN');
    if (existing[0].isBanned) throw new AppError('BANNED');
    // In production a test account never keeps the flag, whatever gave it since the start (a development instance
    // on the same database): the login takes it away before it replies.
    if (existing[0].isAdmin && config.env === 'production') {
      await demoteTestAccounts(db);
      return { ...existing[0], isAdmin: false };
    }
    return existing[0];
  }
  const rate = input.user_id === SPECIAL_TEST_USER_ID ? SPECIAL_TEST_RATE : (input.rate ?? INITIAL_RATE);
  return ensureUser(db, {
    id: input.user_id,
    authSub: `dummy|${input.user_id}`,
    isDummy: true,
    trainerName: input.trainer_name ?? input.user_id,
    discordUsername: input.user_id,
    startRate: rate,
    isAdmin: configuredAdmin(config, input.user_id, true),
    createdAt: now,
    updatedAt: now,
  });
}
