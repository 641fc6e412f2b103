import { upsertImportedUsers } from '../accounts/writes.ts';
import { seedBadges, upsertImportedSales, upsertImportedUserBadges } from '../badges/service.ts';
import type { Db, Executor } from '../db/client.ts';
import { addCounts, type UpsertCount } from '../db/upsert.ts';
import { remaindersOf } from '../deletion/remainders.ts';
import {
  numberAfterImportedMatches,
  upsertImportedMatches,
  upsertImportedMatchPlayers,
  upsertImportedMmr,
  upsertImportedReports,
  upsertImportedSeasonStats,
} from '../matches/import.ts';
import { importedMatchConflicts } from '../matches/queries.ts';
import { upsertImportedAwards, upsertImportedRecords, upsertImportedSeasons } from '../seasons/import.ts';
import { activeSeasonConflict } from '../seasons/queries.ts';
import { upsertImportedSettings } from '../settings/service.ts';
import type { MapOptions, MappedRows, MapResult } from './map-context.ts';
import { mapUnitemate } from './mapper.ts';
import type { UnitemateDump } from './rows-parse.ts';

// Writes the mapper's rows (a community moved in from Unitemate) through each table's owner, in the order the
// foreign keys need. Each batch of a table is one transaction: a crash leaves whole batches, and a rerun inserts what
// is missing, updates what differs and leaves the rest (so running it twice changes nothing). A dry run does the same
// in one transaction that is rolled back, and counts.

export interface ImportOptions {
  dryRun?: boolean;
  /** Rows per transaction. */
  batchSize?: number;
  /** Called after each committed batch (progress; the tests stop an import half-way here). */
  afterBatch?: (table: string, done: number, of: number) => void | Promise<void>;
}

export interface TableSummary extends UpsertCount {
  table: string;
  rows: number;
  /** Milliseconds spent writing the table's batches. */
  ms: number;
}

export interface ImportSummary {
  dryRun: boolean;
  tables: TableSummary[];
  rows: number;
  ms: number;
}

/** The site holds what an import would overwrite or collide with: its own matches, another active season. */
export class ImportRefusedError extends Error {
  override name = 'ImportRefusedError';
}

const DEFAULT_BATCH = 1000;

interface Step<T> {
  table: string;
  rows: readonly T[];
  write: (db: Executor, rows: readonly T[]) => Promise<UpsertCount>;
}
const step = <T>(table: string, rows: readonly T[], write: Step<T>['write']): Step<unknown> =>
  ({ table, rows, write }) as Step<unknown>;

function stepsOf(rows: MappedRows): Step<unknown>[] {
  return [
    step('settings', rows.settings, upsertImportedSettings),
    step('badges', rows.badges, upsertImportedSales),
    step('seasons', rows.seasons, upsertImportedSeasons),
    step('users', rows.users, upsertImportedUsers),
    step('user_badges', rows.userBadges, upsertImportedUserBadges),
    step('season_stats', rows.seasonStats, upsertImportedSeasonStats),
    step('season_records', rows.seasonRecords, upsertImportedRecords),
    step('season_awards', rows.seasonAwards, upsertImportedAwards),
    step('matches', rows.matches, upsertImportedMatches),
    step('match_players', rows.matchPlayers, upsertImportedMatchPlayers),
    step('match_reports', rows.matchReports, upsertImportedReports),
    step('player_mmr', rows.playerMmr, upsertImportedMmr),
  ];
}

/** Every player the export names (its users, and those its matches name). */
function namedPlayers(dump: UnitemateDump): Set<string> {
  const ids = new Set(dump.users.map((u) => u.data.user_id));
  for (const { data } of dump.matches) for (const p of [...data.team_a, ...data.team_b]) ids.add(p.user_id);
  return ids;
}

/**
 * Maps an export for this site: the players who deleted their account here since an earlier import are read from the
 * site first, so that the mapper leaves them out and hands their history to their remainders (map-deleted.ts).
 */
export async function mapForSite(
  db: Executor,
  dump: UnitemateDump,
  options: MapOptions,
  /** The same export mapped without the site (returned as it is when nobody in it deleted their account here). */
  offline?: MapResult,
): Promise<MapResult> {
  const deletedAccounts = await remaindersOf(db, namedPlayers(dump));
  if (deletedAccounts.size === 0 && offline) return offline;
  return mapUnitemate(dump, { ...options, deletedAccounts });
}

/**
 * Refuses a site that has played matches of its own (the import would renumber or overwrite history), and rows that
 * would bring back a player who deleted their account here (rows mapped without mapForSite).
 */
async function checkSite(db: Executor, rows: MappedRows): Promise<void> {
  const deleted = await remaindersOf(
    db,
    rows.users.map((u) => u.id),
  );
  if (deleted.size > 0) {
    throw new ImportRefusedError(
      `このサイトで退会したプレイヤー ${deleted.size} 人（${[...deleted.keys()].slice(0, 3).join('、')} など）を作り直すことになります。` +
        '退会済みのアカウントを除いて対応付けてください（mapForSite）。',
    );
  }
  // The import's players: its users, and the remainders its matches were handed to.
  const players = new Set([...rows.users.map((u) => u.id), ...rows.matchPlayers.map((p) => p.userId)]);
  const own = await importedMatchConflicts(
    db,
    rows.matches.map((m) => m.id as number),
    [...players],
  );
  if (own > 0) {
    throw new ImportRefusedError(
      `このサイトにはすでに移行データ以外の試合が ${own} 件あります（デモデータなど）。` +
        '移行は試合のないサイトで行ってください（SEED_DEMO_DATA=false で作ったデータフォルダやデータベース）。',
    );
  }
  const active = rows.seasons.find((s) => s.isActive);
  const other = active ? await activeSeasonConflict(db, active.id) : null;
  if (other) {
    throw new ImportRefusedError(
      `このサイトではシーズン「${other}」が開催中です。移行するシーズン「${active?.id}」と両方を開催中にはできません。`,
    );
  }
}

async function runSteps(db: Db | Executor, steps: Step<unknown>[], options: ImportOptions, inOne: boolean) {
  const batch = options.batchSize ?? DEFAULT_BATCH;
  const tables: TableSummary[] = [];
  // The catalogue's rows first (a data folder the server never started has none): a sales count then lands on a
  // badge with the catalogue's own state (a retired badge stays inactive).
  await seedBadges(db);
  for (const s of steps) {
    let count: UpsertCount = { inserted: 0, updated: 0, unchanged: 0 };
    const began = performance.now();
    for (let i = 0; i < s.rows.length; i += batch) {
      const chunk = s.rows.slice(i, i + batch);
      const done = inOne ? await s.write(db, chunk) : await (db as Db).transaction((tx) => s.write(tx, chunk));
      count = addCounts(count, done);
      await options.afterBatch?.(s.table, Math.min(i + batch, s.rows.length), s.rows.length);
    }
    tables.push({ table: s.table, rows: s.rows.length, ...count, ms: performance.now() - began });
  }
  return tables;
}

class DryRunRollback extends Error {}

/** Writes (or, in a dry run, counts) the mapped rows; refuses a site that has its own matches. */
export async function writeImport(db: Db, rows: MappedRows, options: ImportOptions = {}): Promise<ImportSummary> {
  const began = performance.now();
  await checkSite(db, rows);
  const steps = stepsOf(rows);
  let tables: TableSummary[] = [];
  if (options.dryRun) {
    await db
      .transaction(async (tx) => {
        tables = await runSteps(tx, steps, options, true);
        throw new DryRunRollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof DryRunRollback)) throw err;
      });
  } else {
    tables = await runSteps(db, steps, options, false);
    await numberAfterImportedMatches(db);
  }
  return {
    dryRun: options.dryRun === true,
    tables,
    rows: tables.reduce((n, t) => n + t.rows, 0),
    ms: performance.now() - began,
  };
}
