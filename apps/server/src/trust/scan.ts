import {
  type ClosedMatch,
  contradictionOf,
  DEFAULT_TRUST_CONFIG,
  isHeldByDisagreement,
  isLoneDissenter,
  type MatchResult,
  opposingPairs,
  type SettlementReason,
  type TrustConfig,
  verdictsOf,
} from '@rankmatch/engine';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { matches, moderationCases, trustScan } from '../db/schema.ts';
import { engineReport, type MatchRow, reportsOf } from '../matches/queries.ts';
import { type NewCase, openCases } from './cases.ts';
import { reporterRecord } from './record.ts';

// The scan of closed matches (report window over, penalties tallied: every report is in). It walks matches in id
// order from a cursor (matches close in the order they were made), judges each with the engine's rules and opens
// the cases they call for. A job runs it every other minute on one instance; the cursor row's lock makes two runs wait
// for each other, and a crash repeats nothing (the cursor moves in the same transaction as the cases).

export const TRUST_SCAN_JOB = 'trust-scan';
const SCAN_BATCH = 200;
/** Older matches are history (an import, a long outage): counted in records, never opened as cases. */
const HISTORY_SECONDS = 2 * 86_400;

const resultOf = (winner: string | null): MatchResult =>
  winner === 'A' ? 'A-win' : winner === 'B' ? 'B-win' : 'invalid';

async function lockCursor(tx: Tx, now: number): Promise<number> {
  await tx.insert(trustScan).values({ id: 1, lastMatchId: 0, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx.select().from(trustScan).where(eq(trustScan.id, 1)).for('update');
  return row?.lastMatchId ?? 0;
}

/** Judges the matches closed since the last scan; returns how many it judged and the cases it opened. */
export async function scanClosedMatches(
  tx: Tx,
  now: number,
  config: TrustConfig = DEFAULT_TRUST_CONFIG,
): Promise<{ scanned: number; opened: number }> {
  const cursor = await lockCursor(tx, now);
  const next = await tx.select().from(matches).where(gt(matches.id, cursor)).orderBy(asc(matches.id)).limit(SCAN_BATCH);
  let last = cursor;
  let scanned = 0;
  let opened = 0;
  for (const match of next) {
    // Matches close in id order: stop at the first still open, and take it up next time.
    if (!match.penaltiesProcessed) break;
    last = match.id;
    if (match.startedAt < now - HISTORY_SECONDS) continue;
    scanned += 1;
    // Each match's cases are written before the next is judged: a pair's earlier contradicted match counts.
    opened += await openCases(tx, await judge(tx, match, now, config), now);
  }
  if (last !== cursor) await tx.update(trustScan).set({ lastMatchId: last, updatedAt: now }).where(eq(trustScan.id, 1));
  return { scanned, opened };
}

/** The cases one closed match calls for. */
async function judge(tx: Tx, match: MatchRow, now: number, config: TrustConfig): Promise<NewCase[]> {
  const reports = (await reportsOf(tx, match.id)).map(engineReport);
  const closed: ClosedMatch = {
    result: resultOf(match.winner),
    // A corrected result was decided by an admin: neither an early consensus nor a held deadline any more.
    reason: (match.settleReason === 'admin_correction' ? 'deadline_majority' : match.settleReason) as SettlementReason,
    settledAt: match.settledAt ?? match.startedAt,
    reports,
  };
  const cases: NewCase[] = [];
  const contradiction = contradictionOf(closed, config);
  if (contradiction.contradicted && match.settleReason === 'consensus') {
    const laterDissent = reports.filter((r) => r.reported_at > closed.settledAt && r.result !== closed.result).length;
    const early = (team: 'A' | 'B') => contradiction.early.filter((r) => r.team === team).map((r) => r.user_id);
    cases.push({
      kind: 'contradicted',
      key: `match:${match.id}:contradicted`,
      matchId: match.id,
      details: { later_dissent: laterDissent, early_a: early('A'), early_b: early('B') },
    });
    cases.push(...(await collusionCases(tx, opposingPairs(contradiction.early), config)));
  }
  if (match.settleReason !== 'admin_correction' && isHeldByDisagreement(closed, config)) {
    const dissenters = verdictsOf(closed).filter((v) => !v.agreed).length;
    cases.push({ kind: 'held', key: `match:${match.id}:held`, matchId: match.id, details: { dissenters } });
  }
  for (const verdict of verdictsOf(closed).filter((v) => v.alone)) {
    const record = await reporterRecord(tx, verdict.user_id);
    if (!isLoneDissenter(record, config)) continue;
    cases.push({
      kind: 'lone_dissent',
      key: `user:${verdict.user_id}:lone`,
      userId: verdict.user_id,
      details: { reports: record.reports, alone: record.alone },
    });
  }
  cases.push(...(await violationCases(tx, match.penaltyUserIds, now, config)));
  return cases;
}

/** Opponents who decided this match and earlier contradicted ones early together (this one counts: +1). */
async function collusionCases(tx: Tx, pairs: [string, string][], config: TrustConfig): Promise<NewCase[]> {
  const cases: NewCase[] = [];
  for (const [a, b] of pairs) {
    const side = (x: string, y: string) =>
      sql`(${moderationCases.details} -> 'early_a' @> to_jsonb(${x}::text) and ${moderationCases.details} -> 'early_b' @> to_jsonb(${y}::text))`;
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(moderationCases)
      .where(and(eq(moderationCases.kind, 'contradicted'), sql`(${side(a, b)} or ${side(b, a)})`));
    const together = (row?.n ?? 0) + 1;
    if (together < config.collusionMinMatches) continue;
    cases.push({ kind: 'collusion', key: `pair:${a}:${b}`, userId: a, otherUserId: b, details: { matches: together } });
  }
  return cases;
}

/** Players this match penalised who were penalised in enough matches of the window. */
async function violationCases(
  tx: Tx,
  penalised: readonly string[],
  now: number,
  config: TrustConfig,
): Promise<NewCase[]> {
  const cases: NewCase[] = [];
  for (const userId of penalised) {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(matches)
      .where(
        and(
          sql`${matches.penaltyUserIds} @> to_jsonb(${userId}::text)`,
          gt(matches.startedAt, now - config.violationsWindowSeconds),
        ),
      );
    const count = row?.n ?? 0;
    if (count < config.violationsMinMatches) continue;
    const days = Math.round(config.violationsWindowSeconds / 86_400);
    cases.push({ kind: 'violations', key: `user:${userId}:violations`, userId, details: { matches: count, days } });
  }
  return cases;
}
