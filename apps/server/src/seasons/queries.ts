import { isSeasonOpenAt } from '@rankmatch/shared';
import { asc, count, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { matches, seasonStats, seasons } from '../db/schema.ts';

export type SeasonRow = typeof seasons.$inferSelect;

/** The season marked active (whatever its dates). */
export async function markedActiveSeason(db: Executor): Promise<SeasonRow | undefined> {
  const [row] = await db.select().from(seasons).where(eq(seasons.isActive, true)).limit(1);
  return row;
}

/** Open means marked active and now within its dates (the shared definition every view uses). */
export function isSeasonOpen(season: SeasonRow | undefined, now: number): season is SeasonRow {
  return (
    season !== undefined &&
    isSeasonOpenAt({ is_active: season.isActive, start_date: season.startDate, end_date: season.endDate }, now)
  );
}

/** The earliest season starting in the future. */
export async function nextSeason(db: Executor, now: number): Promise<SeasonRow | undefined> {
  const [row] = await db
    .select()
    .from(seasons)
    .where(gt(seasons.startDate, now))
    .orderBy(asc(seasons.startDate))
    .limit(1);
  return row;
}

export async function findSeason(db: Executor, id: string): Promise<SeasonRow | undefined> {
  const [row] = await db.select().from(seasons).where(eq(seasons.id, id)).limit(1);
  return row;
}

export async function listSeasons(db: Executor): Promise<SeasonRow[]> {
  return db.select().from(seasons).orderBy(asc(seasons.startDate));
}

/** Matches played per season (every status): a season with any cannot be deleted. */
export async function matchCountsBySeason(db: Executor): Promise<Map<string, number>> {
  const rows = await db.select({ seasonId: matches.seasonId, n: count() }).from(matches).groupBy(matches.seasonId);
  return new Map(rows.map((r) => [r.seasonId, Number(r.n)]));
}

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

/** The id of the site's active season when it is not `importedId` (an import cannot make two active), else null. */
export async function activeSeasonConflict(db: Executor, importedId: string): Promise<string | null> {
  const [row] = await db.select({ id: seasons.id }).from(seasons).where(eq(seasons.isActive, true));
  return row && row.id !== importedId ? row.id : null;
}
