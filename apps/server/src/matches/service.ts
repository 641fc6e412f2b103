import { reportDeadline } from '@rankmatch/engine';
import { type MatchReportPayload, type MatchUpdate, nextHost } from '@rankmatch/shared';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { matches } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { readSettings } from '../settings/service.ts';
import { lockMatch, openMatchOf, playersOf, reportsOf, storeReport } from './queries.ts';
import { advanceMatch, type MatchProgress, updateOf } from './settlement.ts';

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

/** Stores (or replaces) the caller's report, then settles the match if the reports now decide it. */
export function submitReport(db: Db, input: ReportInput): Promise<MatchProgress> {
  return db.transaction((tx) => reportIn(tx, input));
}

/** submitReport inside the caller's transaction (the admin's test tools report for several players at once). */
export async function reportIn(tx: Tx, input: ReportInput): Promise<MatchProgress> {
  const match = await lockMatch(tx, input.matchId);
  if (!match) throw new AppError('MATCH_NOT_FOUND');
  // The report is stored in the statement that reads the players and the earlier reports; a refusal below throws,
  // which rolls the transaction (and the stored row) back.
  const { players, before, stored } = await storeReport(tx, match, {
    matchId: match.id,
    userId: input.userId,
    result: input.report.result,
    bannedPokemon: input.report.banned_pokemon,
    pickedPokemon: input.report.picked_pokemon,
    pokemonMove1: input.report.pokemon_move1,
    pokemonMove2: input.report.pokemon_move2,
    violationReport: input.report.violation_report,
    reportedAt: input.now,
  });
  if (!stored) throw new AppError('MATCH_NOT_PARTICIPANT');
  // Until the window closes, a settled match still takes the report of a player who has not reported (it names
  // violators; the result is decided already). A correction needs the match open.
  if (input.now >= reportDeadline(match.startedAt, input.rules.settlement)) throw new AppError('REPORT_WINDOW_CLOSED');
  const mine = before.some((r) => r.userId === input.userId);
  if (match.status !== 'matched' && mine) throw new AppError('MATCH_ALREADY_SETTLED');
  const { violation_report: named } = input.report;
  if (named !== '' && (named === input.userId || !players.some((p) => p.userId === named))) {
    throw new AppError('REPORT_VIOLATOR_NOT_PARTICIPANT');
  }
  const reports = [...before.filter((r) => r.userId !== input.userId), stored];
  return advanceMatch(tx, match, input.now, input.rules, { players, reports });
}

/** Locks the caller's open match, or 404. */
async function lockOpenMatchOf(tx: Tx, userId: string) {
  const open = await openMatchOf(tx, userId);
  const match = open ? await lockMatch(tx, open.id) : undefined;
  if (match?.status !== 'matched') throw new AppError('MATCH_NOT_FOUND');
  return match;
}

async function changed(tx: Tx, matchId: number, set: Partial<typeof matches.$inferInsert>): Promise<MatchUpdate> {
  const [row] = await tx.update(matches).set(set).where(eq(matches.id, matchId)).returning();
  if (!row) throw new Error(`match ${matchId} vanished`);
  return updateOf(row, (await reportsOf(tx, matchId)).length);
}

/** Only the current host sets the in-game room number. */
export function updateLobby(
  db: Db,
  input: { userId: string; lobbyId: string; hostUserId: string | undefined },
): Promise<MatchUpdate> {
  return db.transaction(async (tx) => {
    const match = await lockOpenMatchOf(tx, input.userId);
    if (match.hostUserId !== input.userId) throw new AppError('MATCH_NOT_HOST');
    if (input.hostUserId !== undefined && input.hostUserId !== input.userId) throw new AppError('LOBBY_HOST_MISMATCH');
    return changed(tx, match.id, { lobbyId: input.lobbyId });
  });
}

/**
 * The host hands the role to the next player in a fixed order (team A's players, then team B's). Anyone else may
 * take the role only when there is still no lobby after lobby_create_timeout (the host has gone missing).
 */
export function transferHost(db: Db, input: { userId: string; now: number }): Promise<MatchUpdate> {
  return db.transaction(async (tx) => {
    const match = await lockOpenMatchOf(tx, input.userId);
    if (match.hostUserId === input.userId) {
      const order = (await playersOf(tx, match)).map((p) => p.userId);
      return changed(tx, match.id, { hostUserId: nextHost(order, input.userId) ?? input.userId });
    }
    const { lobby_create_timeout } = await readSettings(tx);
    if (match.lobbyId !== null || input.now < match.startedAt + lobby_create_timeout) {
      throw new AppError('HOST_TAKEOVER_TOO_EARLY');
    }
    return changed(tx, match.id, { hostUserId: input.userId });
  });
}
