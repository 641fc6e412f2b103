import { refundPlayers, refundTargets } from '@rankmatch/engine';
import { type ErrorCode, REFUND_REASONS, type RefundOption } from '@rankmatch/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit, recordedOn } from '../audit/log.ts';
import { mmrTimeline } from '../calibration/params.ts';
import type { Config } from '../config.ts';
import { type Executor, readAll } from '../db/client.ts';
import { matchPlayers, matchReports, users } from '../db/schema.ts';
import type { Work } from '../events/unit.ts';
import { AppError } from '../http/errors.ts';
import { applyCorrections, ratedFromOf, settledPlayersOf } from './correction.ts';
import { lockMatch } from './queries.ts';

// Rate back for the victims (issue 35): an admin confirms that a player left or stayed AFK in a settled match, and
// their team-mates who lost rate in it get it back through the correction seam, as if the match had not counted for
// them (rate, later history, season numbers, MMR). refunded_at marks them, so every later correction keeps the refund
// and a replay of the season skips their change. One transaction under the match's lock, audited.

export const REFUND_AUDIT_ACTION = 'match.refund';

/** What a refund's audit entry records (the rehearsal's replay reads it back). */
export interface RefundRecord {
  leaver_id: string;
  case_id: number | null;
  refunded: { user_id: string; old_delta: number }[];
}

/** The players an admin has confirmed as leavers in each match (from the refunds' audit entries). */
export async function confirmedLeavers(db: Executor, matchIds: readonly number[]): Promise<Map<number, Set<string>>> {
  const rows = await recordedOn(db, {
    action: REFUND_AUDIT_ACTION,
    targetType: 'match',
    targetIds: matchIds.map(String),
  });
  const out = new Map<number, Set<string>>();
  for (const row of rows) {
    const id = Number(row.targetId);
    out.set(id, (out.get(id) ?? new Set()).add((row.after as RefundRecord).leaver_id));
  }
  return out;
}

/** Players named as leavers or AFK in these matches, with how many reports said so and whether it is confirmed. */
export async function refundOptions(db: Executor, matchIds: readonly number[]): Promise<RefundOption[]> {
  if (matchIds.length === 0) return [];
  const [named, confirmed] = await readAll(
    db,
    () =>
      db
        .select({
          matchId: matchReports.matchId,
          userId: matchReports.violationReport,
          name: users.trainerName,
          reports: sql<number>`count(*)::int`,
        })
        .from(matchReports)
        .innerJoin(users, eq(users.id, matchReports.violationReport))
        .where(
          and(inArray(matchReports.matchId, [...matchIds]), inArray(matchReports.violationReason, [...REFUND_REASONS])),
        )
        .groupBy(matchReports.matchId, matchReports.violationReport, users.trainerName)
        .orderBy(asc(matchReports.matchId), asc(matchReports.violationReport)),
    () => confirmedLeavers(db, matchIds),
  );
  return named.map((n) => ({
    match_id: String(n.matchId),
    user_id: n.userId,
    trainer_name: n.name,
    reports: n.reports,
    confirmed: confirmed.get(n.matchId)?.has(n.userId) ?? false,
  }));
}

/** Errors of a refund beside a correction's (ADMIN_MATCH_NOT_FOUND, MATCH_NOT_SETTLED): the routes declare them. */
export const REFUND_ERRORS = [
  'REFUND_NO_LEAVE_REPORT',
  'REFUND_ALREADY_DONE',
  'REFUND_NOTHING_LOST',
] as const satisfies readonly ErrorCode[];

/**
 * Confirms `leaverId` left or stayed AFK in the match and refunds their team-mates who lost rate (not those the
 * match penalised, nor leavers confirmed before). Returns the refunded players.
 */
export async function refundTeammates(
  { tx, emit }: Work,
  input: {
    matchId: number;
    leaverId: string;
    actorId: string;
    now: number;
    rules: Config['rules'];
    caseId?: number | null;
  },
): Promise<string[]> {
  const match = await lockMatch(tx, input.matchId);
  if (!match) throw new AppError('ADMIN_MATCH_NOT_FOUND');
  if (match.status !== 'done') throw new AppError('MATCH_NOT_SETTLED');
  const players = await tx.select().from(matchPlayers).where(eq(matchPlayers.matchId, match.id));
  const options = await refundOptions(tx, [match.id]);
  const named = options.find((o) => o.user_id === input.leaverId);
  if (!named) throw new AppError('REFUND_NO_LEAVE_REPORT');
  if (named.confirmed) throw new AppError('REFUND_ALREADY_DONE');

  const blamed = [...options.filter((o) => o.confirmed).map((o) => o.user_id), ...match.penaltyUserIds];
  const candidates = players.map((p) => ({
    user_id: p.userId,
    team: p.team as 'A' | 'B',
    rate_delta: p.rateDelta ?? 0,
    refunded: p.refundedAt !== null,
  }));
  const targets = refundTargets(candidates, input.leaverId, blamed);
  if (targets.length === 0) throw new AppError('REFUND_NOTHING_LOST');

  const rules = (await mmrTimeline(tx)).rulesFor(match, input.rules);
  const ratedFrom = ratedFromOf(players, rules);
  const winner = (match.winner as 'A' | 'B' | null) ?? null;
  const changes = refundPlayers(settledPlayersOf(players, ratedFrom), winner, targets, rules.rating);
  await applyCorrections(tx, match, changes, ratedFrom, input.now);
  await tx
    .update(matchPlayers)
    .set({ refundedAt: input.now })
    .where(and(eq(matchPlayers.matchId, match.id), inArray(matchPlayers.userId, targets)));
  const record: RefundRecord = {
    leaver_id: input.leaverId,
    case_id: input.caseId ?? null,
    refunded: changes.map((c) => ({ user_id: c.user_id, old_delta: c.old_delta })),
  };
  await recordAudit(tx, {
    actorId: input.actorId,
    action: REFUND_AUDIT_ACTION,
    targetType: 'match',
    targetId: String(match.id),
    before: { winner, refunded: players.filter((p) => p.refundedAt !== null).map((p) => p.userId) },
    after: record,
    now: input.now,
  });
  // As a correction: the statistics recount, the players' screens and the ranking follow, and the players are told.
  emit(
    { type: 'match.corrected', match_id: String(match.id), season_id: match.seasonId },
    { type: 'profile.changed', user_ids: targets, reason: 'corrected' },
    { type: 'rate.refunded', match_id: String(match.id), user_ids: targets },
  );
  return targets;
}
