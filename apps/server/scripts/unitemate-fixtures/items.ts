import { EXPORT_AT, type Item } from './catalogue.ts';
import type { FixtureUser } from './people.ts';
import type { FixtureMatch } from './play.ts';

// The fixture's rows as Unitemate's tables hold them: attribute names and order from its models' model_dump and
// handlers' put_item calls (users, matches, records, rankings, queue).

export function userItem(u: FixtureUser, lastActivity: number): Item {
  const name: Item = u.legacyName ? { app_username: u.trainerName } : { trainer_name: u.trainerName };
  return {
    namespace: 'default',
    user_id: u.id,
    ...(u.dummy ? { auth0_sub: `dummy|discord|${u.id}` } : {}),
    discord_username: u.discordName,
    discord_discriminator: null,
    discord_avatar_url: u.avatar,
    ...name,
    twitter_id: u.twitter,
    preferred_roles: u.roles,
    favorite_pokemon: u.favourites,
    owned_badges: u.owned,
    current_badge: u.current[0],
    current_badge_2: u.current[1],
    bio: u.bio,
    past_seasons: u.past,
    rate: u.rate,
    max_rate: u.maxRate,
    match_count: u.matches,
    win_count: u.wins,
    win_rate: u.matches > 0 ? Math.round((u.wins / u.matches) * 1000) / 10 : 0,
    assigned_match_id: u.assignedMatchId,
    penalty_count: u.penaltyCount,
    penalty_correction: u.penaltyCorrection,
    last_penalty_time: u.lastPenaltyTime,
    penalty_timeout_until: u.timeoutUntil,
    is_admin: u.admin,
    is_banned: u.banned,
    created_at: u.createdAt,
    updated_at: Math.max(u.createdAt, lastActivity),
    ...(u.matches > 0 ? { last_match_id: u.lastMatchId, last_rate_delta: u.lastDelta } : {}),
    ...(u.dummy ? { is_dummy: true } : {}),
  };
}

function legacyTeam(team: readonly Item[]): Item[] {
  return team.map((p) => [p.user_id, p.rate] as unknown as Item);
}

export function matchItem(m: FixtureMatch): Item {
  const vc = 1 + 2 * (m.id % 50);
  return {
    match_id: m.id,
    status: m.status,
    lobby_id: m.lobbyId,
    judge_timeout_count: 0,
    matched_unixtime: m.matchedAt,
    penalty_player: [],
    team_b: m.legacy ? legacyTeam(m.teamB) : m.teamB,
    vc_b: vc + 1,
    team_a: m.legacy ? legacyTeam(m.teamA) : m.teamA,
    vc_a: vc,
    ...(m.finalResult !== null ? { final_result: m.finalResult } : {}),
    namespace: 'default',
    user_reports: m.reports,
    ...(m.hostUserId !== null ? { host_user_id: m.hostUserId } : {}),
  };
}

/** The rankings table (rate order, top 20 here): a cache the import leaves out. */
export function rankingItems(users: readonly FixtureUser[]): Item[] {
  const ranked = users.filter((u) => u.matches > 0 && !u.banned).sort((a, b) => b.rate - a.rate);
  return ranked.slice(0, 20).map((u, i) => ({
    ranking_type: 'rate',
    rank: i + 1,
    user_id: u.id,
    trainer_name: u.trainerName,
    rate: u.rate,
    best_rate: u.maxRate,
    win_rate: Math.round((u.wins / u.matches) * 1000) / 10,
    win_count: u.wins,
    discord_username: u.discordName,
    twitter_id: u.twitter ?? '',
    updated_at: EXPORT_AT - 300,
  }));
}

/** The queue table: its #META# row and players waiting at the export (live state the import leaves out). */
export function queueItems(users: readonly FixtureUser[], ongoing: readonly number[], latest: number): Item[] {
  const waiting = users.filter((u) => u.assignedMatchId === 0 && !u.banned).slice(0, 3);
  return [
    {
      namespace: 'default',
      user_id: '#META#',
      lock: 0,
      rate_list: waiting.map((u) => u.rate),
      range_list: waiting.map(() => 200),
      latest_match_id: latest,
      unused_vc: [11, 13, 15, 17],
      ongoing_matches: ongoing.length,
      ongoing_match_ids: [...ongoing],
      total_queued: 4210,
      total_matched: latest,
      previous_matched_unixtime: EXPORT_AT - 120,
      previous_user_count: waiting.length,
    },
    ...waiting.map((u) => ({
      namespace: 'default',
      user_id: u.id,
      blocking: null,
      selected_roles: u.roles ?? ['SUPPORT'],
      inqueued_at: EXPORT_AT - 90,
    })),
  ];
}
