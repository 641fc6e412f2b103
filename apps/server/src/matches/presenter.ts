import { reportDeadline, tallyViolations } from '@rankmatch/engine';
import type { AdminMatchDetail, CurrentMatch, MatchUpdate, RefundOption, ReportResult, Role } from '@rankmatch/shared';
import type { Config } from '../config.ts';
import { engineReport, type MatchRow, type matchRoster, type ReportRow } from './queries.ts';

type Roster = Awaited<ReturnType<typeof matchRoster>>;

export const TEAM_NAMES = { A: 'チームA', B: 'チームB' } as const;

/** The match as players see it (spec §3 match and match player). */
export function presentMatch(
  match: MatchRow,
  roster: Roster,
  viewer: {
    reported: boolean;
    reportCount: number;
    rules: Config['rules'];
    lobbyTimeouts: { create: number; join: number };
  },
): CurrentMatch {
  const team = (side: 'A' | 'B') => ({
    team_id: side,
    team_name: TEAM_NAMES[side],
    is_first_attack: match.firstAttack === side,
    players: roster
      .filter((r) => r.player.team === side)
      .map(({ player, user, maxRate }) => ({
        user_id: user.id,
        trainer_name: user.trainerName,
        discord_username: user.discordUsername,
        discord_avatar_url: user.discordAvatarUrl,
        twitter_id: user.twitterId,
        rate: player.rateBefore,
        max_rate: Math.max(maxRate ?? player.rateBefore, player.rateBefore),
        current_badge: user.currentBadge,
        current_badge_2: user.currentBadge2,
        role: player.role as Role,
      })),
  });
  return {
    match_id: String(match.id),
    team_a: team('A'),
    team_b: team('B'),
    status: match.status as CurrentMatch['status'],
    matched_unixtime: match.matchedAt,
    started_at: match.startedAt,
    lobby_id: match.lobbyId,
    host_user_id: match.hostUserId,
    report_count: viewer.reportCount,
    has_reported: viewer.reported,
    report_deadline_unixtime: reportDeadline(match.startedAt, viewer.rules.settlement),
    lobby_create_timeout: viewer.lobbyTimeouts.create,
    lobby_join_timeout: viewer.lobbyTimeouts.join,
    predicted_a: match.predictedA,
  };
}

const outcomeOf = (result: string, team: string): 'win' | 'lose' | 'invalid' =>
  result === 'invalid' ? 'invalid' : result === `${team}-win` ? 'win' : 'lose';

/** The admin's match detail (spec 001 §2 match management): reports, tallies per reported player, penalty status. */
export function presentAdminMatch(
  match: MatchRow,
  roster: Roster,
  reports: ReportRow[],
  rules: Config['rules'],
  correctedAt: number | null,
  refundOptions: RefundOption[] = [],
): AdminMatchDetail {
  const nameOf = new Map(roster.map((r) => [r.user.id, r.user.trainerName]));
  const team = (side: 'A' | 'B') => ({
    players: roster
      .filter((r) => r.player.team === side)
      .map(({ player, user }) => ({
        user_id: user.id,
        trainer_name: user.trainerName,
        role: player.role as Role,
        rate_before: player.rateBefore,
        rate_after: player.rateAfter,
        refunded_at: player.refundedAt,
      })),
  });
  const tally = tallyViolations(
    reports.map(engineReport),
    roster.map((r) => ({ user_id: r.user.id, team: r.player.team as 'A' | 'B' })),
    rules.penalty,
  );
  const penalised = new Set(match.penaltiesProcessed ? match.penaltyUserIds : []);
  return {
    ...presentAdminListItem(match, roster.length, reports.length, nameOf.get(match.hostUserId) ?? null),
    team_a: team('A'),
    team_b: team('B'),
    settle_reason: match.settleReason,
    settled_at: match.settledAt,
    corrected_at: correctedAt,
    report_deadline_unixtime: reportDeadline(match.startedAt, rules.settlement),
    user_reports: reports.map((r) => ({
      user_id: r.userId,
      trainer_name: nameOf.get(r.userId) ?? null,
      team: r.team as 'A' | 'B',
      result: r.result as ReportResult,
      outcome: outcomeOf(r.result, r.team),
      banned_pokemon: r.bannedPokemon,
      picked_pokemon: r.pickedPokemon,
      violation_report: r.violationReport,
      reported_at: r.reportedAt,
    })),
    penalty_summary: tally.tallies.map((t) => ({
      user_id: t.user_id,
      trainer_name: nameOf.get(t.user_id) ?? null,
      team: t.team,
      report_count: t.report_count,
      reporters: t.reporters,
      penalised: penalised.has(t.user_id),
    })),
    penalty_status: { processed: match.penaltiesProcessed, penalty_players: [...penalised] },
    refund_options: refundOptions,
  };
}

export function presentAdminListItem(
  match: MatchRow,
  playerCount: number,
  reportCount: number,
  hostTrainerName: string | null,
) {
  return {
    match_id: String(match.id),
    status: match.status as AdminMatchDetail['status'],
    matched_unixtime: match.matchedAt,
    started_at: match.startedAt,
    player_count: playerCount,
    report_count: reportCount,
    lobby_id: match.lobbyId,
    host_user_id: match.hostUserId,
    host_trainer_name: hostTrainerName,
    winner_team: (match.winner as 'A' | 'B' | null) ?? null,
  };
}

/** What a match push and a report reply carry: the lobby, the host, the status and how many reported. */
export function updateOf(match: MatchRow, reportCount: number): MatchUpdate {
  return {
    match_id: String(match.id),
    lobby_id: match.lobbyId,
    host_user_id: match.hostUserId,
    status: match.status as MatchUpdate['status'],
    report_count: reportCount,
  };
}
