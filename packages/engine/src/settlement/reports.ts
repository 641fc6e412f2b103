import { MATCH_RESULTS } from './config.ts';
import type { MatchReport, MatchResult, TeamSide, VoteCounts } from './types.ts';

/**
 * One report per player: a later report replaces an earlier one (greater reported_at wins; on equal
 * timestamps the one later in the input wins, i.e. the order of arrival). Output is ordered by
 * reported_at, then arrival, so it is deterministic.
 */
export function latestReports<R extends MatchReport>(reports: readonly R[]): R[] {
  const latest = new Map<string, { report: R; index: number }>();
  reports.forEach((report, index) => {
    const kept = latest.get(report.user_id);
    if (!kept || report.reported_at >= kept.report.reported_at) latest.set(report.user_id, { report, index });
  });
  return [...latest.values()]
    .sort((a, b) => a.report.reported_at - b.report.reported_at || a.index - b.index)
    .map((entry) => entry.report);
}

export function winnerOf(result: MatchResult): TeamSide | null {
  if (result === 'A-win') return 'A';
  if (result === 'B-win') return 'B';
  return null;
}

/** Votes per result over the given reports (callers dedupe first). */
export function countVotes(reports: readonly Pick<MatchReport, 'result'>[]): VoteCounts {
  const votes: VoteCounts = { 'A-win': 0, 'B-win': 0, invalid: 0 };
  for (const report of reports) votes[report.result] += 1;
  return votes;
}

export function isMatchResult(value: unknown): value is MatchResult {
  return typeof value === 'string' && (MATCH_RESULTS as readonly string[]).includes(value);
}
