import { countVotes, decideAtDeadline, decideEarly, type TeamSide, tallyViolations } from '@rankmatch/engine';
import { ROLES } from '@rankmatch/shared';
import type { SourceRef } from './issues.ts';
import type { BadgeResolver } from './map-badges.ts';
import type { MapContext, MatchInsert, MatchPlayerInsert, MatchReportInsert, SeasonInsert } from './map-context.ts';
import { isValidUserId, roleOf, snapshotUser } from './map-profile.ts';
import { mapReports } from './map-reports.ts';
import type { SeasonIndex } from './map-seasons.ts';
import { mapUsers } from './map-users.ts';
import type { MatchPlayerRow, MatchRow, RecordRow } from './rows.ts';
import type { Row } from './rows-parse.ts';

// The matches table (and the records table's rate changes) → matches, match_players and match_reports. Only settled
// matches come over ('done'); a match in progress at the export is skipped. The winner is theirs (final_result:
// 'A-win', 'B-win', 'Invalid'); how it settled is read from the reports by rankmatch's own rule.

interface RecordEntry {
  row: RecordRow;
  source: SourceRef;
  used: boolean;
}

export type RecordIndex = Map<string, RecordEntry>;

export function indexRecords(rows: readonly Row<RecordRow>[]): RecordIndex {
  return new Map(
    rows.map(({ data, source }) => [`${data.match_id}#${data.user_id}`, { row: data, source, used: false }]),
  );
}

function winnerOf(ctx: MapContext, match: MatchRow, key: string, at: SourceRef, reports: MatchReportInsert[]) {
  const result = (match.final_result ?? '').trim();
  if (result === 'A-win' || result === 'B-win') return result === 'A-win' ? 'A' : 'B';
  if (result.toLowerCase() === 'invalid') return null;
  // No stored result (a cancelled match, or one settled before final_result existed): their majority rule.
  const votes = countVotes(reports.map((r) => ({ result: r.result as 'A-win' | 'B-win' | 'invalid' })));
  const winner =
    votes['A-win'] > votes['B-win'] + votes.invalid
      ? 'A'
      : votes['B-win'] > votes['A-win'] + votes.invalid
        ? 'B'
        : null;
  ctx.warn('matches', key, at, `final_result がないため報告の多数決で ${winner ?? '無効'} としました`);
  return winner;
}

const asEngine = (reports: readonly MatchReportInsert[]) =>
  reports.map((r) => ({
    user_id: r.userId,
    team: r.team as TeamSide,
    result: r.result as 'A-win' | 'B-win' | 'invalid',
    violation_report: r.violationReport,
    reported_at: r.reportedAt,
  }));

function settleReason(reports: readonly MatchReportInsert[]): string {
  const early = decideEarly(asEngine(reports));
  return early.decided ? early.reason : decideAtDeadline(asEngine(reports)).reason;
}

/**
 * Their stored result is kept (ratings moved by it), but said when the reports' majority disagrees: their judge once
 * counted 'Invalid' instead of 'invalid' and gave mostly-void matches to the lone winner vote (fix_invalid_matches.py).
 */
function checkResult(
  ctx: MapContext,
  key: string,
  at: SourceRef,
  winner: TeamSide | null,
  reports: MatchReportInsert[],
) {
  if (reports.length === 0) return;
  const majority = decideAtDeadline(asEngine(reports)).result;
  const stored = winner === null ? 'invalid' : `${winner}-win`;
  if (majority !== stored)
    ctx.warn(
      'matches',
      key,
      at,
      `保存された結果 ${stored} が報告の多数決 ${majority} と違います（元の結果のまま持ち込みます）`,
    );
}

/** The ten players: 5 per team in role order, unique, with ids the site accepts; null with the reason otherwise. */
function rosterProblem(match: MatchRow): string | null {
  if (match.team_a.length !== 5 || match.team_b.length !== 5)
    return `チームの人数が ${match.team_a.length} 対 ${match.team_b.length} です（rankmatch は5対5）`;
  const ids = [...match.team_a, ...match.team_b].map((p) => p.user_id);
  if (new Set(ids).size !== ids.length) return '同じユーザーが2回出ています';
  if (!ids.every(isValidUserId)) return 'ユーザー ID に使えない文字があります';
  return null;
}

function playerRows(
  ctx: MapContext,
  match: MatchRow,
  matchId: number,
  winner: TeamSide | null,
  records: RecordIndex,
  at: SourceRef,
): MatchPlayerInsert[] {
  const teams: [TeamSide, MatchPlayerRow[]][] = [
    ['A', match.team_a],
    ['B', match.team_b],
  ];
  return teams.flatMap(([team, players]) =>
    players.map((p, slot) => {
      const record = records.get(`${match.match_id}#${p.user_id}`);
      if (record) record.used = true;
      else if (winner !== null)
        ctx.warn(
          'matches',
          `${match.match_id}#${p.user_id}`,
          at,
          '勝敗のついた試合の戦績（records）がないため、レート変動を0とします',
        );
      const delta = winner === null ? 0 : (record?.row.rate_delta ?? 0);
      return {
        matchId,
        userId: p.user_id,
        team,
        slot,
        role: roleOf(p.role) ?? (ROLES[slot] as string),
        rateBefore: p.rate,
        deckType: null,
        waitSeconds: 0,
        isOpen: false,
        rateAfter: p.rate + delta,
        rateDelta: delta,
        mmrMu: null,
        mmrSigma: null,
        refundedAt: null,
      };
    }),
  );
}

const average = (players: readonly MatchPlayerRow[]) => players.reduce((sum, p) => sum + p.rate, 0) / players.length;

function hostOf(match: MatchRow, firstAttack: TeamSide): string {
  const ids = new Set([...match.team_a, ...match.team_b].map((p) => p.user_id));
  if (match.host_user_id && ids.has(match.host_user_id)) return match.host_user_id;
  // Absent, or '#EVERYONE#' (their "anyone may enter the lobby id"): the first attack team's highest rate, as here.
  const team = firstAttack === 'A' ? match.team_a : match.team_b;
  return team.reduce((best, p) => (p.rate > best.rate ? p : best)).user_id;
}

function penaltyIds(
  match: MatchRow,
  players: readonly MatchPlayerInsert[],
  reports: readonly MatchReportInsert[],
): string[] {
  const ids = new Set(players.map((p) => p.userId));
  const theirs = (match.penalty_player ?? []).filter((id) => ids.has(id));
  if (theirs.length > 0) return [...new Set(theirs)].sort();
  const participants = players.map((p) => ({ user_id: p.userId, team: p.team as TeamSide }));
  const engineReports = reports.map((r) => ({
    user_id: r.userId,
    team: r.team as TeamSide,
    result: r.result as 'invalid',
    violation_report: r.violationReport,
    reported_at: r.reportedAt,
  }));
  return tallyViolations(engineReports, participants).penalised_user_ids;
}

export interface MatchDeps {
  resolver: BadgeResolver;
  seasons: SeasonIndex;
  userIds: Set<string>;
  records: RecordIndex;
  /** Users rebuilt from match snapshots (their season numbers are derived from the matches afterwards). */
  synthetic: Set<string>;
}

function ensureUsers(ctx: MapContext, deps: MatchDeps, match: MatchRow, at: SourceRef): void {
  for (const player of [...match.team_a, ...match.team_b]) {
    if (deps.userIds.has(player.user_id)) continue;
    const row = { data: snapshotUser(player, match.matched_unixtime), source: at };
    mapUsers(ctx, deps.resolver, deps.seasons, [row], new Map());
    deps.userIds.add(player.user_id);
    deps.synthetic.add(player.user_id);
    ctx.warn('users', player.user_id, at, 'users テーブルにないため、試合に残るプロフィールから作りました');
  }
}

/** Why a match cannot come over, or null. */
function matchProblem(deps: MatchDeps, match: MatchRow): string | null {
  if (match.namespace !== 'default') return `名前空間 ${match.namespace} の行です`;
  if (match.status !== 'done') return `試合が終わっていません（status: ${match.status}）`;
  const roster = rosterProblem(match);
  if (roster !== null) return roster;
  return deps.seasons.seasonAt(match.matched_unixtime) ? null : '試合の日時を含むシーズンがありません';
}

function mapMatch(ctx: MapContext, deps: MatchDeps, { data: match, source }: Row<MatchRow>): void {
  const key = String(match.match_id);
  const problem = matchProblem(deps, match);
  if (problem !== null) {
    ctx.skip('matches', key, source, problem);
    return;
  }
  const season = deps.seasons.seasonAt(match.matched_unixtime) as SeasonInsert;
  ensureUsers(ctx, deps, match, source);
  const matchId = match.match_id + (ctx.options.matchIdOffset ?? 0);
  const teamOf = new Map<string, TeamSide>([
    ...match.team_a.map((p) => [p.user_id, 'A'] as const),
    ...match.team_b.map((p) => [p.user_id, 'B'] as const),
  ]);
  const reports = mapReports(ctx, {
    matchId,
    theirMatchId: match.match_id,
    teamOf,
    reports: match.user_reports ?? [],
    source,
  });
  const winner = winnerOf(ctx, match, key, source, reports);
  checkResult(ctx, key, source, winner, reports);
  const players = playerRows(ctx, match, matchId, winner, deps.records, source);
  const firstAttack: TeamSide = average(match.team_b) < average(match.team_a) ? 'B' : 'A';
  const rates = players.map((p) => p.rateBefore);
  const lastReport = reports.reduce((t, r) => Math.max(t, r.reportedAt), 0);
  const row: MatchInsert = {
    id: matchId,
    seasonId: season.id,
    waveId: null,
    status: 'done',
    matchedAt: match.matched_unixtime,
    startedAt: match.matched_unixtime,
    lobbyId: match.lobby_id || null,
    hostUserId: hostOf(match, firstAttack),
    firstAttack,
    teamGap: Math.abs(average(match.team_a) - average(match.team_b)),
    ratingSpread: Math.max(...rates) - Math.min(...rates),
    // Our matchmaking's prediction of team A's win: theirs made none.
    predictedA: null,
    winner,
    // When it settled is not kept: its last report (their judge settles on a later run), else the report window's end.
    settledAt: lastReport > 0 ? lastReport : match.matched_unixtime + 3600,
    settleReason: settleReason(reports),
    penaltiesProcessed: true,
    penaltyUserIds: penaltyIds(match, players, reports),
  };
  ctx.result.rows.matches.push(row);
  ctx.result.rows.matchPlayers.push(...players);
  ctx.result.rows.matchReports.push(...reports);
}

export function mapMatches(ctx: MapContext, deps: MatchDeps, rows: readonly Row<MatchRow>[]): void {
  const sorted = [...rows].sort((a, b) => a.data.match_id - b.data.match_id);
  for (const row of sorted) mapMatch(ctx, deps, row);
  for (const entry of deps.records.values()) {
    if (entry.used) continue;
    const key = `${entry.row.user_id}#${entry.row.match_id}`;
    ctx.skip('records', key, entry.source, '対応する試合（または試合の参加者）が持ち込まれていません');
  }
}
