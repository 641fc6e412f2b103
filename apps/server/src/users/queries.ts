import type { PenaltyState } from '@rankmatch/engine';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
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
