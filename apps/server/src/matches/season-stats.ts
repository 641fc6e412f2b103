import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { seasonStats } from '../db/schema.ts';

// The named writes of season_stats besides settlement and corrections (which write it on the hot path).

/**
 * An admin's edit of a player's rate in a season: the season's row is created if the player has none; the max rate
 * follows a rise.
 */
export async function setSeasonRate(
  tx: Executor,
  input: { userId: string; seasonId: string; startRate: number; rate: number; now: number },
): Promise<void> {
  const { userId, seasonId, startRate, rate, now } = input;
  await tx
    .insert(seasonStats)
    .values({ userId, seasonId, rate, maxRate: Math.max(rate, startRate), maxRateAt: now })
    .onConflictDoUpdate({
      target: [seasonStats.userId, seasonStats.seasonId],
      set: {
        rate,
        maxRate: sql`greatest(${seasonStats.maxRate}, ${rate}::int)`,
        maxRateAt: sql`case when ${rate}::int > ${seasonStats.maxRate} then ${now}::bigint else ${seasonStats.maxRateAt} end`,
      },
    });
}
