// Season statistics as pure folds: a settled match (its facts) is added to running counts, and the counts are turned
// into the figures the statistics page shows. The full snapshot folds every match of a season; a settlement folds one
// more, so the numbers stay current without recomputing.

import { RATING_BANDS, type RatingBand } from '@rankmatch/shared';

export { RATING_BANDS, type RatingBand };

/** Which bands a rate falls in ('all' always). */
export function bandsOf(rate: number): RatingBand[] {
  return ['all', rate < 1500 ? 'lt1500' : rate < 1700 ? '1500_1699' : 'ge1700'];
}

/** What a settled match contributes. Times are unix seconds; weekday/hour are in Japan time. */
export interface MatchFacts {
  winner: 'A' | 'B' | null;
  firstAttack: 'A' | 'B';
  settledAt: number;
  players: {
    team: 'A' | 'B';
    role: string;
    rateBefore: number;
    /** The character the player reported ('' when they did not report a pick). */
    picked: string;
    banned: string;
  }[];
}

interface WinCount {
  games: number;
  wins: number;
}

export interface BandCounts {
  matches: number;
  results: { A: number; B: number; invalid: number };
  firstAttack: WinCount;
  /** Players of rated matches (one per player per match) in the band. */
  playerGames: number;
  picks: Record<string, WinCount>;
  /** Matches of the band (by average rate) in which the character was banned. */
  bans: Record<string, number>;
  /**
   * Per role, rated matches of the band in which the two players of that role differed in rate (games), and those
   * the higher-rated one's team won (wins). (Each team has one player of each role, so the role's players as a whole
   * win exactly half their games: that figure said nothing.)
   */
  roleAdvantage: Record<string, WinCount>;
  /** 'YYYY-MM-DD' (Japan) → matches */
  perDay: Record<string, number>;
  /** weekday (0 Sunday) × hour (Japan) → matches */
  heat: number[][];
}

export const emptyBand = (): BandCounts => ({
  matches: 0,
  results: { A: 0, B: 0, invalid: 0 },
  firstAttack: { games: 0, wins: 0 },
  playerGames: 0,
  picks: {},
  bans: {},
  roleAdvantage: {},
  perDay: {},
  heat: Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0)),
});

export type SeasonCounts = Record<RatingBand, BandCounts>;
export const emptySeason = (): SeasonCounts =>
  Object.fromEntries(RATING_BANDS.map((b) => [b, emptyBand()])) as SeasonCounts;

const JST_OFFSET_SECONDS = 9 * 3600;

/** Japan-time calendar facts of a unix time (no DST in Japan: a fixed offset is exact). */
export function japanTime(unix: number): { day: string; weekday: number; hour: number } {
  const d = new Date((unix + JST_OFFSET_SECONDS) * 1000);
  return { day: d.toISOString().slice(0, 10), weekday: d.getUTCDay(), hour: d.getUTCHours() };
}

const bump = (record: Record<string, WinCount>, key: string, won: boolean) => {
  const entry = record[key] ?? { games: 0, wins: 0 };
  entry.games += 1;
  if (won) entry.wins += 1;
  record[key] = entry;
};

/** Adds one settled match to the season's counts (in place). Match-level figures go by the match's average rate. */
export function addMatch(counts: SeasonCounts, match: MatchFacts): void {
  const average = match.players.reduce((sum, p) => sum + p.rateBefore, 0) / Math.max(1, match.players.length);
  const when = japanTime(match.settledAt);
  // A ban is a match-level fact (was the character banned in this match?), counted like the matches it divides.
  const banned = new Set(match.players.map((p) => p.banned).filter((id): id is string => Boolean(id)));
  for (const band of bandsOf(average)) {
    const c = counts[band];
    c.matches += 1;
    for (const id of banned) c.bans[id] = (c.bans[id] ?? 0) + 1;
    c.results[match.winner ?? 'invalid'] += 1;
    c.perDay[when.day] = (c.perDay[when.day] ?? 0) + 1;
    const row = c.heat[when.weekday] as number[];
    row[when.hour] = (row[when.hour] ?? 0) + 1;
    if (match.winner) {
      c.firstAttack.games += 1;
      if (match.winner === match.firstAttack) c.firstAttack.wins += 1;
      for (const edge of roleEdges(match)) bump(c.roleAdvantage, edge.role, edge.higher === match.winner);
    }
  }
  // Player-level figures (rated matches only) go by each player's own rate.
  if (!match.winner) return;
  for (const p of match.players) {
    const won = p.team === match.winner;
    for (const band of bandsOf(p.rateBefore)) {
      const c = counts[band];
      c.playerGames += 1;
      if (p.picked) bump(c.picks, p.picked, won);
    }
  }
}

/** Each pair of opposing players with the same role and different rates: the role and the higher one's team. */
function roleEdges(match: MatchFacts): { role: string; higher: 'A' | 'B' }[] {
  const edges: { role: string; higher: 'A' | 'B' }[] = [];
  for (const a of match.players) {
    if (a.team !== 'A') continue;
    for (const b of match.players) {
      if (b.team === 'B' && b.role === a.role && b.rateBefore !== a.rateBefore) {
        edges.push({ role: a.role, higher: a.rateBefore > b.rateBefore ? 'A' : 'B' });
      }
    }
  }
  return edges;
}

// Counts computed elsewhere (a database's GROUP BY over a whole season) are added with these, the same way
// addMatch adds one match: a full snapshot and a fold of every match give the same counts.

/** `n` matches of one band with the same result, first attack outcome and Japanese day/weekday/hour. */
export function addMatchGroup(
  c: BandCounts,
  group: { winner: 'A' | 'B' | null; firstAttackWon: boolean; day: string; weekday: number; hour: number; n: number },
): void {
  c.matches += group.n;
  c.results[group.winner ?? 'invalid'] += group.n;
  c.perDay[group.day] = (c.perDay[group.day] ?? 0) + group.n;
  const row = c.heat[group.weekday] as number[];
  row[group.hour] = (row[group.hour] ?? 0) + group.n;
  if (group.winner) {
    c.firstAttack.games += group.n;
    if (group.firstAttackWon) c.firstAttack.wins += group.n;
  }
}

const addWinGroup = (record: Record<string, WinCount>, key: string, won: boolean, n: number) => {
  const entry = record[key] ?? { games: 0, wins: 0 };
  entry.games += n;
  if (won) entry.wins += n;
  record[key] = entry;
};

/** `n` player-games of rated matches in one band with the same pick and outcome. */
export function addPlayerGroup(c: BandCounts, group: { picked: string; won: boolean; n: number }): void {
  c.playerGames += group.n;
  if (group.picked) addWinGroup(c.picks, group.picked, group.won, group.n);
}

/** `n` rated matches of one band in which the higher-rated player of `role` was on the winning team (`won`) or not. */
export function addRoleAdvantageGroup(c: BandCounts, group: { role: string; won: boolean; n: number }): void {
  addWinGroup(c.roleAdvantage, group.role, group.won, group.n);
}

/** A character banned in `n` matches of one band. */
export function addBanGroup(c: BandCounts, banned: string, n: number): void {
  c.bans[banned] = (c.bans[banned] ?? 0) + n;
}

/** Adds the counts of `source` (other matches of the same season) into `target`: folds are sums, so parts add up. */
export function addCounts(target: SeasonCounts, source: SeasonCounts): void {
  const addWins = (into: Record<string, WinCount>, from: Record<string, WinCount>) => {
    for (const [key, w] of Object.entries(from)) {
      const entry = into[key] ?? { games: 0, wins: 0 };
      entry.games += w.games;
      entry.wins += w.wins;
      into[key] = entry;
    }
  };
  for (const band of RATING_BANDS) {
    const t = target[band];
    const s = source[band];
    t.matches += s.matches;
    t.results.A += s.results.A;
    t.results.B += s.results.B;
    t.results.invalid += s.results.invalid;
    t.firstAttack.games += s.firstAttack.games;
    t.firstAttack.wins += s.firstAttack.wins;
    t.playerGames += s.playerGames;
    addWins(t.picks, s.picks);
    addWins(t.roleAdvantage, s.roleAdvantage);
    for (const [id, n] of Object.entries(s.bans)) t.bans[id] = (t.bans[id] ?? 0) + n;
    for (const [day, n] of Object.entries(s.perDay)) t.perDay[day] = (t.perDay[day] ?? 0) + n;
    s.heat.forEach((row, weekday) => {
      const into = t.heat[weekday] as number[];
      row.forEach((n, hour) => {
        into[hour] = (into[hour] ?? 0) + n;
      });
    });
  }
}

/** Wilson score interval (95 %) of a proportion, as [low, high] in 0–1; [0, 0] without games. */
export function wilson(wins: number, games: number, z = 1.959964): [number, number] {
  if (games === 0) return [0, 0];
  const p = wins / games;
  const z2 = z * z;
  const centre = p + z2 / (2 * games);
  const margin = z * Math.sqrt((p * (1 - p)) / games + z2 / (4 * games * games));
  const denominator = 1 + z2 / games;
  return [Math.max(0, (centre - margin) / denominator), Math.min(1, (centre + margin) / denominator)];
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

export interface CharacterFigure {
  pokemon_id: string;
  picks: number;
  pick_rate: number;
  bans: number;
  ban_rate: number;
  wins: number;
  win_rate: number;
  /** 95 % Wilson interval of the win rate. */
  win_rate_low: number;
  win_rate_high: number;
}

/**
 * The figures of one band: characters (pick, ban, win rates), the advantage of the higher-rated player of each role,
 * first attack, results, days, heat map.
 */
export function bandFigures(c: BandCounts) {
  const ids = new Set([...Object.keys(c.picks), ...Object.keys(c.bans)]);
  const characters: CharacterFigure[] = [...ids].map((id) => {
    const pick = c.picks[id] ?? { games: 0, wins: 0 };
    const [low, high] = wilson(pick.wins, pick.games);
    return {
      pokemon_id: id,
      picks: pick.games,
      pick_rate: ratio(pick.games, c.playerGames),
      bans: c.bans[id] ?? 0,
      ban_rate: ratio(c.bans[id] ?? 0, c.matches),
      wins: pick.wins,
      win_rate: ratio(pick.wins, pick.games),
      win_rate_low: low,
      win_rate_high: high,
    };
  });
  characters.sort((a, b) => b.picks - a.picks || a.pokemon_id.localeCompare(b.pokemon_id));
  const roleAdvantage = Object.entries(c.roleAdvantage)
    .map(([role, w]) => {
      const [low, high] = wilson(w.wins, w.games);
      return {
        role,
        games: w.games,
        wins: w.wins,
        win_rate: ratio(w.wins, w.games),
        win_rate_low: low,
        win_rate_high: high,
      };
    })
    .sort((a, b) => a.role.localeCompare(b.role));
  return {
    matches: c.matches,
    results: { ...c.results },
    first_attack: {
      games: c.firstAttack.games,
      wins: c.firstAttack.wins,
      win_rate: ratio(c.firstAttack.wins, c.firstAttack.games),
    },
    characters,
    role_advantage: roleAdvantage,
    matches_per_day: Object.entries(c.perDay)
      .map(([day, matches]) => ({ day, matches }))
      .sort((a, b) => a.day.localeCompare(b.day)),
    heat_map: c.heat.map((row) => [...row]),
  };
}

/** Players' rates in bins of `width` (lower bound → count), for the distribution histogram. */
export function rateHistogram(rates: readonly number[], width = 50): { from: number; count: number }[] {
  const bins = new Map<number, number>();
  for (const rate of rates) {
    const from = Math.floor(rate / width) * width;
    bins.set(from, (bins.get(from) ?? 0) + 1);
  }
  return [...bins].map(([from, count]) => ({ from, count })).sort((a, b) => a.from - b.from);
}
