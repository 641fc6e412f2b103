import type { HistoryEntry, MatchSummary, PlayerPage, Role, SeasonRecord } from '@rankmatch/shared';

// Test data for the player pages and match summaries (GET /api/players/{id}, GET /api/matches/{id}/summary).

const ROLE_ORDER: Role[] = ['TOP_LANE', 'MIDDLE', 'BOTTOM_LANE', 'SUPPORT', 'TANK'];

export function buildHistoryEntry(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    match_id: '101',
    winlose: 1,
    deck_type: 'PIKACHU',
    started_date: 1_717_200_000,
    rate_delta: 12,
    refunded: false,
    ...overrides,
  };
}

export function buildSeasonRecord(overrides: Partial<SeasonRecord> = {}): SeasonRecord {
  return {
    season_id: 's0',
    season_name: 'シーズン0',
    final_rate: 1720,
    max_rate: 1785,
    win_rate: 61.2,
    final_rank: 3,
    total_matches: 152,
    wins: 93,
    win_count: 93,
    badges: [{ tier: 'rank_3', badge_id: 'badge_003' }],
    ...overrides,
  };
}

/**
 * dummy_05 「ルカリオ道場」 in season s1: three matches (a win, a loss, an invalid one), two characters, a chart of
 * three points and two finished seasons (one out of the ranking).
 */
export function buildPlayerPage(overrides: Partial<PlayerPage> = {}): PlayerPage {
  return {
    profile: {
      user_id: 'dummy_05',
      discord_username: 'lucario_dojo',
      discord_avatar_url: '',
      trainer_name: 'ルカリオ道場',
      twitter_id: 'lucario_dojo',
      favorite_pokemon: ['LUCARIO'],
      current_badge: 'badge_001',
      current_badge_2: null,
      bio: '毎晩22時から潜っています。',
      rate: 1642,
      max_rate: 1688,
      match_count: 48,
      win_count: 27,
      win_rate: 56.3,
      created_at: 1_700_000_000,
    },
    owned_badges: ['badge_001', 'badge_003'],
    season: { season_id: 's1', season_name: 'シーズン1' },
    rating_history: [
      { at: 1_717_000_000, rate: 1600 },
      { at: 1_717_100_000, rate: 1630 },
      { at: 1_717_200_000, rate: 1642 },
    ],
    characters: [
      { pokemon_id: 'LUCARIO', matches: 30, wins: 18, win_rate: 60 },
      { pokemon_id: 'PIKACHU', matches: 12, wins: 5, win_rate: 41.7 },
    ],
    recent_matches: [
      buildHistoryEntry({ match_id: '103', winlose: 1, deck_type: 'LUCARIO', rate_delta: 12 }),
      buildHistoryEntry({ match_id: '102', winlose: 0, deck_type: 'PIKACHU', rate_delta: -9 }),
      buildHistoryEntry({ match_id: '101', winlose: 2, deck_type: '', rate_delta: 0 }),
    ],
    records: [
      buildSeasonRecord(),
      buildSeasonRecord({ season_id: 's-1', season_name: 'プレシーズン', final_rank: null, badges: [] }),
    ],
    ...overrides,
  };
}

/** Match 42 settled: team A (dummy_01..05) beat team B (dummy_06..10); B attacked first. */
export function buildMatchSummary(overrides: Partial<MatchSummary> = {}): MatchSummary {
  const player = (n: number, team: 'A' | 'B') => {
    const delta = team === 'A' ? 10 + n : -(10 + n);
    const before = 1500 + n * 10;
    return {
      user_id: `dummy_${String(n).padStart(2, '0')}`,
      trainer_name: `選手${n}`,
      role: ROLE_ORDER[(n - 1) % 5] ?? null,
      pokemon_id: n % 2 === 0 ? 'PIKACHU' : 'SNORLAX',
      rate_before: before,
      rate_after: before + delta,
      rate_delta: delta,
    };
  };
  return {
    match_id: '42',
    predicted_a: 0.52,
    season_id: 's1',
    started_at: 1_717_200_000,
    settled_at: 1_717_201_200,
    winner_team: 'A',
    first_attack: 'B',
    team_a: [1, 2, 3, 4, 5].map((n) => player(n, 'A')),
    team_b: [6, 7, 8, 9, 10].map((n) => player(n, 'B')),
    ...overrides,
  };
}
