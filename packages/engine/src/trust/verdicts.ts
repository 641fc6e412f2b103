import { latestReports } from '../settlement/reports.ts';
import type { MatchReport, MatchResult, SettlementReason } from '../settlement/types.ts';
import { resolveTrustConfig, type TrustConfig } from './config.ts';

// How each report of a closed match stands against the result the match settled on, and what about the match
// deserves an admin's look. Pure: the server runs these when a match's report window closes, the benchmark on its
// simulated matches.

/** A match whose report window has closed: its result (after any correction) and every latest report. */
export interface ClosedMatch {
  result: MatchResult;
  reason: SettlementReason;
  /** When the match settled (an early result: the reports until then decided it). */
  settledAt: number;
  reports: readonly MatchReport[];
}

export interface Verdict {
  user_id: string;
  agreed: boolean;
  /** Dissented while at least two others reported and every other reporter agreed. */
  alone: boolean;
}

/** Each reporter's latest report against the result. */
export function verdictsOf(match: Pick<ClosedMatch, 'result' | 'reports'>): Verdict[] {
  const latest = latestReports(match.reports);
  const dissenters = latest.filter((r) => r.result !== match.result).length;
  return latest.map((r) => {
    const agreed = r.result === match.result;
    return { user_id: r.user_id, agreed, alone: !agreed && dissenters === 1 && latest.length >= 3 };
  });
}

/** The Wilson score interval of k successes in n trials (0–1 when n is 0). */
export function wilsonInterval(k: number, n: number, z: number): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const denominator = 1 + z2 / n;
  return { low: Math.max(0, (centre - spread) / denominator), high: Math.min(1, (centre + spread) / denominator) };
}

/** A reporter who dissents alone far more often than honest players do (misclicks stay well below). */
export function isLoneDissenter(
  record: { reports: number; alone: number },
  config: Partial<TrustConfig> = {},
): boolean {
  const c = resolveTrustConfig(config);
  if (record.reports < c.loneMinReports) return false;
  return wilsonInterval(record.alone, record.reports, c.wilsonZ).low > c.loneMaxRate;
}

/**
 * An early result the rest of the match contradicts: settled by consensus, then enough later reports dissent and
 * they outnumber the later ones that agree. `early` are the reports that decided it (sent by the settlement time).
 */
export function contradictionOf(
  match: ClosedMatch,
  config: Partial<TrustConfig> = {},
): { contradicted: boolean; early: MatchReport[] } {
  const c = resolveTrustConfig(config);
  if (match.reason !== 'consensus') return { contradicted: false, early: [] };
  const latest = latestReports(match.reports);
  const early = latest.filter((r) => r.reported_at <= match.settledAt);
  const later = latest.filter((r) => r.reported_at > match.settledAt);
  const dissent = later.filter((r) => r.result !== match.result).length;
  const contradicted = dissent >= c.contradictionMinLater && dissent > later.length - dissent;
  return { contradicted, early };
}

/** Opponents among the reports that decided a result early, as sorted pairs of user ids. */
export function opposingPairs(early: readonly MatchReport[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (const a of early.filter((r) => r.team === 'A')) {
    for (const b of early.filter((r) => r.team === 'B')) {
      pairs.push(a.user_id < b.user_id ? [a.user_id, b.user_id] : [b.user_id, a.user_id]);
    }
  }
  return pairs;
}

/** A match the deadline decided over real disagreement (no majority, or enough dissenters). */
export function isHeldByDisagreement(match: ClosedMatch, config: Partial<TrustConfig> = {}): boolean {
  const c = resolveTrustConfig(config);
  if (match.reason === 'consensus' || match.reason === 'no_reports') return false;
  if (match.reason === 'deadline_no_majority') return true;
  return verdictsOf(match).filter((v) => !v.agreed).length >= c.heldMinDissenters;
}
