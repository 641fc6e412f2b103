import type { SeasonSimulation } from '@rankmatch/engine';
import { sql } from 'drizzle-orm';
import { bulkInsert } from '../db/bulk.ts';
import { type Executor, rowsOf } from '../db/client.ts';
import { matches, matchPlayers, matchReports, playerMmr, seasonStats } from '../db/schema.ts';
import { upsertRows } from '../db/upsert.ts';

// Bulk import of a season that was played elsewhere (the engine's simulation: the demo data and the benchmarks):
// settled matches with their players and reports, and what settlement would have written along the way — the season
// numbers and the MMRs (the players' penalty states are the users module's: storePenaltyStates; the wave records are
// the waves module's: importWaveRuns).
// The settlement's own statements work match by match on the hot path; this writes the same rows thousands at a time.

/** Writes a simulated season's matches, players, reports, season numbers and MMRs. */
export async function importSeason(db: Executor, season: SeasonSimulation): Promise<void> {
  await importMatches(db, season);
  await importMatchPlayers(db, season);
  await importReports(db, season);
  await importSeasonStats(db, season);
  await importMmr(db, season);
  // The serial ids continue after the imported ones.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('matches', 'id'), greatest(1, (select max(id) from matches)))`,
  );
  // Thousands of new rows at once: the planner needs to know (PGlite has no autovacuum to notice).
  await db.execute(sql`analyze matches, match_players, match_reports, season_stats, player_mmr`);
}

/** The settled matches. */
async function importMatches(db: Executor, season: SeasonSimulation): Promise<void> {
  await bulkInsert(
    db,
    'matches',
    {
      id: 'bigint',
      season_id: 'text',
      wave_id: 'int',
      status: 'text',
      matched_at: 'bigint',
      started_at: 'bigint',
      lobby_id: 'text',
      host_user_id: 'text',
      first_attack: 'text',
      team_gap: 'float8',
      rating_spread: 'int',
      winner: 'text',
      settled_at: 'bigint',
      settle_reason: 'text',
      penalties_processed: 'boolean',
      penalty_user_ids: 'jsonb',
    },
    season.matches.map((m) => ({
      id: m.id,
      season_id: m.season_id,
      wave_id: m.wave_id,
      status: 'done',
      matched_at: m.matched_at,
      started_at: m.matched_at,
      lobby_id: m.lobby_id,
      host_user_id: m.host_user_id,
      first_attack: m.first_attack,
      team_gap: m.team_gap,
      rating_spread: m.rating_spread,
      winner: m.winner,
      settled_at: m.settled_at,
      settle_reason: m.settle_reason,
      penalties_processed: true,
      penalty_user_ids: m.penalty_user_ids,
    })),
  );
}

/** Each match's players, with the MMR each was rated from. */
async function importMatchPlayers(db: Executor, season: SeasonSimulation): Promise<void> {
  await bulkInsert(
    db,
    'match_players',
    {
      match_id: 'bigint',
      user_id: 'text',
      team: 'text',
      slot: 'int',
      role: 'text',
      rate_before: 'int',
      wait_seconds: 'int',
      is_open: 'boolean',
      rate_after: 'int',
      rate_delta: 'int',
      mmr_mu: 'float8',
      mmr_sigma: 'float8',
    },
    season.matches.flatMap((m) =>
      m.players.map((p) => ({
        match_id: m.id,
        ...p,
        is_open: false,
        mmr_mu: p.mmr_before.mu,
        mmr_sigma: p.mmr_before.sigma,
      })),
    ),
  );
}

/** The players' reports. */
async function importReports(db: Executor, season: SeasonSimulation): Promise<void> {
  await bulkInsert(
    db,
    'match_reports',
    {
      match_id: 'bigint',
      user_id: 'text',
      team: 'text',
      result: 'text',
      banned_pokemon: 'text',
      picked_pokemon: 'text',
      pokemon_move1: 'text',
      pokemon_move2: 'text',
      violation_report: 'text',
      reported_at: 'bigint',
    },
    season.matches.flatMap((m) => m.reports.map((r) => ({ match_id: m.id, ...r }))),
  );
}

/** The season numbers (rate, max rate, matches and wins). */
async function importSeasonStats(db: Executor, season: SeasonSimulation): Promise<void> {
  await bulkInsert(
    db,
    'season_stats',
    {
      user_id: 'text',
      season_id: 'text',
      rate: 'int',
      max_rate: 'int',
      max_rate_at: 'bigint',
      match_count: 'int',
      win_count: 'int',
    },
    [...season.stats].map(([userId, s]) => ({ user_id: userId, season_id: season.season_id, ...s })),
  );
}

/** The MMRs as the season left them (those who played it; carried ones stay as they are). */
async function importMmr(db: Executor, season: SeasonSimulation): Promise<void> {
  const lastSettled = new Map<string, number>();
  for (const m of season.matches) {
    if (m.winner === null) continue;
    for (const p of m.players) lastSettled.set(p.user_id, Math.max(lastSettled.get(p.user_id) ?? 0, m.settled_at));
  }
  await bulkInsert(
    db,
    'player_mmr',
    { user_id: 'text', mu: 'float8', sigma: 'float8', season_id: 'text', updated_at: 'bigint' },
    [...season.mmr]
      .filter(([userId, g]) => g.season_id === season.season_id && lastSettled.has(userId))
      .map(([userId, g]) => ({ user_id: userId, ...g, updated_at: lastSettled.get(userId) })),
    sql`on conflict (user_id) do update set mu = excluded.mu, sigma = excluded.sigma, season_id = excluded.season_id,
      updated_at = excluded.updated_at`,
  );
}

/** The next free match and wave ids (an import continues the site's numbering). */
export async function nextImportIds(db: Executor): Promise<{ match: number; wave: number }> {
  const result = await db.execute(
    sql`select coalesce((select max(id) from matches), 0) + 1 as match, coalesce((select max(id) from wave_runs), 0) + 1 as wave`,
  );
  const [row] = rowsOf<{ match: string | number; wave: string | number }>(result);
  return { match: Number(row?.match ?? 1), wave: Number(row?.wave ?? 1) };
}

// Matches moved in from another site (unitemate/import.ts): the same tables, upserted (inserted, or updated where the
// export differs), so that a rerun changes nothing and a stopped import continues.

export function upsertImportedMatches(db: Executor, rows: readonly (typeof matches.$inferInsert)[]) {
  return upsertRows(db, matches, rows, { key: [matches.id] });
}

/**
 * The site's own matches are numbered after the imported ones. Never lowered (ids of rolled-back or deleted matches
 * are not given again), and not part of any transaction (a sequence is not rolled back): called after a real import.
 */
export async function numberAfterImportedMatches(db: Executor): Promise<void> {
  await db.execute(sql`select setval(pg_get_serial_sequence('matches', 'id'),
    greatest(1, (select max(id) from matches), (select last_value from matches_id_seq)))`);
}

export function upsertImportedMatchPlayers(db: Executor, rows: readonly (typeof matchPlayers.$inferInsert)[]) {
  return upsertRows(db, matchPlayers, rows, { key: [matchPlayers.matchId, matchPlayers.userId] });
}

export function upsertImportedReports(db: Executor, rows: readonly (typeof matchReports.$inferInsert)[]) {
  return upsertRows(db, matchReports, rows, { key: [matchReports.matchId, matchReports.userId] });
}

/** Season numbers; the time of a maximum the export did not date stays as the first import set it. */
export function upsertImportedSeasonStats(db: Executor, rows: readonly (typeof seasonStats.$inferInsert)[]) {
  return upsertRows(db, seasonStats, rows, { key: [seasonStats.userId, seasonStats.seasonId], keep: ['maxRateAt'] });
}

export function upsertImportedMmr(db: Executor, rows: readonly (typeof playerMmr.$inferInsert)[]) {
  return upsertRows(db, playerMmr, rows, { key: [playerMmr.userId], keep: ['updatedAt'] });
}
