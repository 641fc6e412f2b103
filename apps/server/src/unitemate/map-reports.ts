import { latestReports, type MatchResult, type TeamSide } from '@rankmatch/engine';
import type { SourceRef } from './issues.ts';
import type { MapContext, MatchReportInsert } from './map-context.ts';
import { characterId } from './map-profile.ts';
import type { MatchReportRow } from './rows.ts';

// A match's user_reports → match_reports. Their results are team results ('A-win', 'B-win', lower-case 'invalid';
// the oldest reports said 'win'/'lose' from the reporter's side); violation_report may name several players, comma
// separated, where rankmatch keeps one; characters are lower-case keys, stored here as upper-case ids.

/** One reporter's result, as the site keeps it, or null when it cannot be read. */
export function reportResult(result: string, team: TeamSide): MatchResult | null {
  const value = result.trim();
  if (value === 'A-win' || value === 'B-win') return value;
  if (value.toLowerCase() === 'invalid') return 'invalid';
  if (value === 'win') return team === 'A' ? 'A-win' : 'B-win';
  if (value === 'lose') return team === 'A' ? 'B-win' : 'A-win';
  return null;
}

interface ReportInput {
  matchId: number;
  theirMatchId: number;
  teamOf: ReadonlyMap<string, TeamSide>;
  reports: readonly MatchReportRow[];
  source: SourceRef;
}

function violationTarget(ctx: MapContext, input: ReportInput, report: MatchReportRow, key: string): string {
  const named = (report.violation_report || report.vioration_report || '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  const valid = named.filter((id) => id !== report.user_id && input.teamOf.has(id));
  if (valid.length < named.length || valid.length > 1) {
    const kept = valid[0] ?? '（なし）';
    ctx.warn(
      'matches',
      key,
      input.source,
      `通報先 ${named.join(', ')} のうち ${kept} だけを持ち込みます（rankmatch の通報は1人）`,
    );
  }
  return valid[0] ?? '';
}

function pokemon(ctx: MapContext, input: ReportInput, key: string, id: string | null | undefined): string {
  const ours = characterId(id);
  // 'empty' is their roster's "not chosen".
  if (ours === null && id && id.toLowerCase() !== 'empty')
    ctx.warn('matches', key, input.source, `ポケモン ${id} がロスターにないため空にしました`);
  return ours ?? '';
}

/** The match's reports: each reporter's latest, from its players only. */
export function mapReports(ctx: MapContext, input: ReportInput): MatchReportInsert[] {
  const rows: MatchReportInsert[] = [];
  for (const report of input.reports) {
    const key = `${input.theirMatchId}#${report.user_id}`;
    const team = input.teamOf.get(report.user_id);
    if (team === undefined) {
      ctx.skip('matches.user_reports', key, input.source, '試合に参加していないユーザーの報告です');
      continue;
    }
    const result = reportResult(report.result, team);
    if (result === null) {
      ctx.skip('matches.user_reports', key, input.source, `結果 ${report.result} が読めません`);
      continue;
    }
    if (report.result === 'win' || report.result === 'lose') {
      ctx.warn(
        'matches',
        key,
        input.source,
        `旧形式の結果 ${report.result} をチーム ${team} から見た ${result} にしました`,
      );
    }
    const named = violationTarget(ctx, input, report, key);
    rows.push({
      matchId: input.matchId,
      userId: report.user_id,
      team,
      result,
      bannedPokemon: pokemon(ctx, input, key, report.banned_pokemon),
      pickedPokemon: pokemon(ctx, input, key, report.picked_pokemon),
      pokemonMove1: report.pokemon_move1 ?? '',
      pokemonMove2: report.pokemon_move2 ?? '',
      violationReport: named,
      // Their form asks for no reason: a named player is reported for その他.
      violationReason: named === '' ? '' : 'other',
      violationNote: '',
      evidenceId: null,
      reportedAt: report.report_unixtime,
    });
  }
  // A reporter's later report replaces the earlier one (the site's rule); the earlier is listed as skipped.
  const tagged = rows.map((row) => ({
    row,
    user_id: row.userId,
    team: row.team as TeamSide,
    result: row.result as MatchResult,
    violation_report: row.violationReport,
    reported_at: row.reportedAt,
  }));
  const latest = new Set(latestReports(tagged));
  for (const entry of tagged) {
    if (latest.has(entry)) continue;
    const key = `${input.theirMatchId}#${entry.user_id}`;
    ctx.skip('matches.user_reports', key, input.source, '同じ報告者の後の報告に置き換えられた報告です');
  }
  return [...latest].map((entry) => entry.row);
}
