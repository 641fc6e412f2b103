import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_RATING_CONFIG, mmrForSeason } from '@rankmatch/engine';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../src/db/client.ts';
import { type ImportSummary, mapForSite, writeImport } from '../src/unitemate/import.ts';
import { readUnitemateFolder } from '../src/unitemate/reader.ts';
import { jst } from './clock.ts';
import type { Scenario } from './run.ts';

// The rehearsal from an imported community (npm run rehearse -- --from-import [folder]): a Unitemate export is moved
// in with the import command's own code before the servers start, and what it left is kept as the baseline the
// checks start from: the imported matches are history (rated by Unitemate's rule, not ours), the players' rates,
// MMRs, season numbers and penalty states are where the evening's replays begin, and what they brought (badges,
// records, profiles, matches) must still be there at the end.

/** The committed fixtures' community (plain format), the default of --from-import. */
export const FIXTURE_FOLDER = resolve(import.meta.dirname, '../test/fixtures/unitemate/plain');

export type Stats = { rate: number; max: number; matches: number; wins: number };
export type MmrBelief = { mu: number; sigma: number; season_id: string };
export type PenaltyBaseline = {
  penalty_count: number;
  penalty_correction: number;
  matches_since_penalty: number;
  penalty_timeout_until: number | null;
  last_penalty_at: number | null;
};

/** What the import left, read from the database before the servers start. */
export interface ImportedBaseline {
  /** Imported matches have ids up to this one; the site numbers its own after it. */
  lastMatchId: number;
  /** user|season → season numbers. */
  stats: Map<string, Stats>;
  mmr: Map<string, MmrBelief>;
  penalties: Map<string, PenaltyBaseline>;
  /** Seasons that had ended at the import (their end is history). */
  endedSeasons: Set<string>;
  /** The imported users: id → the profile and flags that must stay as imported. */
  profiles: Map<string, string>;
  /** user → owned badge ids. */
  badges: Map<string, Set<string>>;
  /** season|user → the record as imported. */
  records: Map<string, string>;
  /** A digest of the imported matches, their players and reports. */
  history: string;
  /** Imported players' rate changes in the imported matches, by user|season (a correction's max rate reads them). */
  ratesAfter: Map<string, number[]>;
}

export interface ImportedCommunity {
  folder: string;
  summary: ImportSummary;
  skipped: number;
  warnings: number;
  /** Imported players who can play (not banned, not test accounts), with the rate they stand at. */
  players: { user_id: string; discord_username: string; start_rate: number; last_played: number }[];
  /** The season running at the import, if any. */
  activeSeason: { id: string; name: string; start: number; end: number } | null;
  /** The latest imported match (unix seconds). */
  latestMatchAt: number;
  baseline: ImportedBaseline;
}

/**
 * The scenario with the import's running season as its first: the operators keep it and move its end to the
 * scenario's (the evening's season change); without one, the scenario's own seasons.
 */
export function withImportedSeason(scenario: Scenario, imported: ImportedCommunity): Scenario {
  const active = imported.activeSeason;
  const first = scenario.seasons[0];
  if (!active || !first) return scenario;
  if (active.end <= scenario.start) {
    throw new Error(
      `the imported season ${active.id} ended (${jst(active.end)}) before the rehearsal starts (${jst(scenario.start)}): start earlier with --from`,
    );
  }
  return {
    ...scenario,
    seasons: [{ id: active.id, name: active.name, start: active.start, end: first.end }, ...scenario.seasons.slice(1)],
  };
}

/** The first Thursday 23:00 (Japan time) a day or more after `unix`: the default start of a run from an import. */
export function thursdayAfter(unix: number): string {
  const day = 86_400;
  let t = Math.floor((unix + 9 * 3600) / day) * day + day; // the next midnight, Japan time, as a UTC day
  while (new Date(t * 1000).getUTCDay() !== 4) t += day;
  return `${new Date(t * 1000).toISOString().slice(0, 10)}T23:00`;
}

/** The latest match of an export (unix seconds), read without a database (the scenario is chosen from it). */
export function latestMatchOf(folder: string): number {
  const { dump } = readUnitemateFolder(folder);
  return Math.max(0, ...dump.matches.map((m) => m.data.matched_unixtime));
}

/** The badge map beside an export: <folder>/badge-map.json, else one folder up (the fixtures keep it there). */
export function badgeMapOf(folder: string): Record<string, string | null> | undefined {
  for (const path of [join(folder, 'badge-map.json'), join(dirname(folder), 'badge-map.json')]) {
    if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8'));
  }
  return undefined;
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** Moves the community in (as npm run import:unitemate does) and reads the baseline. `now`: the simulated instant. */
export async function importCommunity(db: Db, folder: string, now: number): Promise<ImportedCommunity> {
  const read = readUnitemateFolder(folder);
  if (read.errors.length > 0) throw new Error(`the export has bad input: ${read.errors[0]?.message}`);
  const mapped = await mapForSite(db, read.dump, { now, badgeMap: badgeMapOf(folder) });
  if (mapped.errors.length > 0) throw new Error(`the export has bad input: ${mapped.errors[0]?.message}`);
  const summary = await writeImport(db, mapped.rows);
  const active = mapped.rows.seasons.find((s) => s.isActive) ?? null;
  const lastPlayed = new Map<string, number>();
  for (const m of mapped.rows.matches) {
    for (const p of mapped.rows.matchPlayers.filter((x) => x.matchId === m.id)) {
      lastPlayed.set(p.userId, Math.max(lastPlayed.get(p.userId) ?? 0, m.matchedAt));
    }
  }
  const statOf = new Map(
    mapped.rows.seasonStats.filter((s) => s.seasonId === active?.id).map((s) => [s.userId, s.rate] as const),
  );
  return {
    folder,
    summary,
    skipped: mapped.skipped.length,
    warnings: mapped.warnings.length,
    players: mapped.rows.users
      .filter((u) => !u.isBanned && !u.isDummy && u.authSub.startsWith('discord|'))
      .map((u) => ({
        user_id: u.id,
        discord_username: u.discordUsername,
        start_rate: statOf.get(u.id) ?? u.startRate,
        last_played: lastPlayed.get(u.id) ?? 0,
      })),
    activeSeason: active && { id: active.id, name: active.name, start: active.startDate, end: active.endDate },
    latestMatchAt: Math.max(0, ...mapped.rows.matches.map((m) => m.matchedAt)),
    baseline: await readBaseline(db),
  };
}

async function digest(db: Db, query: string): Promise<string> {
  const [row] = await rows<{ d: string }>(
    db,
    sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from (${query}) x`),
  );
  return row?.d ?? '';
}

/** The imported matches as stored: the match rows, their players and reports (ids up to `last`). */
export async function historyDigest(db: Db, last: number): Promise<string> {
  const parts = await Promise.all([
    digest(db, `select * from matches where id <= ${last}`),
    digest(db, `select * from match_players where match_id <= ${last}`),
    digest(db, `select * from match_reports where match_id <= ${last}`),
  ]);
  return parts.join(' ');
}

/** What the profile and flags of an imported user must stay (Discord's name and avatar refresh at sign-in). */
const PROFILE = `id, auth_sub, trainer_name, twitter_id, bio, favorite_pokemon::text, is_admin, is_dummy, created_at`;

async function profiles(db: Db): Promise<Map<string, string>> {
  const list = await rows<{ id: string; v: string }>(db, sql.raw(`select id, row(${PROFILE})::text as v from users`));
  return new Map(list.map((u) => [u.id, u.v]));
}

async function ownedBadges(db: Db): Promise<Map<string, Set<string>>> {
  const owned = new Map<string, Set<string>>();
  for (const b of await rows<{ user_id: string; badge_id: string }>(
    db,
    sql`select user_id, badge_id from user_badges`,
  )) {
    owned.set(b.user_id, (owned.get(b.user_id) ?? new Set()).add(b.badge_id));
  }
  return owned;
}

async function records(db: Db): Promise<Map<string, string>> {
  const list = await rows<{ k: string; v: string }>(
    db,
    sql`select season_id || '|' || user_id as k, row(final_rate, max_rate, final_rank, total_matches, wins,
      effective_penalty)::text as v from season_records`,
  );
  return new Map(list.map((r) => [r.k, r.v]));
}

export async function readBaseline(db: Db): Promise<ImportedBaseline> {
  const [last] = await rows<{ id: string | null }>(db, sql`select max(id)::text as id from matches`);
  const lastMatchId = Number(last?.id ?? 0);
  const stats = await rows<{
    user_id: string;
    season_id: string;
    rate: number;
    max_rate: number;
    match_count: number;
    win_count: number;
  }>(db, sql`select user_id, season_id, rate, max_rate, match_count, win_count from season_stats`);
  const mmr = await rows<{ user_id: string; mu: number; sigma: number; season_id: string }>(
    db,
    sql`select user_id, mu, sigma, season_id from player_mmr`,
  );
  const penalties = await rows<PenaltyBaseline & { id: string }>(
    db,
    sql`select id, penalty_count, penalty_correction, matches_since_penalty, penalty_timeout_until, last_penalty_at
      from users`,
  );
  const ended = await rows<{ id: string }>(db, sql`select id from seasons where ended_at is not null`);
  const after = await rows<{ user_id: string; season_id: string; rate_after: number }>(
    db,
    sql`select p.user_id, m.season_id, p.rate_after from match_players p join matches m on m.id = p.match_id
      where p.rate_after is not null`,
  );
  const ratesAfter = new Map<string, number[]>();
  for (const r of after) {
    const key = `${r.user_id}|${r.season_id}`;
    ratesAfter.set(key, [...(ratesAfter.get(key) ?? []), r.rate_after]);
  }
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    lastMatchId,
    stats: new Map(
      stats.map((s) => [
        `${s.user_id}|${s.season_id}`,
        { rate: s.rate, max: s.max_rate, matches: s.match_count, wins: s.win_count },
      ]),
    ),
    mmr: new Map(mmr.map((b) => [b.user_id, { mu: Number(b.mu), sigma: Number(b.sigma), season_id: b.season_id }])),
    penalties: new Map(
      penalties.map((p) => [
        p.id,
        {
          penalty_count: p.penalty_count,
          penalty_correction: p.penalty_correction,
          matches_since_penalty: p.matches_since_penalty,
          penalty_timeout_until: num(p.penalty_timeout_until),
          last_penalty_at: num(p.last_penalty_at),
        },
      ]),
    ),
    endedSeasons: new Set(ended.map((s) => s.id)),
    profiles: await profiles(db),
    badges: await ownedBadges(db),
    records: await records(db),
    history: await historyDigest(db, lastMatchId),
    ratesAfter,
  };
}

/** A Check (checks.ts's shape). */
interface Check {
  name: string;
  ok: boolean;
  figure: string;
  problems: string[];
}

const MAX_PROBLEMS = 9;

/**
 * The imported community's own invariants: the players kept what they brought (profile, badges, records of ended
 * seasons, the imported matches as they were), signed in through Discord onto their imported accounts (no account
 * made for them), and their first matches here were rated from the imported rate and MMR.
 */
export async function importedChecks(
  db: Db,
  imported: ImportedCommunity,
  /** The imported players the rehearsal drove. */
  simulated: readonly string[],
  /** Discord sign-ins the players made. */
  signIns: number,
): Promise<Check[]> {
  const base = imported.baseline;
  const kept: string[] = [];
  const now = {
    profiles: await profiles(db),
    badges: await ownedBadges(db),
    records: await records(db),
    history: await historyDigest(db, base.lastMatchId),
  };
  for (const [id, profile] of base.profiles) {
    if (now.profiles.get(id) !== profile) kept.push(`${id}: profile ${profile} became ${now.profiles.get(id)}`);
  }
  let badges = 0;
  for (const [id, owned] of base.badges) {
    const still = now.badges.get(id) ?? new Set();
    for (const b of owned) {
      badges += 1;
      if (!still.has(b)) kept.push(`${id} lost the imported badge ${b}`);
    }
  }
  for (const [key, record] of base.records) {
    if (now.records.get(key) !== record) kept.push(`record ${key}: ${record} became ${now.records.get(key)}`);
  }
  if (now.history !== base.history) kept.push('the imported matches, players or reports changed');

  // Signed in through Discord onto their own accounts: each has Discord credentials, and no account appeared that
  // is neither imported nor a test account.
  const signed: string[] = [];
  const ids = new Set(simulated);
  const [counts] = await rows<{ with_credentials: number; strangers: number }>(
    db,
    sql`select (select count(*)::int from discord_credentials c where c.user_id in (
        select jsonb_array_elements_text(${JSON.stringify([...ids])}::jsonb))) as with_credentials,
      (select count(*)::int from users u where u.is_dummy = false and u.deleted_at is null and u.id not in (
        select jsonb_array_elements_text(${JSON.stringify([...base.profiles.keys()])}::jsonb))) as strangers`,
  );
  if ((counts?.strangers ?? 0) > 0) signed.push(`${counts?.strangers} accounts appeared that the import did not bring`);

  // The first match each imported player played here: rated from the imported numbers.
  const rated: string[] = [];
  let firsts = 0;
  const firstRows = await rows<{
    user_id: string;
    season_id: string;
    rate_before: number;
    mmr_mu: number | null;
    mmr_sigma: number | null;
    start_rate: number;
  }>(
    db,
    sql`select distinct on (p.user_id) p.user_id, m.season_id, p.rate_before, p.mmr_mu, p.mmr_sigma, u.start_rate
      from match_players p join matches m on m.id = p.match_id join users u on u.id = p.user_id
      where m.id > ${base.lastMatchId} and p.mmr_mu is not null
      order by p.user_id, m.id`,
  );
  const close = (a: number | null, b: number) =>
    a !== null && Math.abs(Number(a) - b) <= 1e-9 * Math.max(1, Math.abs(b));
  for (const first of firstRows.filter((r) => ids.has(r.user_id))) {
    firsts += 1;
    const id = first.user_id;
    // The rate of that season as imported (else the start rate), the MMR as imported (a new season widens its σ).
    const rate = base.stats.get(`${id}|${first.season_id}`)?.rate ?? first.start_rate;
    const belief = base.mmr.get(id);
    const mmr = mmrForSeason(
      belief ? { mu: belief.mu, sigma: belief.sigma, season_id: belief.season_id } : null,
      first.start_rate,
      first.season_id,
      DEFAULT_RATING_CONFIG.mmr,
    );
    if (first.rate_before !== rate || !close(first.mmr_mu, mmr.mu) || !close(first.mmr_sigma, mmr.sigma)) {
      rated.push(
        `${id}: first match from ${first.rate_before} (${first.mmr_mu}/${first.mmr_sigma}), imported ${rate} (${mmr.mu}/${mmr.sigma})`,
      );
    }
  }
  if (firsts === 0) rated.push('no imported player played a match');
  if ((counts?.with_credentials ?? 0) < firsts)
    signed.push(`${firsts} imported players played, ${counts?.with_credentials} signed in with Discord`);
  const check = (name: string, figure: string, problems: string[]): Check => ({
    name,
    ok: problems.length === 0,
    figure,
    problems: problems.slice(0, MAX_PROBLEMS),
  });
  return [
    check(
      'imported players kept their profile, badges, past records and imported matches',
      `${base.profiles.size} accounts, ${badges} badges, ${base.records.size} records, ${base.lastMatchId > 0 ? `matches to ${base.lastMatchId}` : 'no matches'} imported`,
      kept,
    ),
    check(
      'imported players signed in through Discord onto their imported accounts',
      `${counts?.with_credentials ?? 0} with Discord credentials, ${signIns} Discord sign-ins`,
      signed,
    ),
    check(
      "imported players' first matches were rated from the imported rate and MMR",
      `${firsts} first matches of imported players`,
      rated,
    ),
  ];
}
