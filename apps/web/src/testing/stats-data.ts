import { wilson } from '@rankmatch/engine';
import type { Season, StatsReply } from '@rankmatch/shared';

// Test data for the statistics page (GET /api/public/stats). The numbers are chosen so that every sortable column of
// the character table gives a different order, and the intervals are the engine's Wilson intervals.

/** Players of decisive matches (230 × 10): the pick rates' denominator. */
const PLAYER_GAMES = 2300;
const MATCHES = 240;

/** A character's figures as the server gives them: no win rate nor interval without picks (only banned). */
/** A role's advantage figure: of `games` matches with the role's players at different rates, `wins` won by the higher. */
export function buildRoleAdvantage(role: string, games: number, wins: number): StatsReply['role_advantage'][number] {
  const [low, high] = wilson(wins, games);
  return { role, games, wins, win_rate: wins / games, win_rate_low: low, win_rate_high: high };
}

export function buildCharacterFigure(
  pokemonId: string,
  picks: number,
  wins: number,
  bans: number,
): StatsReply['characters'][number] {
  const [low, high] = wilson(wins, picks);
  return {
    pokemon_id: pokemonId,
    picks,
    pick_rate: picks / PLAYER_GAMES,
    bans,
    ban_rate: bans / MATCHES,
    wins,
    win_rate: picks > 0 ? wins / picks : null,
    win_rate_low: picks > 0 ? low : null,
    win_rate_high: picks > 0 ? high : null,
  };
}

/** Season s1 「シーズン1」 as the statistics name it: 2025年6月1日 〜 2025年8月31日 (noon in Japan), running. */
export function buildStatsSeason(overrides: Partial<NonNullable<StatsReply['season']>> = {}) {
  return {
    season_id: 's1',
    season_name: 'シーズン1',
    start_date: 1_748_746_800,
    end_date: 1_756_609_200,
    ended_at: null,
    ...overrides,
  };
}

/** An empty weekday × hour grid with some cells set: [weekday, hour, matches]. */
export function buildHeatMap(cells: [number, number, number][] = []): number[][] {
  const grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const [weekday, hour, matches] of cells) (grid[weekday] as number[])[hour] = matches;
  return grid;
}

export function buildWaits(known: Record<number, { waves: number; seconds: number }> = {}): StatsReply['wait_by_hour'] {
  return Array.from({ length: 24 }, (_, hour) => ({
    hour,
    waves: known[hour]?.waves ?? 0,
    average_wait_seconds: known[hour]?.seconds ?? null,
  }));
}

/**
 * Season s1 「シーズン1」, all bands: 240 matches (A 120, B 110, 10 invalid), first attack 128 of 230, five characters
 * (ハピナス only banned), five roles, three days (one without matches), a heat map, a histogram with a gap and waits
 * at 21 and 22 o'clock.
 */
export function buildStatsReply(overrides: Partial<StatsReply> = {}): StatsReply {
  return {
    season: buildStatsSeason(),
    band: 'all',
    computed_at: 1_717_300_000,
    matches: MATCHES,
    results: { A: 120, B: 110, invalid: 10 },
    first_attack: { games: 230, wins: 128, win_rate: 128 / 230 },
    characters: [
      buildCharacterFigure('PIKACHU', 300, 150, 20),
      buildCharacterFigure('LUCARIO', 200, 120, 60),
      buildCharacterFigure('SNORLAX', 120, 54, 5),
      buildCharacterFigure('GENGAR', 20, 14, 90),
      buildCharacterFigure('BLISSEY', 0, 0, 30),
    ],
    // The server sorts roles by name; the page shows them in the game's order.
    role_advantage: [
      buildRoleAdvantage('BOTTOM_LANE', 210, 131),
      buildRoleAdvantage('MIDDLE', 205, 109),
      buildRoleAdvantage('SUPPORT', 198, 97),
      buildRoleAdvantage('TANK', 214, 120),
      buildRoleAdvantage('TOP_LANE', 201, 113),
    ],
    matches_per_day: [
      { day: '2025-06-01', matches: 100 },
      { day: '2025-06-03', matches: 140 },
    ],
    heat_map: buildHeatMap([
      [6, 22, 30],
      [0, 21, 12],
      [3, 13, 1],
    ]),
    rating_histogram: [
      { from: 1400, count: 5 },
      { from: 1500, count: 12 },
      { from: 1550, count: 8 },
    ],
    wait_by_hour: buildWaits({ 21: { waves: 10, seconds: 95 }, 22: { waves: 12, seconds: 40 } }),
    ready_checks: { opened: 0, started: 0, failed: 0 },
    ...overrides,
  };
}

/** A season without any settled match: zero counts, players' rates still known. */
export function buildEmptyStatsReply(overrides: Partial<StatsReply> = {}): StatsReply {
  return buildStatsReply({
    computed_at: 1_717_300_000,
    matches: 0,
    results: { A: 0, B: 0, invalid: 0 },
    first_attack: { games: 0, wins: 0, win_rate: 0 },
    characters: [],
    role_advantage: [],
    matches_per_day: [],
    heat_map: buildHeatMap(),
    wait_by_hour: buildWaits(),
    ...overrides,
  });
}

/** What the server answers when no season is active. */
export function buildNoSeasonStatsReply(): StatsReply {
  return buildEmptyStatsReply({ season: null, computed_at: null, rating_histogram: [], wait_by_hour: [] });
}

/** A season of the public list (GET /api/public/seasons), for the season selector. */
export function buildListedSeason(id: string, name: string, overrides: Partial<Season> = {}): Season {
  return {
    id,
    name,
    description: '',
    start_date: 1_748_746_800,
    end_date: 1_756_609_200,
    image_url: '',
    theme_color: '#3366ff',
    is_active: false,
    ended_at: 1_756_609_200,
    ...overrides,
  };
}
