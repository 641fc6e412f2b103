import { RANKING_SIZE, type RankingEntry } from '@rankmatch/shared';
import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { seasonStats, users } from '../db/schema.ts';
import { winRate } from '../users/presenter.ts';

/**
 * The ranking order, one definition for the live ranking and past-season ranks: max rate, then current rate, then
 * win rate, then who reached the max rate first (user id last, so the order is total).
 */
export const rankingOrder: SQL[] = [
  sql`${seasonStats.maxRate} desc`,
  sql`${seasonStats.rate} desc`,
  sql`(${seasonStats.winCount}::float8 / ${seasonStats.matchCount}) desc`,
  sql`${seasonStats.maxRateAt} asc`,
  sql`${seasonStats.userId} asc`,
];

/** Players with at least one match in the season who are not banned. */
export const eligible = (seasonId: string) =>
  and(eq(seasonStats.seasonId, seasonId), gt(seasonStats.matchCount, 0), eq(users.isBanned, false));

export async function computeRanking(db: Executor, seasonId: string): Promise<RankingEntry[]> {
  const rows = await db
    .select({ stats: seasonStats, user: users })
    .from(seasonStats)
    .innerJoin(users, eq(users.id, seasonStats.userId))
    .where(eligible(seasonId))
    .orderBy(...rankingOrder)
    .limit(RANKING_SIZE);
  return rows.map(({ stats, user }, i) => ({
    rank: i + 1,
    user_id: user.id,
    trainer_name: user.trainerName,
    discord_username: user.discordUsername,
    discord_avatar_url: user.discordAvatarUrl,
    rate: stats.rate,
    max_rate: stats.maxRate,
    win_rate: winRate(stats.winCount, stats.matchCount),
    match_count: stats.matchCount,
    twitter_id: user.twitterId,
    current_badge: user.currentBadge,
    current_badge_2: user.currentBadge2,
  }));
}
