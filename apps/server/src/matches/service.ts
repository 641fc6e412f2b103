import { reportDeadline } from '@rankmatch/engine';
import { type MatchReportPayload, type MatchUpdate, nextHost } from '@rankmatch/shared';
import { eq } from 'drizzle-orm';
import { mmrTimeline } from '../calibration/params.ts';
import type { Config } from '../config.ts';
import type { Tx } from '../db/client.ts';
import { matches } from '../db/schema.ts';
import type { Work } from '../events/unit.ts';
import { AppError } from '../http/errors.ts';
import { readSettings } from '../settings/service.ts';
import { progressEvents } from './events.ts';
import { updateOf } from './presenter.ts';
import {
  assertUsableEvidence,
  lockMatch,
  lockMatches,
  type MatchRow,
  matchStates,
  openMatchOf,
  playersOf,
  type ReportRow,
  reportsOf,
} from './queries.ts';
import { type MatchProgress, type Settlement, settlementIfDecided, writeOutcome } from './settlement.ts';

// Player actions on a match: the result report, the lobby number and the host role. Each runs in one transaction
// under the match's row lock (see settlement.ts), so it sees and leaves a consistent match.

type Rules = Config['rules'];

export interface ReportInput {
  matchId: number;
  userId: string;
  report: MatchReportPayload;
  now: number;
  rules: Rules;
}

/** A report of a batch whose match another transaction held (see reportsIn's skipLocked): to be tried alone. */
export const BUSY = Symbol('match busy');
export type ReportOutcome = MatchProgress | AppError | typeof BUSY;

/**
 * Reports in the caller's transaction, each judged as if it came alone (its progress, or a refusal that changes
 * nothing), in three statements however many: lock the matches in id order, read them, write. With `skipLocked` a
 * match another transaction holds is not waited for: its reports come out BUSY, to be tried alone.
 */
export async function reportsIn(
  tx: Tx,
  inputs: readonly ReportInput[],
  options: { skipLocked?: boolean } = {},
): Promise<ReportOutcome[]> {
  const ids = [...new Set(inputs.map((i) => i.matchId))].sort((a, b) => a - b);
  const locked = await lockMatches(tx, ids, options);
  const states = await matchStates(tx, [...locked.keys()]);
  const stored = new Map<string, ReportRow>();
  const settlements: Settlement[] = [];
  const evidenceRefused = await evidenceRefusals(tx, inputs);
  const timeline = await mmrTimeline(tx);
  const outcomes = inputs.map((input): ReportOutcome => {
    const match = locked.get(input.matchId);
    const state = states.get(input.matchId);
    if (!match || !state) return options.skipLocked ? BUSY : new AppError('MATCH_NOT_FOUND');
    const player = state.players.find((p) => p.userId === input.userId);
    if (!player) return new AppError('MATCH_NOT_PARTICIPANT');
    const refused = evidenceRefused.get(input);
    if (refused) return refused;
    // Until the window closes, a settled match still takes the report of a player who has not reported (it names
    // violators; the result is decided already). A correction needs the match open. A report timed before the
    // deadline that reaches the match after its violations were tallied would count for nothing: closed too.
    if (input.now >= reportDeadline(match.startedAt, input.rules.settlement) || match.penaltiesProcessed) {
      return new AppError('REPORT_WINDOW_CLOSED');
    }
    const mine = state.reports.some((r) => r.userId === input.userId);
    if (match.status !== 'matched' && mine) return new AppError('MATCH_ALREADY_SETTLED');
    const { violation_report: named } = input.report;
    if (named !== '' && (named === input.userId || !state.players.some((p) => p.userId === named))) {
      return new AppError('REPORT_VIOLATOR_NOT_PARTICIPANT');
    }
    const report: ReportRow = {
      matchId: match.id,
      userId: input.userId,
      team: player.team,
      result: input.report.result,
      bannedPokemon: input.report.banned_pokemon,
      pickedPokemon: input.report.picked_pokemon,
      pokemonMove1: input.report.pokemon_move1,
      pokemonMove2: input.report.pokemon_move2,
      violationReport: input.report.violation_report,
      violationReason: input.report.violation_reason,
      violationNote: input.report.violation_note,
      evidenceId: input.report.evidence_id,
      reportedAt: input.now,
    };
    stored.set(`${match.id} ${input.userId}`, report);
    state.reports = [...state.reports.filter((r) => r.userId !== input.userId), report];
    let settled = false;
    let changed: string[] = [];
    if (match.status === 'matched') {
      const rules = timeline.rulesFor(match, input.rules);
      const settlement = settlementIfDecided(match, state.players, state.reports, input.now, rules);
      if (settlement) {
        settlements.push(settlement);
        locked.set(match.id, settlement.match);
        settled = true;
        changed = settlement.players.map((p) => p.user_id);
      }
    }
    const after = locked.get(match.id) as MatchRow;
    return {
      match: after,
      settled,
      penalised: false,
      update: updateOf(after, state.reports.length),
      players: changed,
    };
  });
  await writeOutcome(tx, [...stored.values()], settlements);
  return outcomes;
}

/** The refusal of each report whose screenshot it may not use (rare: one query per report that names one). */
async function evidenceRefusals(tx: Tx, inputs: readonly ReportInput[]): Promise<Map<ReportInput, AppError>> {
  const refusals = new Map<ReportInput, AppError>();
  for (const input of inputs) {
    const evidenceId = input.report.evidence_id;
    if (evidenceId === null) continue;
    try {
      await assertUsableEvidence(tx, {
        evidenceId,
        matchId: input.matchId,
        userId: input.userId,
        ownReportMayHoldIt: true,
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refusals.set(input, err);
    }
  }
  return refusals;
}

/** One report in the caller's work (the admin's test tools report for several players at once). */
export async function reportIn(work: Work, input: ReportInput): Promise<MatchProgress> {
  const [outcome] = await reportsIn(work.tx, [input]);
  if (!outcome || outcome === BUSY) throw new Error('reportsIn returned nothing');
  if (outcome instanceof AppError) throw outcome;
  work.emit(...progressEvents([outcome]));
  return outcome;
}

/** Locks the caller's open match, or 404. */
async function lockOpenMatchOf(tx: Tx, userId: string) {
  const open = await openMatchOf(tx, userId);
  const match = open ? await lockMatch(tx, open.id) : undefined;
  if (match?.status !== 'matched') throw new AppError('MATCH_NOT_FOUND');
  return match;
}

/** Writes a change of the match and tells its players' screens (match.updated). */
async function changed(
  { tx, emit }: Work,
  matchId: number,
  set: Partial<typeof matches.$inferInsert>,
): Promise<MatchUpdate> {
  const [row] = await tx.update(matches).set(set).where(eq(matches.id, matchId)).returning();
  if (!row) throw new Error(`match ${matchId} vanished`);
  const update = updateOf(row, (await reportsOf(tx, matchId)).length);
  emit({ type: 'match.updated', data: update });
  return update;
}

/** Only the current host sets the in-game room number. */
export async function updateLobby(
  work: Work,
  input: { userId: string; lobbyId: string; hostUserId: string | undefined },
): Promise<MatchUpdate> {
  const match = await lockOpenMatchOf(work.tx, input.userId);
  if (match.hostUserId !== input.userId) throw new AppError('MATCH_NOT_HOST');
  if (input.hostUserId !== undefined && input.hostUserId !== input.userId) throw new AppError('LOBBY_HOST_MISMATCH');
  return changed(work, match.id, { lobbyId: input.lobbyId });
}

/**
 * The host hands the role to the next player in a fixed order (team A's players, then team B's). Anyone else may
 * take the role only when there is still no lobby after lobby_create_timeout (the host has gone missing).
 */
export async function transferHost(work: Work, input: { userId: string; now: number }): Promise<MatchUpdate> {
  const { tx } = work;
  const match = await lockOpenMatchOf(tx, input.userId);
  if (match.hostUserId === input.userId) {
    const order = (await playersOf(tx, match)).map((p) => p.userId);
    return changed(work, match.id, { hostUserId: nextHost(order, input.userId) ?? input.userId });
  }
  const { lobby_create_timeout } = await readSettings(tx);
  if (match.lobbyId !== null || input.now < match.startedAt + lobby_create_timeout) {
    throw new AppError('HOST_TAKEOVER_TOO_EARLY');
  }
  return changed(work, match.id, { hostUserId: input.userId });
}
