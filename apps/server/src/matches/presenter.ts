import type { Role } from '@rankmatch/shared';
import type { MatchRow, matchRoster } from './queries.ts';

type Roster = Awaited<ReturnType<typeof matchRoster>>;

export const TEAM_NAMES = { A: 'チームA', B: 'チームB' } as const;

/** The match as players see it (spec §3 match and match player). */
export function presentMatch(
  match: MatchRow,
  roster: Roster,
  viewer: { userId: string; reported: boolean; reportCount: number },
) {
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
    status: match.status as 'matched' | 'done',
    matched_unixtime: match.matchedAt,
    started_at: match.startedAt,
    lobby_id: match.lobbyId,
    host_user_id: match.hostUserId,
    report_count: viewer.reportCount,
    has_reported: viewer.reported,
  };
}
