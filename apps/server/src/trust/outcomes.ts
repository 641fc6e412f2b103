import {
  CASE_REVIEW_ONLY_ACTIONS,
  type CaseAction,
  REPORT_OUTCOMES_DAYS,
  type ReportOutcome,
  type ReportOutcomeEntry,
  type ReportSubject,
} from '@rankmatch/shared';
import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { disputes, matchReports, moderationCases } from '../db/schema.ts';
import type { Work } from '../events/unit.ts';
import { type CaseRow, caseMatchIds } from './cases.ts';

// Reports that lead somewhere (issue 35): when a case is closed, the players whose violation report or dispute opened
// or fed it hear that action was taken, or that it was reviewed — never which action, and the players the case is
// about hear nothing of who reported them. Once per case: reporters_told_at is set in the closing transaction, and the
// list of who was told (with the match of their report) is kept in the case's details for their page.

export const outcomeOf = (action: CaseAction): ReportOutcome =>
  CASE_REVIEW_ONLY_ACTIONS.includes(action) ? 'reviewed' : 'action_taken';

const reportSubjectOf = (row: CaseRow): ReportSubject | null =>
  row.kind === 'dispute' ? 'dispute' : row.kind === 'violations' ? 'violation' : null;

/**
 * Who raised a case, each with the match of their (latest) report: a dispute case's disputers (filed while it was
 * open), a violations case's players who named its player in the case's matches. Other kinds were raised by the scan.
 */
export async function caseReporters(
  db: Executor,
  row: CaseRow,
  now: number,
): Promise<{ userId: string; matchId: number }[]> {
  const subject = reportSubjectOf(row);
  if (subject === 'dispute' && row.matchId !== null) {
    const rows = await db
      .selectDistinct({ userId: disputes.userId })
      .from(disputes)
      .where(and(eq(disputes.matchId, row.matchId), gte(disputes.createdAt, row.openedAt)));
    return rows.map((r) => ({ userId: r.userId, matchId: row.matchId as number }));
  }
  if (subject !== 'violation' || row.userId === null) return [];
  const matchIds = await caseMatchIds(db, row, now);
  if (matchIds.length === 0) return [];
  const rows = await db
    .select({ userId: matchReports.userId, matchId: sql<number>`max(${matchReports.matchId})::bigint` })
    .from(matchReports)
    .where(and(inArray(matchReports.matchId, matchIds), eq(matchReports.violationReport, row.userId)))
    .groupBy(matchReports.userId);
  return rows.map((r) => ({ userId: r.userId, matchId: Number(r.matchId) }));
}

/**
 * Tells a closing case's reporters what came of it (called by the closing path, whatever the action). The case's
 * own players and the player an action took aim at are never among them. A case told already tells nobody again.
 */
export async function tellReporters(
  { tx, emit }: Work,
  row: CaseRow,
  input: { action: CaseAction; actedOn: string | null; now: number },
): Promise<string[]> {
  const subject = reportSubjectOf(row);
  if (subject === null) return [];
  const quiet = new Set([row.userId, row.otherUserId, input.actedOn].filter((id): id is string => id !== null));
  const reporters = (await caseReporters(tx, row, input.now)).filter((r) => !quiet.has(r.userId));
  if (reporters.length === 0) return [];
  const told = reporters.map((r) => `${r.userId}:${r.matchId}`);
  const marked = await tx
    .update(moderationCases)
    .set({
      reportersToldAt: input.now,
      details: sql`${moderationCases.details} || ${JSON.stringify({ told })}::jsonb`,
    })
    .where(and(eq(moderationCases.id, row.id), isNull(moderationCases.reportersToldAt)))
    .returning({ id: moderationCases.id });
  if (marked.length === 0) return [];
  const userIds = reporters.map((r) => r.userId);
  emit({
    type: 'reporters.told',
    case_id: row.id,
    subject,
    match_id: row.matchId === null ? null : String(row.matchId),
    user_ids: userIds,
    outcome: outcomeOf(input.action),
  });
  return userIds;
}

/** What came of the player's reports and disputes over the last days, newest first (their page shows it). */
export async function myReportOutcomes(db: Executor, userId: string, now: number): Promise<ReportOutcomeEntry[]> {
  const entry = sql<string | null>`(select t from jsonb_array_elements_text(${moderationCases.details} -> 'told') t
    where split_part(t, ':', 1) = ${userId} limit 1)`;
  const rows = await db
    .select({ row: moderationCases, entry })
    .from(moderationCases)
    .where(and(gte(moderationCases.reportersToldAt, now - REPORT_OUTCOMES_DAYS * 86_400), sql`${entry} is not null`))
    .orderBy(desc(moderationCases.reportersToldAt), desc(moderationCases.id));
  return rows.flatMap(({ row, entry: told }) => {
    const subject = reportSubjectOf(row);
    if (told === null || subject === null || row.reportersToldAt === null) return [];
    return [
      {
        case_id: row.id,
        subject,
        match_id: told.split(':')[1] ?? null,
        outcome: outcomeOf(row.action as CaseAction),
        told_at: row.reportersToldAt,
      },
    ];
  });
}
