import {
  CASE_KIND_LABELS,
  type CaseAction,
  type CaseKind,
  type caseActionSchema,
  type DisputeStatus,
  SUSPENSION_DURATION_SECONDS,
} from '@rankmatch/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { setPenaltyCounts } from '../accounts/penalties.ts';
import { lockUsers } from '../accounts/queries.ts';
import { recordAudit } from '../audit/log.ts';
import type { Config } from '../config.ts';
import type { Tx } from '../db/client.ts';
import { disputes, moderationCases } from '../db/schema.ts';
import type { Work } from '../events/unit.ts';
import { AppError } from '../http/errors.ts';
import { correctMatchResult } from '../matches/correction.ts';
import { refundTeammates } from '../matches/refund.ts';
import { type CaseRow, caseMatchIds, casePlayerIds } from './cases.ts';
import { tellReporters } from './outcomes.ts';
import { suspend } from './suspensions.ts';
import { warn } from './warnings.ts';

// An admin's action closes a case: the action itself (a correction through the matches' correction, so ratings
// equal a replay; a warning; a penalty point; a refund for a leaver's team-mates), the match's open disputes
// resolved, the case closed, its reporters told and the audit entry — one transaction (closeCase, for every action).

type ParsedAction = z.output<typeof caseActionSchema>;

const MATCH_KINDS: readonly CaseKind[] = ['dispute', 'contradicted', 'held'];
const MATCH_ACTIONS: readonly CaseAction[] = ['uphold', 'correct', 'void'];
const PLAYER_ACTIONS: readonly CaseAction[] = ['warn', 'suspend', 'penalty_add', 'penalty_remove'];

async function lockCase(tx: Tx, id: number): Promise<CaseRow> {
  const [row] = await tx.select().from(moderationCases).where(eq(moderationCases.id, id)).for('update');
  if (!row) throw new AppError('CASE_NOT_FOUND');
  if (row.status !== 'open') throw new AppError('CASE_CLOSED');
  return row;
}

export async function actOnCase(
  work: Work,
  input: { caseId: number; action: ParsedAction; actorId: string; now: number; rules: Config['rules'] },
): Promise<void> {
  const { tx } = work;
  const row = await lockCase(tx, input.caseId);
  const { action, note } = input.action;
  if (MATCH_ACTIONS.includes(action) && (row.matchId === null || !MATCH_KINDS.includes(row.kind as CaseKind))) {
    throw new AppError('CASE_ACTION_NOT_APPLICABLE');
  }
  if (action === 'correct' || action === 'void') {
    if (action === 'correct' && !input.action.winner) throw new AppError('CASE_WINNER_REQUIRED');
    const winner = action === 'correct' ? (input.action.winner ?? null) : null;
    await correctMatchResult(work, {
      matchId: row.matchId as number,
      winner,
      actorId: input.actorId,
      now: input.now,
      rules: input.rules,
    });
  }
  if (PLAYER_ACTIONS.includes(action)) await actOnPlayer(work, row, input);
  if (action === 'refund') await refundFromCase(work, row, input);
  if (row.kind === 'dispute' && row.matchId !== null) {
    const outcome: DisputeStatus = action === 'correct' ? 'corrected' : action === 'void' ? 'voided' : 'upheld';
    await resolveDisputes(tx, row.matchId, { outcome, actorId: input.actorId, note, now: input.now });
  }
  await closeCase(work, row, input);
}

/**
 * Closes a case after its action: the row, its reporters told (once per case) and the audit entry. Every action
 * ends here, so an action added later tells the reporters too.
 */
export async function closeCase(
  work: Work,
  row: CaseRow,
  input: { action: ParsedAction; actorId: string; now: number },
): Promise<void> {
  const { action, note } = input.action;
  await work.tx
    .update(moderationCases)
    .set({ status: 'closed', closedAt: input.now, closedBy: input.actorId, action, note })
    .where(eq(moderationCases.id, row.id));
  const actedOn = input.action.user_id ?? null;
  const told = await tellReporters(work, row, { action, actedOn, now: input.now });
  await recordAudit(work.tx, {
    actorId: input.actorId,
    action: `case.${action}`,
    targetType: 'case',
    targetId: String(row.id),
    before: { kind: row.kind, status: 'open', match_id: row.matchId, user_id: row.userId },
    after: {
      status: 'closed',
      winner: input.action.winner ?? null,
      user_id: actedOn,
      match_id: input.action.match_id ?? null,
      note,
      reporters_told: told.length,
    },
    now: input.now,
  });
}

/**
 * 途中離脱・放置を認め返還: the leaver (a player of the case; a violations case's own player by default) in one of
 * the case's matches, confirmed through the matches' refund.
 */
async function refundFromCase(
  work: Work,
  row: CaseRow,
  input: { action: ParsedAction; actorId: string; now: number; rules: Config['rules'] },
): Promise<void> {
  const matchIds = await caseMatchIds(work.tx, row, input.now);
  const matchId = input.action.match_id ? Number(input.action.match_id) : row.matchId;
  if (matchId === null || !matchIds.includes(matchId)) throw new AppError('CASE_ACTION_NOT_APPLICABLE');
  const leaverId = input.action.user_id ?? (row.kind === 'violations' ? row.userId : null);
  const players = await casePlayerIds(work.tx, row);
  if (!leaverId || !players.some((p) => p.userId === leaverId)) throw new AppError('CASE_USER_REQUIRED');
  await refundTeammates(work, {
    matchId,
    leaverId,
    actorId: input.actorId,
    now: input.now,
    rules: input.rules,
    caseId: row.id,
  });
}

/** A warning, a matching suspension or a penalty point for one of the case's players. */
async function actOnPlayer(
  work: Work,
  row: CaseRow,
  input: { action: ParsedAction; actorId: string; now: number },
): Promise<void> {
  const { tx, emit } = work;
  const { action, user_id: userId, note } = input.action;
  const players = await casePlayerIds(tx, row);
  if (!userId || !players.some((p) => p.userId === userId)) throw new AppError('CASE_USER_REQUIRED');
  if (action === 'warn') {
    const reason = note || CASE_KIND_LABELS[row.kind as CaseKind];
    await warn(work, { userId, reason, caseId: row.id, matchId: row.matchId, actorId: input.actorId, now: input.now });
    return;
  }
  if (action === 'suspend') {
    // The schema requires the duration and a reason (the note) for this action.
    const seconds = SUSPENSION_DURATION_SECONDS[input.action.duration ?? '1h'];
    const { actorId: createdBy, now } = input;
    await suspend(work, {
      userId,
      kind: 'admin',
      reason: note.trim(),
      now,
      endsAt: now + seconds,
      caseId: row.id,
      createdBy,
    });
    return;
  }
  const [user] = await lockUsers(tx, [userId]);
  if (!user) throw new AppError('USER_NOT_FOUND');
  const next = user.penaltyCount + (action === 'penalty_add' ? 1 : -1);
  if (next < 0) throw new AppError('CASE_ACTION_NOT_APPLICABLE');
  await setPenaltyCounts(tx, userId, { penaltyCount: next }, input.now);
  await recordAudit(tx, {
    actorId: input.actorId,
    action: 'user.update',
    targetType: 'user',
    targetId: userId,
    before: { penalty_count: user.penaltyCount },
    after: { penalty_count: next },
    now: input.now,
  });
  emit({ type: 'profile.changed', user_ids: [userId], reason: 'admin' });
}

/** The match's open disputes take the case's outcome (the match page shows it; closeCase tells the disputers). */
async function resolveDisputes(
  tx: Tx,
  matchId: number,
  input: { outcome: DisputeStatus; actorId: string; note: string; now: number },
): Promise<void> {
  await tx
    .update(disputes)
    .set({ status: input.outcome, resolvedAt: input.now, resolvedBy: input.actorId, resolutionNote: input.note })
    .where(and(eq(disputes.matchId, matchId), eq(disputes.status, 'open')));
}
