import type { PenaltyState } from '@rankmatch/engine';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.ts';
import { seasonStats, userBadges, users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** A user's penalties as the engine's rules read them. */
export const penaltyStateOf = (user: UserRow): PenaltyState => ({
  penalty_count: user.penaltyCount,
  penalty_correction: user.penaltyCorrection,
  matches_since_penalty: user.matchesSincePenalty,
  penalty_timeout_until: user.penaltyTimeoutUntil,
  last_penalty_at: user.lastPenaltyAt,
});
export type NewUser = typeof users.$inferInsert;
export type SeasonStatsRow = typeof seasonStats.$inferSelect;

/**
 * Users' rows locked for changing their data (never their id), in the caller's transaction. FOR NO KEY UPDATE, the
 * lock an UPDATE of those columns takes anyway: rows that refer to these users can still be inserted meanwhile (a
 * report on a player's next match, whose batch may hold matches this transaction waits for: FOR UPDATE would close
 * that cycle into a deadlock).
 */
export async function lockUsers(tx: Tx, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]))
    .for('no key update');
}

export async function findUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function ownedBadgeIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: userBadges.badgeId })
    .from(userBadges)
    .where(eq(userBadges.userId, userId))
    .orderBy(asc(userBadges.badgeId));
  return rows.map((r) => r.id);
}

export async function findSeasonStats(
  db: Executor,
  userId: string,
  seasonId: string,
): Promise<SeasonStatsRow | undefined> {
  const [row] = await db
    .select()
    .from(seasonStats)
    .where(and(eq(seasonStats.userId, userId), eq(seasonStats.seasonId, seasonId)))
    .limit(1);
  return row;
}
