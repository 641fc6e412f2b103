import { latestReports } from '../settlement/reports.ts';
import type { MatchReport, TeamSide } from '../settlement/types.ts';
import { resolvePenaltyConfig } from './config.ts';
import type { MatchParticipant, PenaltyConfig, ViolationSummary, ViolationTally } from './types.ts';

/**
 * Tallies the violation reports of one match. Only each player's latest report counts (a resubmission
 * replaces the earlier one, so nobody reports twice). A report is ignored when its reporter or the named
 * player is not a participant, or when it names the reporter. Reporter teams come from `participants`,
 * not from the report, so the roster is the authority.
 * A player is penalised with `sameTeamReporters` reporters all on one team (either team) or
 * `totalReporters` reporters in all. Applying the +1 is up to the caller when the report window closes.
 */
export function tallyViolations(
  reports: readonly MatchReport[],
  participants: readonly MatchParticipant[],
  config: Partial<PenaltyConfig> = {},
): ViolationSummary {
  const { sameTeamReporters, totalReporters } = resolvePenaltyConfig(config);
  const teamOf = new Map<string, TeamSide>(participants.map((p) => [p.user_id, p.team]));
  const reported = new Map<string, { team: TeamSide; reporters: Set<string> }>();
  for (const report of latestReports(reports)) {
    const target = report.violation_report;
    if (target === '' || target === report.user_id) continue;
    const targetTeam = teamOf.get(target);
    if (targetTeam === undefined || !teamOf.has(report.user_id)) continue;
    const entry = reported.get(target) ?? { team: targetTeam, reporters: new Set<string>() };
    entry.reporters.add(report.user_id);
    reported.set(target, entry);
  }

  const tallies: ViolationTally[] = [];
  for (const [userId, { team, reporters: reporterSet }] of reported) {
    const reporters = [...reporterSet].sort(compareIds);
    const byTeam: Record<TeamSide, number> = { A: 0, B: 0 };
    for (const reporter of reporters) {
      const team = teamOf.get(reporter);
      if (team) byTeam[team] += 1;
    }
    const penalised =
      byTeam.A >= sameTeamReporters || byTeam.B >= sameTeamReporters || reporters.length >= totalReporters;
    tallies.push({
      user_id: userId,
      team,
      report_count: reporters.length,
      reporters,
      by_team: byTeam,
      penalised,
    });
  }
  tallies.sort((a, b) => b.report_count - a.report_count || compareIds(a.user_id, b.user_id));
  const penalised_user_ids = tallies
    .filter((tally) => tally.penalised)
    .map((tally) => tally.user_id)
    .sort(compareIds);
  return { tallies, penalised_user_ids };
}

// Code-unit order, independent of the runtime locale.
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
