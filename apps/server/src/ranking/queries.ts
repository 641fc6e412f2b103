import { RANKING_SIZE, type RankingEntry } from '@rankmatch/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { winRate } from '../accounts/presenter.ts';
import type { Executor } from '../db/client.ts';
import { seasonStats, users } from '../db/schema.ts';
import { rankingOrder } from '../seasons/queries.ts';

/** Players with at least one match in the season who are neither banned nor deleted. */
export const eligible = (seasonId: string) =>
  and(
    eq(seasonStats.seasonId, seasonId),
    gt(seasonStats.matchCount, 0),
    eq(users.isBanned, false),
    isNull(users.deletedAt),
  );

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
