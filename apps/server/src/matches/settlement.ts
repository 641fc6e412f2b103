import {
  type MatchResult,
  mmrForSeason,
  type PenaltyState,
  penaltyStateAfterMatch,
  rateMatch,
  reportDeadline,
  type SettlementReason,
  settle,
  tallyViolations,
  updateMaxRate,
} from '@rankmatch/engine';
import type { MatchUpdate } from '@rankmatch/shared';
import { and, asc, eq, lte, or, sql } from 'drizzle-orm';
import { penaltyStateOf, storePenaltyStates } from '../accounts/penalties.ts';
import { lockUsers } from '../accounts/queries.ts';
import { mmrTimeline } from '../calibration/params.ts';
import type { Config } from '../config.ts';
import { rowsOf, type Tx } from '../db/client.ts';
import { matches } from '../db/schema.ts';
import type { Work } from '../events/unit.ts';
import { progressEvents } from './events.ts';
import { updateOf } from './presenter.ts';
import {
  engineReport,
  lockMatch,
  type MatchRow,
  type PlayerRow,
  playersOf,
  type ReportRow,
  reportsOf,
} from './queries.ts';

// Settlement and penalties of one match, as I/O around the engine's pure rules. Every entry point locks the match
// row first (SELECT … FOR UPDATE), so concurrent reports, gather steps and instances settle a match exactly once
// and move each rating once: whoever holds the lock sees the status the previous holder committed.

type Rules = Config['rules'];

export interface MatchProgress {
  match: MatchRow;
  /** This call settled the match. */
  settled: boolean;
  /** This call tallied the violation reports and applied penalties. */
  penalised: boolean;
  update: MatchUpdate;
  /** The match's players when this call settled it (their rate, numbers and history changed), else empty. */
  players: string[];
}

/**
 * Brings a locked match up to date at `now`: settles it when its reports (or the passed deadline) decide it, and
 * once the report window has closed, tallies violations and applies penalties (once). Safe to call any number of
 * times; the caller must hold the row lock (see lockMatch) inside the same transaction. (Reports take their own
 * path, in batches: see reportsIn in service.ts; both settle through settlementIfDecided.)
 */
async function advanceMatch(tx: Tx, locked: MatchRow, now: number, rules: Rules): Promise<MatchProgress> {
  let match = locked;
  const reports = await reportsOf(tx, match.id);
  // Read once, whether settling, penalties or both need it (roster and teams do not change on the way).
  let roster: PlayerRow[] | undefined;
  const players = async () => {
    roster ??= await playersOf(tx, match);
    return roster;
  };
  let settled = false;
  let changed: string[] = [];
  if (match.status === 'matched') {
    const rated = (await mmrTimeline(tx)).rulesFor(match, rules);
    const settlement = settlementIfDecided(match, await players(), reports, now, rated);
    if (settlement) {
      await writeOutcome(tx, [], [settlement]);
      match = settlement.match;
      changed = settlement.players.map((p) => p.user_id);
      settled = true;
    }
  }
  let penalised = false;
  const windowClosed = now >= reportDeadline(match.startedAt, rules.settlement);
  if (match.status === 'done' && !match.penaltiesProcessed && windowClosed) {
    match = await applyPenalties(tx, match, await players(), reports, now, rules);
    penalised = true;
  }
  return { match, settled, penalised, update: updateOf(match, reports.length), players: changed };
}

/** The settle step: the settlement of an open match when its reports (or the passed deadline) decide it, else null. */
export function settlementIfDecided(
  match: MatchRow,
  players: PlayerRow[],
  reports: readonly ReportRow[],
  now: number,
  rules: Rules,
): Settlement | null {
  const decision = settle(reports.map(engineReport), { now, startedAt: match.startedAt }, rules.settlement);
  if (decision.status !== 'settled') return null;
  return settlementOf(match, players, decision.winner, decision.reason, now, rules);
}

/**
 * What settling a match writes: the match as it is then, and per player the rate after and season numbers, the MMR
 * the match was rated from (mmr_mu, mmr_sigma: kept with the match for a correction) and after it.
 */
export interface Settlement {
  match: MatchRow;
  players: {
    user_id: string;
    rate_after: number;
    rate_delta: number;
    max_rate: number;
    won: 0 | 1;
    mmr_mu: number;
    mmr_sigma: number;
    mu_after: number;
    sigma_after: number;
  }[];
}

/**
 * The settlement of a match by the engine's rating rules: each player's season rate and MMR (carried across seasons,
 * see mmrForSeason) rated with the winner; a void match moves neither.
 */
function settlementOf(
  match: MatchRow,
  players: PlayerRow[],
  winner: 'A' | 'B' | null,
  reason: SettlementReason,
  now: number,
  rules: Rules,
): Settlement {
  const rateOf = (p: PlayerRow) => p.stats?.rate ?? p.startRate;
  const mmrOf = (p: PlayerRow) =>
    mmrForSeason(p.mmr && { ...p.mmr, season_id: p.mmr.seasonId }, p.startRate, match.seasonId, rules.rating.mmr);
  const rated = (team: 'A' | 'B') =>
    players.filter((p) => p.team === team).map((p) => ({ user_id: p.userId, rate: rateOf(p), mmr: mmrOf(p) }));
  const changes = new Map(
    rateMatch({ teamA: rated('A'), teamB: rated('B'), winner }, rules.rating).map((c) => [c.user_id, c]),
  );
  return {
    match: { ...match, status: 'done', winner, settledAt: now, settleReason: reason },
    players: players.map((p) => {
      const change = changes.get(p.userId);
      const after = change?.after ?? rateOf(p);
      const before = change?.mmr_before ?? mmrOf(p);
      const mmrAfter = change?.mmr_after ?? before;
      return {
        user_id: p.userId,
        rate_after: after,
        rate_delta: after - rateOf(p),
        max_rate: updateMaxRate(p.stats?.maxRate ?? rateOf(p), after),
        won: p.team === winner ? 1 : 0,
        mmr_mu: before.mu,
        mmr_sigma: before.sigma,
        mu_after: mmrAfter.mu,
        sigma_after: mmrAfter.sigma,
      };
    }),
  };
}

/**
 * Stores reports (a new one replaces the player's earlier one) and writes settlements in the caller's transaction,
 * in one constant statement whatever their number: it sits on the report's hot path. Season numbers and MMRs move
 * only for a match with a winner.
 */
export async function writeOutcome(tx: Tx, reports: readonly ReportRow[], list: readonly Settlement[]): Promise<void> {
  if (reports.length === 0 && list.length === 0) return;
  const stored = reports.map((r) => ({
    match_id: r.matchId,
    user_id: r.userId,
    team: r.team,
    result: r.result,
    banned_pokemon: r.bannedPokemon,
    picked_pokemon: r.pickedPokemon,
    pokemon_move1: r.pokemonMove1,
    pokemon_move2: r.pokemonMove2,
    violation_report: r.violationReport,
    violation_reason: r.violationReason,
    violation_note: r.violationNote,
    evidence_id: r.evidenceId,
    reported_at: r.reportedAt,
  }));
  const decided = list.map(({ match: m }) => ({
    id: m.id,
    season_id: m.seasonId,
    winner: m.winner,
    reason: m.settleReason,
    settled_at: m.settledAt,
  }));
  const players = list.flatMap(({ match, players }) => players.map((p) => ({ match_id: match.id, ...p })));
  const result = await tx.execute(sql`with r as (
      insert into match_reports (match_id, user_id, team, result, banned_pokemon, picked_pokemon, pokemon_move1,
        pokemon_move2, violation_report, violation_reason, violation_note, evidence_id, reported_at)
      select * from json_to_recordset(${JSON.stringify(stored)}::json) as x(match_id bigint, user_id text, team text,
        result text, banned_pokemon text, picked_pokemon text, pokemon_move1 text, pokemon_move2 text,
        violation_report text, violation_reason text, violation_note text, evidence_id bigint, reported_at bigint)
      on conflict (match_id, user_id) do update set team = excluded.team, result = excluded.result,
        banned_pokemon = excluded.banned_pokemon, picked_pokemon = excluded.picked_pokemon,
        pokemon_move1 = excluded.pokemon_move1, pokemon_move2 = excluded.pokemon_move2,
        violation_report = excluded.violation_report, violation_reason = excluded.violation_reason,
        violation_note = excluded.violation_note, evidence_id = excluded.evidence_id,
        reported_at = excluded.reported_at
      returning 1),
    d as (
      select * from json_to_recordset(${JSON.stringify(decided)}::json)
        as d(id bigint, season_id text, winner text, reason text, settled_at bigint)),
    v as (
      select * from json_to_recordset(${JSON.stringify(players)}::json)
        as v(match_id bigint, user_id text, rate_after integer, rate_delta integer, max_rate integer, won integer,
          mmr_mu double precision, mmr_sigma double precision, mu_after double precision,
          sigma_after double precision)),
    s as (insert into season_stats (user_id, season_id, rate, max_rate, max_rate_at, match_count, win_count)
      select v.user_id, d.season_id, v.rate_after, v.max_rate, d.settled_at, 1, v.won
      from v join d on d.id = v.match_id where d.winner is not null
      on conflict (user_id, season_id) do update set
        rate = excluded.rate,
        max_rate = greatest(season_stats.max_rate, excluded.max_rate),
        max_rate_at = case when excluded.max_rate > season_stats.max_rate then excluded.max_rate_at
          else season_stats.max_rate_at end,
        match_count = season_stats.match_count + 1,
        win_count = season_stats.win_count + excluded.win_count
      returning 1),
    g as (insert into player_mmr (user_id, mu, sigma, season_id, updated_at)
      select v.user_id, v.mu_after, v.sigma_after, d.season_id, d.settled_at
      from v join d on d.id = v.match_id where d.winner is not null
      on conflict (user_id) do update set mu = excluded.mu, sigma = excluded.sigma, season_id = excluded.season_id,
        updated_at = excluded.updated_at
      returning 1),
    p as (update match_players mp set is_open = false, rate_after = v.rate_after, rate_delta = v.rate_delta,
        mmr_mu = v.mmr_mu, mmr_sigma = v.mmr_sigma
      from v where mp.match_id = v.match_id and mp.user_id = v.user_id
      returning 1),
    m as (update matches m set status = 'done', winner = d.winner, settled_at = d.settled_at, settle_reason = d.reason
      from d where m.id = d.id
      returning 1)
    select (select count(*)::int from r) as reports, (select count(*)::int from m) as settled`);
  const [counts] = rowsOf<{ reports: number; settled: number }>(result);
  if (counts?.reports !== reports.length || counts.settled !== list.length) {
    throw new Error('a match vanished while its reports were written');
  }
}

/** Violation tally → +1 penalty for each penalised player, correction progress for the others; recorded on the match. */
async function applyPenalties(
  tx: Tx,
  match: MatchRow,
  roster: PlayerRow[],
  reports: ReportRow[],
  now: number,
  rules: Rules,
): Promise<MatchRow> {
  const summary = tallyViolations(
    reports.map(engineReport),
    roster.map((p) => ({ user_id: p.userId, team: p.team as 'A' | 'B' })),
    rules.penalty,
  );
  const penalised = new Set(summary.penalised_user_ids);
  const result: MatchResult = match.winner === 'A' ? 'A-win' : match.winner === 'B' ? 'B-win' : 'invalid';
  const rows = await lockUsers(
    tx,
    roster.map((p) => p.userId),
  );
  const changed = new Map<string, PenaltyState>();
  for (const user of rows) {
    const state = penaltyStateOf(user);
    const next = penaltyStateAfterMatch(state, { penalised: penalised.has(user.id), result }, now, rules.penalty);
    if (JSON.stringify(next) !== JSON.stringify(state)) changed.set(user.id, next);
  }
  await storePenaltyStates(tx, changed);
  const [processed] = await tx
    .update(matches)
    .set({ penaltiesProcessed: true, penaltyUserIds: summary.penalised_user_ids })
    .where(eq(matches.id, match.id))
    .returning();
  if (!processed) throw new Error(`match ${match.id} vanished while processing penalties`);
  return processed;
}

/**
 * The wave's gather step (and the admin's gather call): every match whose report window has closed is settled by
 * the deadline rule if still open, and has its penalties processed; what changed is told after the commit.
 */
export async function gatherMatches(
  work: Work,
  now: number,
  rules: Rules,
): Promise<{ processed: number; settled: MatchProgress[] }> {
  const { tx } = work;
  const windowSeconds = reportDeadline(0, rules.settlement);
  const due = await tx
    .select({ id: matches.id })
    .from(matches)
    .where(
      and(
        or(eq(matches.status, 'matched'), eq(matches.penaltiesProcessed, false)),
        lte(matches.startedAt, now - windowSeconds),
      ),
    )
    .orderBy(asc(matches.id));
  const settled: MatchProgress[] = [];
  let processed = 0;
  for (const { id } of due) {
    const locked = await lockMatch(tx, id);
    if (!locked) continue;
    const progress = await advanceMatch(tx, locked, now, rules);
    if (progress.settled || progress.penalised) processed += 1;
    if (progress.settled) settled.push(progress);
  }
  work.emit(...progressEvents(settled));
  return { processed, settled };
}
