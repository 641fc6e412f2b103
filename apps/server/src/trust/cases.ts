import { DEFAULT_TRUST_CONFIG } from '@rankmatch/engine';
import {
  CASE_KIND_LABELS,
  type CaseDetail,
  type CaseKind,
  type CaseList,
  type CaseStatus,
  type CaseSummary,
  type Dispute,
  type ViolationReason,
} from '@rankmatch/shared';
import { and, asc, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { type Executor, readAll } from '../db/client.ts';
import { disputes, matches, matchPlayers, matchReports, moderationCases, users } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { refundOptions } from '../matches/refund.ts';
import { reporterRecords } from './record.ts';

// The moderation queue (通報・異議): what needs an admin's look, one open case per subject (its key), most severe
// and newest first. Cases are opened by a dispute (disputes.ts) and by the scan of closed matches (scan.ts), closed
// by an admin's action (actions.ts).

export type CaseRow = typeof moderationCases.$inferSelect;

/** How much a kind matters: a result that may be wrong first, then a likely cheat, then patterns to watch. */
export const SEVERITY: Record<CaseKind, number> = {
  dispute: 3,
  contradicted: 3,
  collusion: 2,
  lone_dissent: 2,
  held: 1,
  violations: 1,
};

export interface NewCase {
  kind: CaseKind;
  key: string;
  matchId?: number | null;
  userId?: string | null;
  otherUserId?: string | null;
  details?: Record<string, number | string | string[]>;
}

/** Opens cases whose subject has none open (the key's partial unique index); returns how many it opened. */
export async function openCases(db: Executor, list: readonly NewCase[], now: number): Promise<number> {
  if (list.length === 0) return 0;
  const rows = await db
    .insert(moderationCases)
    .values(
      list.map((c) => ({
        kind: c.kind,
        key: c.key,
        severity: SEVERITY[c.kind],
        matchId: c.matchId ?? null,
        userId: c.userId ?? null,
        otherUserId: c.otherUserId ?? null,
        details: c.details ?? {},
        openedAt: now,
      })),
    )
    .onConflictDoNothing({ target: moderationCases.key, where: sql`${moderationCases.status} = 'open'` })
    .returning({ id: moderationCases.id });
  return rows.length;
}

/** One line for the list: the kind and the numbers that raised it. */
function summaryOf(row: CaseRow, names: Map<string, string>): string {
  const who = (id: string | null) => (id ? `${names.get(id) || id}` : '');
  const d = row.details as Record<string, unknown>;
  switch (row.kind as CaseKind) {
    case 'dispute':
      return `試合 #${row.matchId} の結果に異議`;
    case 'contradicted':
      return `試合 #${row.matchId}: 早期確定の後、${d.later_dissent}人の報告が反対`;
    case 'held':
      return `試合 #${row.matchId}: 報告が割れて期限で確定（異なる報告 ${d.dissenters}人）`;
    case 'violations':
      return `${who(row.userId)}: ${d.days}日間に${d.matches}試合でペナルティ`;
    case 'lone_dissent':
      return `${who(row.userId)}: ${d.reports}件中${d.alone}件で一人だけ異なる報告`;
    case 'collusion':
      return `${who(row.userId)} と ${who(row.otherUserId)}: 覆った早期確定が${d.matches}試合`;
  }
}

function present(row: CaseRow, names: Map<string, string>): CaseSummary {
  return {
    case_id: row.id,
    kind: row.kind as CaseKind,
    status: row.status as CaseStatus,
    severity: row.severity,
    match_id: row.matchId === null ? null : String(row.matchId),
    user_id: row.userId,
    other_user_id: row.otherUserId,
    summary: summaryOf(row, names) || CASE_KIND_LABELS[row.kind as CaseKind],
    opened_at: row.openedAt,
    closed_at: row.closedAt,
    closed_by: row.closedBy,
    action: row.action as CaseSummary['action'],
    note: row.note,
  };
}

async function namesOf(db: Executor, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.trainerName }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export const CASE_LIST_LIMIT = 200;
const MEDIAN_WINDOW_SECONDS = 30 * 86_400;

/** Open (or closed) cases, most severe and newest first, with the open count and the median time to close. */
export async function listCases(db: Executor, status: CaseStatus, now: number): Promise<CaseList> {
  const [rows, [open], closeTimes] = await readAll(
    db,
    () =>
      db
        .select()
        .from(moderationCases)
        .where(eq(moderationCases.status, status))
        .orderBy(
          ...(status === 'open'
            ? [desc(moderationCases.severity), desc(moderationCases.openedAt)]
            : [desc(moderationCases.closedAt)]),
          desc(moderationCases.id),
        )
        .limit(CASE_LIST_LIMIT),
    () => db.select({ n: sql<number>`count(*)::int` }).from(moderationCases).where(eq(moderationCases.status, 'open')),
    () =>
      db
        .select({ seconds: sql<number>`(${moderationCases.closedAt} - ${moderationCases.openedAt})::int` })
        .from(moderationCases)
        .where(and(isNotNull(moderationCases.closedAt), gt(moderationCases.closedAt, now - MEDIAN_WINDOW_SECONDS))),
  );
  const names = await namesOf(
    db,
    rows.flatMap((r) => [r.userId, r.otherUserId]),
  );
  return {
    cases: rows.map((r) => present(r, names)),
    open_count: open?.n ?? 0,
    median_close_seconds: median(closeTimes.map((r) => Number(r.seconds))),
  };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export async function findCase(db: Executor, id: number): Promise<CaseRow> {
  const [row] = await db.select().from(moderationCases).where(eq(moderationCases.id, id));
  if (!row) throw new AppError('CASE_NOT_FOUND');
  return row;
}

/** The players a case is about: the match's ten, or its one or two players. */
export async function casePlayerIds(db: Executor, row: CaseRow): Promise<{ userId: string; team: 'A' | 'B' | null }[]> {
  if (row.matchId === null) {
    return [row.userId, row.otherUserId]
      .filter((id): id is string => id !== null)
      .map((userId) => ({ userId, team: null }));
  }
  const roster = await db
    .select({ userId: matchPlayers.userId, team: matchPlayers.team })
    .from(matchPlayers)
    .where(eq(matchPlayers.matchId, row.matchId))
    .orderBy(asc(matchPlayers.team), asc(matchPlayers.slot));
  return roster.map((p) => ({ userId: p.userId, team: p.team as 'A' | 'B' }));
}

/**
 * The matches a case is about: its match, or for repeated violations the matches that penalised its player in the
 * scan's window before it opened, and since (until it closed, or now).
 */
export async function caseMatchIds(db: Executor, row: CaseRow, now: number): Promise<number[]> {
  if (row.matchId !== null) return [row.matchId];
  if (row.kind !== 'violations' || row.userId === null) return [];
  const rows = await db
    .select({ id: matches.id })
    .from(matches)
    .where(
      and(
        sql`${matches.penaltyUserIds} @> to_jsonb(${row.userId}::text)`,
        gt(matches.startedAt, row.openedAt - DEFAULT_TRUST_CONFIG.violationsWindowSeconds),
        lte(matches.startedAt, row.closedAt ?? now),
      ),
    )
    .orderBy(asc(matches.id));
  return rows.map((r) => r.id);
}

export function presentDispute(d: typeof disputes.$inferSelect): Dispute {
  return {
    dispute_id: d.id,
    match_id: String(d.matchId),
    user_id: d.userId,
    reason: d.reason as Dispute['reason'],
    note: d.note,
    evidence_id: d.evidenceId,
    status: d.status as Dispute['status'],
    created_at: d.createdAt,
    resolved_at: d.resolvedAt,
    resolution_note: d.resolutionNote,
  };
}

/** A case with its match's reports and disputes and each player's record. */
export async function caseDetail(db: Executor, id: number, now: number): Promise<CaseDetail> {
  const row = await findCase(db, id);
  const players = await casePlayerIds(db, row);
  const ids = players.map((p) => p.userId);
  const names = await namesOf(db, [...ids, row.userId, row.otherUserId]);
  const [records, penalties, reported] = await readAll(
    db,
    () => reporterRecords(db, ids),
    () =>
      ids.length === 0
        ? Promise.resolve([])
        : db.select({ id: users.id, count: users.penaltyCount }).from(users).where(inArray(users.id, ids)),
    () => reportedIn(db, ids, now),
  );
  const penaltyOf = new Map(penalties.map((p) => [p.id, p.count]));
  const refunds = await refundOptions(db, await caseMatchIds(db, row, now));
  return {
    case: present(row, names),
    match: row.matchId === null ? null : await matchOfCase(db, row.matchId, names),
    players: players.map((p) => ({
      user_id: p.userId,
      trainer_name: names.get(p.userId) ?? null,
      team: p.team,
      penalty_count: penaltyOf.get(p.userId) ?? 0,
      record: records.get(p.userId) ?? {
        reports: 0,
        agreed: 0,
        dissented: 0,
        alone: 0,
        alone_rate_low: 0,
        alone_rate_high: 1,
      },
      reported_in_matches: reported.get(p.userId) ?? 0,
    })),
    refund_options: refunds.filter((o) => ids.includes(o.user_id)),
  };
}

async function matchOfCase(db: Executor, matchId: number, names: Map<string, string>): Promise<CaseDetail['match']> {
  const [[match], reports, filed] = await readAll(
    db,
    () => db.select().from(matches).where(eq(matches.id, matchId)),
    () => db.select().from(matchReports).where(eq(matchReports.matchId, matchId)).orderBy(asc(matchReports.reportedAt)),
    () => db.select().from(disputes).where(eq(disputes.matchId, matchId)).orderBy(asc(disputes.createdAt)),
  );
  if (!match) return null;
  return {
    match_id: String(match.id),
    status: match.status as 'matched' | 'done',
    winner: (match.winner as 'A' | 'B' | null) ?? null,
    settle_reason: match.settleReason,
    started_at: match.startedAt,
    settled_at: match.settledAt,
    reports: reports.map((r) => ({
      user_id: r.userId,
      trainer_name: names.get(r.userId) ?? null,
      team: r.team as 'A' | 'B',
      result: r.result as 'A-win' | 'B-win' | 'invalid',
      reported_at: r.reportedAt,
      violation_report: r.violationReport,
      violation_reason: r.violationReason as '' | ViolationReason,
      violation_note: r.violationNote,
      evidence_id: r.evidenceId,
    })),
    disputes: filed.map(presentDispute),
  };
}

/** Distinct matches of the last 30 days in which someone reported each player as a violator. */
async function reportedIn(db: Executor, ids: readonly string[], now: number): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ userId: matchReports.violationReport, n: sql<number>`count(distinct ${matchReports.matchId})::int` })
    .from(matchReports)
    .innerJoin(matches, eq(matches.id, matchReports.matchId))
    .where(and(inArray(matchReports.violationReport, [...ids]), gt(matches.startedAt, now - 30 * 86_400)))
    .groupBy(matchReports.violationReport);
  return new Map(rows.map((r) => [r.userId, r.n]));
}
