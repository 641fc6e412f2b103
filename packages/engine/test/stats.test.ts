import { describe, expect, it } from 'vitest';
import {
  addCounts,
  addMatch,
  bandFigures,
  bandsOf,
  emptySeason,
  japanTime,
  type MatchFacts,
  rateHistogram,
  wilson,
} from '../src/index.ts';

// Season statistics against values computed by hand on a small fixed set of matches.

const player = (team: 'A' | 'B', role: string, rateBefore: number, picked: string, banned = '') => ({
  team,
  role,
  rateBefore,
  picked,
  banned,
});

// 2027-01-15 08:00 UTC = 17:00 Friday in Japan.
const FRIDAY_17_JST = 1_800_000_000 - (1_800_000_000 % 86_400) + 8 * 3600;

const matchA: MatchFacts = {
  winner: 'A',
  firstAttack: 'B',
  settledAt: FRIDAY_17_JST,
  players: [
    player('A', 'TOP_LANE', 1400, 'PIKACHU', 'MEW'),
    player('A', 'TANK', 1400, 'SNORLAX'),
    player('B', 'TOP_LANE', 1400, 'PIKACHU', 'MEW'),
    player('B', 'TANK', 1400, '', 'LUCARIO'),
  ],
};
const matchB: MatchFacts = {
  winner: 'B',
  firstAttack: 'B',
  settledAt: FRIDAY_17_JST + 86_400,
  players: [
    player('A', 'TOP_LANE', 1800, 'PIKACHU'),
    player('A', 'TANK', 1800, 'SNORLAX'),
    player('B', 'TOP_LANE', 1800, 'MEW'),
    player('B', 'TANK', 1800, 'SNORLAX'),
  ],
};
const voided: MatchFacts = { ...matchB, winner: null, settledAt: FRIDAY_17_JST + 86_400 };

describe('wilson', () => {
  it('matches hand-computed bounds', () => {
    // 5 of 10: centre 0.5, the textbook interval 0.2366–0.7634.
    const [low, high] = wilson(5, 10);
    expect(low).toBeCloseTo(0.2366, 4);
    expect(high).toBeCloseTo(0.7634, 4);
    const [l1, h1] = wilson(1, 1);
    expect(l1).toBeCloseTo(0.2065, 4);
    expect(h1).toBe(1);
    expect(wilson(0, 0)).toEqual([0, 0]);
  });
});

describe('season statistics', () => {
  const counts = emptySeason();
  for (const m of [matchA, matchB, voided]) addMatch(counts, m);

  it('counts every band once per match, by the match average', () => {
    expect(bandsOf(1499)).toEqual(['all', 'lt1500']);
    expect(bandsOf(1500)).toEqual(['all', '1500_1699']);
    expect(bandsOf(1700)).toEqual(['all', 'ge1700']);
    const all = bandFigures(counts.all);
    expect(all.matches).toBe(3);
    expect(all.results).toEqual({ A: 1, B: 1, invalid: 1 });
    expect(bandFigures(counts.lt1500).matches).toBe(1);
    expect(bandFigures(counts.ge1700).matches).toBe(2);
    expect(bandFigures(counts['1500_1699']).matches).toBe(0);
  });

  it('counts bans in the match band, so a band ban rate never passes 100 %', () => {
    const mixed = emptySeason();
    // Average 1625: a 1500–1699 match, though the player who banned is below 1500.
    addMatch(mixed, {
      ...matchA,
      players: [
        player('A', 'TOP_LANE', 1400, 'PIKACHU', 'MEW'),
        player('A', 'TANK', 1700, 'SNORLAX'),
        player('B', 'TOP_LANE', 1700, 'PIKACHU'),
        player('B', 'TANK', 1700, '', 'LUCARIO'),
      ],
    });
    for (const band of ['all', '1500_1699'] as const) {
      const mew = bandFigures(mixed[band]).characters.find((c) => c.pokemon_id === 'MEW');
      expect(mew).toMatchObject({ bans: 1, ban_rate: 1 });
    }
    expect(bandFigures(mixed.lt1500).characters.find((c) => c.pokemon_id === 'MEW')?.bans ?? 0).toBe(0);
    // The pick still goes by the player's own rate.
    expect(bandFigures(mixed.lt1500).characters.find((c) => c.pokemon_id === 'PIKACHU')?.picks).toBe(1);
  });

  it('computes pick, ban and win rates with their intervals', () => {
    const all = bandFigures(counts.all);
    // Rated player-games: 4 + 4 (the void match counts for bans only).
    const pikachu = all.characters.find((c) => c.pokemon_id === 'PIKACHU');
    expect(pikachu).toMatchObject({ picks: 3, wins: 1, pick_rate: 3 / 8, win_rate: 1 / 3 });
    const [low, high] = wilson(1, 3);
    expect(pikachu?.win_rate_low).toBeCloseTo(low, 10);
    expect(pikachu?.win_rate_high).toBeCloseTo(high, 10);
    // MEW banned by two players of one match counts once; banned in 1 of 3 matches.
    const mew = all.characters.find((c) => c.pokemon_id === 'MEW');
    expect(mew).toMatchObject({ bans: 1, ban_rate: 1 / 3, picks: 1, wins: 1 });
    expect(all.characters[0]?.pokemon_id).toBe('PIKACHU');
  });

  it('computes the first-attack win rate', () => {
    const all = bandFigures(counts.all);
    // Match A: B attacked first and lost; match B: B attacked first and won; the void match does not count.
    expect(all.first_attack).toEqual({ games: 2, wins: 1, win_rate: 0.5 });
  });

  it('counts per role how often the team whose player in that role was rated higher won', () => {
    // Every team has one player of each role, so the win rate of a role's players is 50 % by construction (issue 21,
    // item 7). What carries information: when the two players of a role differ in rate, does the higher one's team win?
    const edges = emptySeason();
    // A's top laner is 100 higher and A wins; B's tank is 100 higher and B loses.
    addMatch(edges, {
      ...matchA,
      players: [
        player('A', 'TOP_LANE', 1600, ''),
        player('A', 'TANK', 1500, ''),
        player('B', 'TOP_LANE', 1500, ''),
        player('B', 'TANK', 1600, ''),
      ],
    });
    // A's top laner is higher again and A loses; the tanks are equal (no side was higher: not counted).
    addMatch(edges, {
      ...matchB,
      players: [
        player('A', 'TOP_LANE', 1650, ''),
        player('A', 'TANK', 1550, ''),
        player('B', 'TOP_LANE', 1550, ''),
        player('B', 'TANK', 1550, ''),
      ],
    });
    // A void match says nothing about who wins.
    addMatch(edges, {
      ...matchA,
      winner: null,
      players: [player('A', 'TANK', 1700, ''), player('B', 'TANK', 1500, '')],
    });

    const all = bandFigures(edges.all);
    expect(all.role_advantage).toEqual([
      { role: 'TANK', games: 1, wins: 0, win_rate: 0, win_rate_low: 0, win_rate_high: wilson(0, 1)[1] },
      {
        role: 'TOP_LANE',
        games: 2,
        wins: 1,
        win_rate: 0.5,
        win_rate_low: wilson(1, 2)[0],
        win_rate_high: wilson(1, 2)[1],
      },
    ]);
    // A match-level figure: in the band of the match's average rate (1550, then 1575).
    expect(bandFigures(edges['1500_1699']).role_advantage).toEqual(all.role_advantage);
    expect(bandFigures(edges.lt1500).role_advantage).toEqual([]);
    // The matches of the first fixture have equal rates in every role: nothing to count.
    expect(bandFigures(counts.all).role_advantage).toEqual([]);
  });

  it('counts matches per Japanese day and in the weekday × hour map', () => {
    expect(japanTime(FRIDAY_17_JST)).toEqual({ day: '2027-01-15', weekday: 5, hour: 17 });
    const all = bandFigures(counts.all);
    expect(all.matches_per_day).toEqual([
      { day: '2027-01-15', matches: 1 },
      { day: '2027-01-16', matches: 2 },
    ]);
    expect(all.heat_map[5]?.[17]).toBe(1);
    expect(all.heat_map[6]?.[17]).toBe(2);
  });

  it('gives empty figures for an empty season', () => {
    const empty = bandFigures(emptySeason().all);
    expect(empty).toMatchObject({ matches: 0, characters: [], role_advantage: [], matches_per_day: [] });
    expect(empty.first_attack.win_rate).toBe(0);
  });

  it('bins rates for the histogram', () => {
    expect(rateHistogram([1499, 1500, 1549, 1550, 1720])).toEqual([
      { from: 1450, count: 1 },
      { from: 1500, count: 2 },
      { from: 1550, count: 1 },
      { from: 1700, count: 1 },
    ]);
  });
});

describe('addCounts', () => {
  it('adds up the folds of two parts of a season to the fold of the whole', () => {
    const whole = emptySeason();
    for (const m of [matchA, matchB, voided]) addMatch(whole, m);
    const first = emptySeason();
    addMatch(first, matchA);
    const second = emptySeason();
    addMatch(second, matchB);
    addMatch(second, voided);
    addCounts(first, second);
    expect(first).toEqual(whole);
    // Adding nothing changes nothing.
    addCounts(first, emptySeason());
    expect(first).toEqual(whole);
  });
});
