import { AWARD_TIERS, type AwardTier, type SeasonRecord } from '@rankmatch/shared';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { winRate } from '../accounts/presenter.ts';
import { type Executor, readAll } from '../db/client.ts';
import { seasonRecords as records, seasonAwards, seasons } from '../db/schema.ts';

/** Rank tiers first, then match count, then the gold licence. */
const tierOrder = (tier: string) => AWARD_TIERS.indexOf(tier as AwardTier);

/** A player's frozen results of every ended season, newest first, with the badges each end handed out. */
export async function seasonRecords(db: Executor, userId: string): Promise<SeasonRecord[]> {
  const [rows, awards] = await readAll(
    db,
    () =>
      db
        .select({ record: records, seasonName: seasons.name })
        .from(records)
        .innerJoin(seasons, eq(seasons.id, records.seasonId))
        .where(and(eq(records.userId, userId), isNotNull(seasons.endedAt)))
        .orderBy(desc(seasons.startDate)),
    () => db.select().from(seasonAwards).where(eq(seasonAwards.userId, userId)),
  );
  return rows.map(({ record: r, seasonName }) => ({
    season_id: r.seasonId,
    season_name: seasonName,
    final_rate: r.finalRate,
    max_rate: r.maxRate,
    win_rate: winRate(r.wins, r.totalMatches),
    final_rank: r.finalRank,
    total_matches: r.totalMatches,
    wins: r.wins,
    win_count: r.wins,
    badges: awards
      .filter((a) => a.seasonId === r.seasonId)
      .sort((a, b) => tierOrder(a.tier) - tierOrder(b.tier))
      .map((a) => ({ tier: a.tier as AwardTier, badge_id: a.badgeId })),
  }));
}
