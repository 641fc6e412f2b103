import type { Executor } from '../db/client.ts';
import { seasonAwards, seasonRecords, seasons } from '../db/schema.ts';
import { type UpsertCount, upsertRows } from '../db/upsert.ts';

// Seasons moved in from another site (unitemate/import.ts), with their frozen records and awards: inserted, or
// updated where the export differs, so a rerun changes nothing.

export function upsertImportedSeasons(db: Executor, rows: readonly (typeof seasons.$inferInsert)[]) {
  return upsertRows(db, seasons, rows, { key: [seasons.id] });
}

export function upsertImportedRecords(
  db: Executor,
  rows: readonly (typeof seasonRecords.$inferInsert)[],
): Promise<UpsertCount> {
  return upsertRows(db, seasonRecords, rows, { key: [seasonRecords.seasonId, seasonRecords.userId] });
}

export function upsertImportedAwards(
  db: Executor,
  rows: readonly (typeof seasonAwards.$inferInsert)[],
): Promise<UpsertCount> {
  return upsertRows(db, seasonAwards, rows, { key: [seasonAwards.seasonId, seasonAwards.userId, seasonAwards.tier] });
}
