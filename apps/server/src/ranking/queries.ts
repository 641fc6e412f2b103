import { RANKING_SIZE, type RankingEntry, type SeasonRecord } from '@rankmatch/shared';
import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { seasonStats, seasons, users } from '../db/schema.ts';
import { winRate } from '../users/presenter.ts';

/**
 * The ranking order, one definition for the live ranking and past-season ranks: max rate, then current rate, then
 * win rate, then who reached the max rate first (user id last, so the order is total).
 */
const rankingOrder: SQL[] = [
  sql`${seasonStats.maxRate} desc`,
  sql`${seasonStats.rate} desc`,
  sql`(${seasonStats.winCount}::float8 / ${seasonStats.matchCount}) desc`,
  sql`${seasonStats.maxRateAt} asc`,
  sql`${seasonStats.userId} asc`,
];

/** Players with at least one match in the season who are not banned. */
const eligible = (seasonId: string) =>
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

/** A user's records of every season except the active one, with the final rank in the ranking order. */
export async function seasonRecords(db: Executor, userId: string): Promise<SeasonRecord[]> {
  const ranked = db
    .select({
      userId: seasonStats.userId,
      seasonId: seasonStats.seasonId,
      seasonName: seasons.name,
      startDate: seasons.startDate,
      rate: seasonStats.rate,
      maxRate: seasonStats.maxRate,
      matchCount: seasonStats.matchCount,
      winCount: seasonStats.winCount,
      rank: sql<number>`row_number() over (partition by ${seasonStats.seasonId} order by ${sql.join(rankingOrder, sql`, `)})`.as(
        'rank',
      ),
    })
    .from(seasonStats)
    .innerJoin(users, eq(users.id, seasonStats.userId))
    .innerJoin(seasons, eq(seasons.id, seasonStats.seasonId))
    .where(and(gt(seasonStats.matchCount, 0), eq(users.isBanned, false), eq(seasons.isActive, false)))
    .as('ranked');
  const rows = await db.select().from(ranked).where(eq(ranked.userId, userId)).orderBy(sql`${ranked.startDate} desc`);
  return rows.map((r) => ({
    season_id: r.seasonId,
    season_name: r.seasonName,
    final_rate: r.rate,
    max_rate: r.maxRate,
    win_rate: winRate(r.winCount, r.matchCount),
    final_rank: Number(r.rank),
    total_matches: r.matchCount,
    wins: r.winCount,
    win_count: r.winCount,
  }));
}
