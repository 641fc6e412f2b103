import { addCounts, emptyBand, emptySeason, RATING_BANDS, type SeasonCounts } from '@rankmatch/engine';
import { eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import { statsFolded, statsSnapshots } from '../db/schema.ts';
import { seasonCounts } from './queries.ts';

// The persisted fold of a season's statistics: stats_snapshots holds the counts of the matches listed in stats_folded.
// The stats job adds the settled matches it lacks, a batch per transaction (each match exactly once: the batch is
// marked and counted under the snapshot's row lock), so a season of 100,000 matches is counted once, not every time an
// instance builds its snapshot. An instance starts from the persisted counts and folds only the rest.

/** Matches counted per transaction of the stats job. */
export const FOLD_BATCH = 20_000;

const BAND_KEYS = Object.keys(emptyBand()).sort().join(',');

/**
 * Persisted counts of the shape this code folds. Counts written by an earlier version (another set of fields, as when
 * the role advantage replaced the roles' win rates) are counted again rather than added to.
 */
export function isCurrentShape(counts: unknown): counts is SeasonCounts {
  if (typeof counts !== 'object' || counts === null) return false;
  return RATING_BANDS.every((band) => {
    const c = (counts as Record<string, unknown>)[band];
    return typeof c === 'object' && c !== null && Object.keys(c).sort().join(',') === BAND_KEYS;
  });
}

/** Adds up to `limit` settled matches the persisted fold lacks; returns how many it added (0: up to date). */
export async function foldPersisted(db: Db, seasonId: string, now: number, limit = FOLD_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .insert(statsSnapshots)
      .values({ seasonId, counts: emptySeason(), matchCount: 0, updatedAt: now })
      .onConflictDoNothing();
    const [row] = await tx.select().from(statsSnapshots).where(eq(statsSnapshots.seasonId, seasonId)).for('update');
    if (!row) return 0;
    if (!isCurrentShape(row.counts)) {
      // Written by an earlier version: the season is folded again from its first match.
      await tx.delete(statsFolded).where(eq(statsFolded.seasonId, seasonId));
      row.counts = emptySeason();
      row.matchCount = 0;
    }
    const marked = await tx.execute(sql`insert into stats_folded (season_id, match_id)
      select ${seasonId}, m.id from matches m
      where m.season_id = ${seasonId} and m.status = 'done' and m.settled_at is not null
        and not exists (select 1 from stats_folded f where f.season_id = ${seasonId} and f.match_id = m.id)
      order by m.id limit ${limit}
      returning match_id`);
    const ids = rowsOf<{ match_id: number | string }>(marked).map((r) => Number(r.match_id));
    if (ids.length === 0) return 0;
    const { counts } = await seasonCounts(tx, seasonId, { kind: 'ids', ids });
    const total = row.counts as SeasonCounts;
    addCounts(total, counts);
    await tx
      .update(statsSnapshots)
      .set({ counts: total, matchCount: row.matchCount + ids.length, updatedAt: now })
      .where(eq(statsSnapshots.seasonId, seasonId));
    return ids.length;
  });
}

/**
 * What an instance's snapshot starts from: the persisted counts plus the settled matches they lack, and the ids of
 * every match included — read in one snapshot of the database, so a batch the job commits meanwhile is either
 * wholly in the persisted part or wholly in the rest.
 */
export async function loadCounts(db: Db, seasonId: string): Promise<{ counts: SeasonCounts; ids: number[] }> {
  return db.transaction(
    async (tx) => {
      const [stored] = await tx
        .select({ counts: statsSnapshots.counts })
        .from(statsSnapshots)
        .where(eq(statsSnapshots.seasonId, seasonId));
      // A fold of an earlier version's shape is not used (the job folds the season again): everything is counted.
      if (stored && !isCurrentShape(stored.counts)) return seasonCounts(tx, seasonId);
      const row = stored;
      const folded = row
        ? rowsOf<{ match_id: number | string }>(
            await tx.execute(sql`select match_id from stats_folded where season_id = ${seasonId}`),
          ).map((r) => Number(r.match_id))
        : [];
      // The matches the fold lacks, found once; usually a few (settled since the job's last run), counted by id.
      const unfolded = rowsOf<{ id: number | string }>(
        await tx.execute(sql`select m.id from matches m
          where m.season_id = ${seasonId} and m.status = 'done' and m.settled_at is not null
            and not exists (select 1 from stats_folded f where f.season_id = ${seasonId} and f.match_id = m.id)`),
      ).map((r) => Number(r.id));
      const counts = (row?.counts as SeasonCounts | undefined) ?? emptySeason();
      if (unfolded.length > 0) {
        const rest = await seasonCounts(tx, seasonId, row ? { kind: 'ids', ids: unfolded } : { kind: 'all' });
        addCounts(counts, rest.counts);
      }
      return { counts, ids: folded.concat(unfolded) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** A season's results changed after the fact (a correction re-rates later matches too): its fold starts again. */
export async function forgetPersisted(db: Db, seasonId: string): Promise<void> {
  await db.delete(statsSnapshots).where(eq(statsSnapshots.seasonId, seasonId));
}
