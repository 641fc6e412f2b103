import type {
  Achievement,
  CurrentMatch,
  MatchPlayer,
  QueueEntry,
  QueueInfo,
  RankingEntry,
  ReadyCheck,
  Role,
  Season,
  Settings,
  UserProfile,
} from '@rankmatch/shared';
import { buildNotificationSettings, buildQueueOutlook } from './notifications-data.ts';

// Small factories for test data.

const base64url = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** An unsigned JWT with the given claims; expires in one hour unless told otherwise. */
export function buildToken(claims: { sub?: string; exp?: number } = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = { sub: claims.sub ?? 'dummy_02', sid: 'test-session', iat: now, exp: claims.exp ?? now + 3600 };
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.signature`;
}

export function buildProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    user_id: 'dummy_02',
    auth0_sub: 'dummy|dummy_02',
    discord_username: 'test_player_02',
    discord_avatar_url: '',
    trainer_name: 'カビゴン番長',
    twitter_id: '',
    favorite_pokemon: [],
    current_badge: null,
    current_badge_2: null,
    owned_badges: [],
    bio: '',
    created_at: 1_700_000_000,
    updated_at: 1_700_000_000,
    is_admin: false,
    is_dummy: true,
    rate: 1540,
    max_rate: 1600,
    match_count: 12,
    win_count: 7,
    win_rate: 58.3,
    penalty_count: 0,
    penalty_correction: 0,
    effective_penalty: 0,
    penalty_timeout_until: null,
    season_data: { season_id: 's1', season_name: 'シーズン1' },
    latest_matches: [],
    suspension: null,
    ...overrides,
  };
}

export function buildRankingEntry(rank: number, overrides: Partial<RankingEntry> = {}): RankingEntry {
  return {
    rank,
    user_id: `dummy_${String(rank).padStart(2, '0')}`,
    trainer_name: `プレイヤー${rank}`,
    discord_username: `player_${rank}`,
    discord_avatar_url: '',
    rate: 1800 - rank * 10,
    max_rate: 1850 - rank * 10,
    win_rate: 55.5,
    match_count: 40,
    twitter_id: '',
    current_badge: null,
    current_badge_2: null,
    ...overrides,
  };
}

export function buildSeason(overrides: Partial<Season> = {}): Season {
  const now = Math.floor(Date.now() / 1000);
  return {
    id: 's1',
    name: 'シーズン1',
    description: 'テスト用のシーズンです',
    start_date: now - 30 * 86_400,
    end_date: now + 30 * 86_400,
    image_url: '',
    theme_color: '#3366ff',
    is_active: true,
    ended_at: null,
    ...overrides,
  };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function buildQueueInfo(overrides: Partial<QueueInfo> = {}): QueueInfo {
  const now = nowSeconds();
  return {
    total_waiting: 7,
    ongoing_matches: 2,
    ongoing_match_players: [],
    previous_matched_unixtime: now - 60,
    previous_user_count: 20,
    average_wait_time: 95,
    next_wave_unixtime: now + 75,
    is_matching_open: true,
    is_season_active: true,
    ...overrides,
  };
}

export function buildQueueEntry(overrides: Partial<QueueEntry> = {}): QueueEntry {
  return {
    user_id: 'dummy_02',
    deck_type: null,
    roles: [],
    joined_at: nowSeconds() - 30,
    waves_missed: 0,
    ...overrides,
  };
}

const ROLE_ORDER: Role[] = ['TOP_LANE', 'MIDDLE', 'BOTTOM_LANE', 'SUPPORT', 'TANK'];

export function buildMatchPlayer(n: number, overrides: Partial<MatchPlayer> = {}): MatchPlayer {
  const id = `dummy_${String(n).padStart(2, '0')}`;
  return {
    user_id: id,
    trainer_name: `選手${n}`,
    discord_username: `player_${n}`,
    discord_avatar_url: null,
    twitter_id: null,
    rate: 1500 + n * 10,
    max_rate: 1600 + n * 10,
    current_badge: null,
    current_badge_2: null,
    role: ROLE_ORDER[(n - 1) % 5] ?? null,
    ...overrides,
  };
}

/**
 * A match of ten: team A dummy_01..05, team B dummy_06..10 (rates 1510..1600). dummy_02 (the default signed-in
 * user) plays in team A; dummy_01 is the host.
 */
export function buildMatch(overrides: Partial<CurrentMatch> = {}): CurrentMatch {
  const now = nowSeconds();
  return {
    match_id: '42',
    team_a: {
      team_id: 'A',
      team_name: 'チームA',
      is_first_attack: true,
      players: [1, 2, 3, 4, 5].map((n) => buildMatchPlayer(n)),
    },
    team_b: {
      team_id: 'B',
      team_name: 'チームB',
      is_first_attack: false,
      players: [6, 7, 8, 9, 10].map((n) => buildMatchPlayer(n)),
    },
    status: 'matched',
    matched_unixtime: now - 10,
    started_at: now - 10,
    lobby_id: null,
    host_user_id: 'dummy_01',
    report_count: 0,
    has_reported: false,
    report_deadline_unixtime: now + 3600,
    lobby_create_timeout: 150,
    lobby_join_timeout: 250,
    predicted_a: 0.52,
    ...overrides,
  };
}

/** The reply of GET /api/matches/me: the current match, or `{ match: null }` (200 either way). */
export function myMatchReply(match: CurrentMatch | null) {
  return { body: { match } };
}

/** The site settings of GET /api/master and /api/public/master (ready check 60 s unless told otherwise). */
export function buildSettings(overrides: Partial<Settings> = {}): Settings {
  return {
    rules_content: '',
    announcement_content: '',
    lobby_create_timeout: 150,
    lobby_join_timeout: 250,
    ready_check_seconds: 60,
    ...overrides,
  };
}

/**
 * An open ready check of ten (dummy_01..10, 選手1..10), as dummy_02 (the default signed-in user) sees it: opened 10 s
 * ago, 50 s left; `ready` names who pressed 準備完了 (counts and me_ready follow from it).
 */
export function buildReadyCheck(
  options: { ready?: string[]; me?: string } & Partial<Omit<ReadyCheck, 'players'>> = {},
): ReadyCheck {
  const { ready = [], me = 'dummy_02', ...overrides } = options;
  const now = nowSeconds();
  const players = Array.from({ length: 10 }, (_, i) => {
    const user_id = `dummy_${String(i + 1).padStart(2, '0')}`;
    return { user_id, trainer_name: `選手${i + 1}`, ready: ready.includes(user_id) };
  });
  return {
    ready_check_id: '501',
    status: 'open',
    opened_at: now - 10,
    deadline_at: now + 50,
    players,
    ready_count: players.filter((p) => p.ready).length,
    me_ready: ready.includes(me),
    match_id: null,
    my_outcome: null,
    timeout_until: null,
    ...overrides,
  };
}

/** 100戦達成 of season s1, half-way (earned ones: `earned: true` with `earned_at`). */
export function buildAchievement(overrides: Partial<Achievement> = {}): Achievement {
  return {
    id: 'matches_100',
    name: '100戦達成',
    condition: '今シーズンで100試合以上プレイ',
    badge_id: 'badge_039',
    season_id: 's1',
    progress: { current: 50, target: 100 },
    earned: false,
    earned_at: null,
    ...overrides,
  };
}

/** Replies every screen asks for, with harmless defaults; tests override what they look at. */
export function defaultHandlers() {
  return {
    // A signed-in page asks for unseen warnings (issue 34): none by default.
    'GET /api/users/me/warnings': { body: { warnings: [] } },
    // My page asks what came of the player's reports (issue 35): nothing by default.
    'GET /api/users/me/report-outcomes': { body: { outcomes: [] } },
    // My page lists the players the player avoids (issue 33): none by default.
    'GET /api/users/me/avoids': { body: { players: [], max: 10 } },
    'GET /api/site': {
      body: { stats_dashboard_url: null, operator_name: null, operator_contact: null, ad_slot_url: null },
    },
    'GET /api/seasons/active': { body: { is_season_active: false, current_season: null, next_season: null } },
    'GET /api/auth/providers': { body: { discord: true, dummy: true, dummy_password_required: false } },
    'GET /api/auth/dummy/users': {
      body: {
        dummy_users: [
          {
            user_id: 'dummy_01',
            trainer_name: 'ピカチュウ使い',
            discord_username: 't1',
            rate: 1500,
            preferred_role: 'TOP_LANE',
          },
          {
            user_id: 'dummy_02',
            trainer_name: 'カビゴン番長',
            discord_username: 't2',
            rate: 1340,
            preferred_role: 'MIDDLE',
          },
        ],
      },
    },
    'GET /api/public/system': {
      body: {
        server_time: nowSeconds(),
        is_season_active: true,
        active_season: buildSeason(),
        matching: { is_open: true, hours_text: '平日 14:00〜翌4:00 / 土日 終日（日本時間）' },
        player_count: 32,
        match_count: 120,
        rules: {
          matchmaking:
            'マッチングは2分ごとの「ウェーブ」でまとめて行います。\n待ち時間が長い人から順に基準プレイヤーとします。',
          settlement: '試合結果は参加者の報告で決まります。',
          rating: 'レートはElo方式で計算します（初期レート1500）。',
          penalty: '違反報告が重なるとペナルティが加算されます。',
        },
      },
    },
    'GET /api/public/master': {
      body: {
        settings: buildSettings(),
        badges: [],
        pokemon: [],
      },
    },
    'GET /api/master': {
      body: {
        settings: buildSettings(),
        badges: [],
        pokemon: [],
      },
    },
    'GET /api/users/me/rating-history': { body: { season_id: 's1', points: [] } },
    'GET /api/users/me/achievements': { body: { achievements: [] } },
    'GET /api/users/me/achievements/recent': { body: { achievements: [] } },
    'POST /api/users/me/achievements/check': { body: { newly_earned: [] } },
    'POST /api/auth/logout': { body: { ok: true } },
    'GET /api/shop/orders': { body: { orders: [] } },
    'GET /api/queue': { body: buildQueueInfo() },
    'GET /api/queue/me': { body: { in_queue: false, entry: null } },
    'GET /api/queue/ready-check': { body: { ready_check: null } },
    'GET /api/matches/me': myMatchReply(null),
    'GET /api/notifications/me': () => ({ body: buildNotificationSettings() }),
    'GET /api/queue/outlook': () => ({ body: buildQueueOutlook() }),
    'GET /api/users/me/deletion': { body: { requested_at: null, due_at: null } },
  };
}
