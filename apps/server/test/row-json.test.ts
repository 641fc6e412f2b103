import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { findSession, findSessionWithUser } from '../src/auth/sessions.ts';
import type { Database } from '../src/db/client.ts';
import { rowJsonText } from '../src/db/row-json.ts';
import { matches, seasons, sessions, users } from '../src/db/schema.ts';
import { lockMatch } from '../src/matches/queries.ts';
import { resetDatabase, testDatabase } from './helpers/db.ts';

// The hot-path statements whose SQL is built once read rows as JSON objects (db/row-json.ts): each must give exactly
// what drizzle's own select gives for the same row, nulls, fractions, large numbers and jsonb included.

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
  await resetDatabase(database);
  const db = database.db;
  await db.insert(users).values([
    {
      id: 'full',
      authSub: 'discord|1',
      discordUsername: 'ピカ "quoted" \\ name',
      trainerName: 'サトシ',
      favoritePokemon: ['pikachu', 'gengar'],
      currentBadge: 'b1',
      currentBadge2: null,
      isAdmin: true,
      startRate: 1620,
      preferredRole: 'attacker',
      penaltyCount: 2,
      penaltyTimeoutUntil: 4_102_444_800,
      lastPenaltyAt: 1_790_000_000,
      createdAt: 1_700_000_000,
      updatedAt: 1_700_000_001,
    },
    { id: 'bare', authSub: 'dummy|bare', createdAt: 1, updatedAt: 2 },
  ]);
  await db.insert(sessions).values([
    { id: 's-full', userId: 'full', createdAt: 10, expiresAt: 20, revokedAt: 15 },
    { id: 's-none', userId: 'nobody', isDummy: true, createdAt: 10, expiresAt: 20 },
  ]);
  await db.insert(seasons).values({ id: 'rj', name: 'x', startDate: 0, endDate: 1 });
  await db.insert(matches).values([
    {
      id: 9_007_199_254_740_000,
      seasonId: 'rj',
      matchedAt: 1,
      startedAt: 2,
      hostUserId: 'full',
      firstAttack: 'B',
      teamGap: 0.1 + 0.2,
      ratingSpread: 37,
      winner: 'A',
      settledAt: 3,
      settleReason: 'consensus',
      penaltiesProcessed: true,
      penaltyUserIds: ['full', 'bare'],
    },
    {
      id: 5,
      seasonId: 'rj',
      matchedAt: 1,
      startedAt: 2,
      hostUserId: 'bare',
      firstAttack: 'A',
      teamGap: -12.5,
      ratingSpread: 0,
    },
  ]);
});

describe('rows read as JSON', () => {
  it('a session with its user equals drizzle’s select, with or without a user record', async () => {
    const db = database.db;
    for (const id of ['s-full', 's-none']) {
      const [session] = await db.select().from(sessions).where(eq(sessions.id, id));
      const [user] = session ? await db.select().from(users).where(eq(users.id, session.userId)) : [];
      expect(await findSessionWithUser(db, id)).toStrictEqual({ session, user });
      expect(await findSession(db, id)).toStrictEqual(session);
    }
    expect(await findSessionWithUser(db, 'missing')).toBeUndefined();
    expect(await findSession(db, "' or 1=1 --")).toBeUndefined();
  });

  it('a locked match equals drizzle’s select', async () => {
    for (const id of [9_007_199_254_740_000, 5]) {
      const [row] = await database.db.select().from(matches).where(eq(matches.id, id));
      expect(row).toBeDefined();
      expect(await database.db.transaction((tx) => lockMatch(tx, id))).toStrictEqual(row);
    }
    expect(await database.db.transaction((tx) => lockMatch(tx, 6))).toBeUndefined();
  });

  it('builds each text once and refuses an alias that is not a plain name', () => {
    expect(rowJsonText(users, 'u')).toBe(rowJsonText(users, 'u'));
    expect(rowJsonText(users, 'u')).toContain(`'trainerName', u."trainer_name"`);
    expect(() => rowJsonText(users, 'u; drop table users')).toThrow(/bad alias/);
  });
});
