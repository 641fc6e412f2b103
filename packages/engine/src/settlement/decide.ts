import { MATCH_RESULTS, resolveSettlementConfig } from './config.ts';
import { countVotes, latestReports, winnerOf } from './reports.ts';
import type {
  DeadlineDecision,
  EarlyDecision,
  MatchReport,
  Settlement,
  SettlementClock,
  SettlementConfig,
} from './types.ts';

/** Unix seconds when reporting closes. */
export function reportDeadline(startedAt: number, config: Partial<SettlementConfig> = {}): number {
  return startedAt + resolveSettlementConfig(config).reportWindowMinutes * 60;
}

/**
 * Early settlement: every (latest) report names the same result, there are at least `reportsNeeded`
 * of them, and both teams are among the reporters. Requiring both teams stops one team from deciding
 * its own match; requiring unanimity means a single dissenting report holds the match until the deadline.
 */
export function decideEarly(reports: readonly MatchReport[], config: Partial<SettlementConfig> = {}): EarlyDecision {
  const { reportsNeeded } = resolveSettlementConfig(config);
  const latest = latestReports(reports);
  const first = latest[0];
  if (!first || latest.length < reportsNeeded) return { decided: false };
  if (latest.some((report) => report.result !== first.result)) return { decided: false };
  const teams = new Set(latest.map((report) => report.team));
  if (!teams.has('A') || !teams.has('B')) return { decided: false };
  return { decided: true, result: first.result, reason: 'consensus' };
}

/**
 * Deadline rule: a result wins only with a strict majority of the cast (latest) reports, i.e. more votes
 * than all other results together. A tie, a split without majority, or no report at all voids the match.
 */
export function decideAtDeadline(reports: readonly MatchReport[]): DeadlineDecision {
  const latest = latestReports(reports);
  const votes = countVotes(latest);
  if (latest.length === 0) return { result: 'invalid', reason: 'no_reports', votes };
  for (const result of MATCH_RESULTS) {
    if (votes[result] * 2 > latest.length) return { result, reason: 'deadline_majority', votes };
  }
  return { result: 'invalid', reason: 'deadline_no_majority', votes };
}

/**
 * Settles a match from its reports at time `now`. Early consensus applies at any time (it also holds
 * after the deadline, where it reports the more informative reason); otherwise the match stays pending
 * until the deadline, which is inclusive (now >= deadline closes the window).
 */
export function settle(
  reports: readonly MatchReport[],
  clock: SettlementClock,
  config: Partial<SettlementConfig> = {},
): Settlement {
  const resolved = resolveSettlementConfig(config);
  const early = decideEarly(reports, resolved);
  if (early.decided) {
    return { status: 'settled', result: early.result, winner: winnerOf(early.result), reason: early.reason };
  }
  const deadline = reportDeadline(clock.startedAt, resolved);
  if (clock.now < deadline) return { status: 'pending', deadline };
  const atDeadline = decideAtDeadline(reports);
  return {
    status: 'settled',
    result: atDeadline.result,
    winner: winnerOf(atDeadline.result),
    reason: atDeadline.reason,
  };
}
