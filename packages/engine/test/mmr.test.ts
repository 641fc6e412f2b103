import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RATING_CONFIG,
  type GaussianPlayer,
  gaussianWin,
  initialMmr,
  type Mmr,
  mmrForSeason,
  mmrWinProbability,
  normalCdf,
  updateMmr,
} from '../src/rating/index.ts';

// The MMR's Gaussian update against the values published with the TrueSkill reference implementation (the Python
// package `trueskill`, its test suite: default environment μ 25, σ 25/3, β 25/6, τ 25/300, draw probability 10 %),
// then the site's use of it (team means, no draws, its scale) against values computed by hand.

const MU = 25;
const SIGMA = 25 / 3;
const BETA = 25 / 6;
const TAU = 25 / 300;
/** Φ⁻¹(0.55): the draw margin of a 10 % draw probability is Φ⁻¹((0.1 + 1) / 2) × √(players) × β. */
const PROBIT_055 = 0.12566134685507402;
const rules = (players: number) => ({ beta: BETA, tau: TAU, drawMargin: PROBIT_055 * Math.sqrt(players) * BETA });
const fresh = (n: number): GaussianPlayer[] => Array.from({ length: n }, () => ({ mu: MU, sigma: SIGMA }));
const r = (mu: number, sigma: number): GaussianPlayer => ({ mu, sigma });

/** The reference suite's precision: three decimals, the last one ±1. */
function expectRatings(got: Mmr[], want: [number, number][]): void {
  expect(got).toHaveLength(want.length);
  got.forEach((rating, i) => {
    const [mu, sigma] = want[i] as [number, number];
    expect(Math.abs(rating.mu - mu)).toBeLessThanOrEqual(0.0015);
    expect(Math.abs(rating.sigma - sigma)).toBeLessThanOrEqual(0.0015);
  });
}

function rate(winners: GaussianPlayer[], losers: GaussianPlayer[]): Mmr[] {
  const { winners: w, losers: l } = gaussianWin(winners, losers, rules(winners.length + losers.length));
  return [...w, ...l];
}

describe('gaussianWin: the published TrueSkill values (two teams)', () => {
  it('1 vs 1, 2 vs 2, 4 vs 4 of fresh players', () => {
    expectRatings(rate(fresh(1), fresh(1)), [
      [29.396, 7.171],
      [20.604, 7.171],
    ]);
    expectRatings(rate(fresh(2), fresh(2)), [
      [28.108, 7.774],
      [28.108, 7.774],
      [21.892, 7.774],
      [21.892, 7.774],
    ]);
    expectRatings(rate(fresh(4), fresh(4)), [
      ...Array.from({ length: 4 }, (): [number, number] => [27.198, 8.059]),
      ...Array.from({ length: 4 }, (): [number, number] => [22.802, 8.059]),
    ]);
  });

  it('1 vs 2, 1 vs 3, 1 vs 7', () => {
    expectRatings(rate(fresh(1), fresh(2)), [
      [33.73, 7.317],
      [16.27, 7.317],
      [16.27, 7.317],
    ]);
    expectRatings(rate(fresh(1), fresh(3)), [
      [36.337, 7.527],
      [13.663, 7.527],
      [13.663, 7.527],
      [13.663, 7.527],
    ]);
    expectRatings(rate(fresh(1), fresh(7)), [
      [40.582, 7.917],
      ...Array.from({ length: 7 }, (): [number, number] => [9.418, 7.917]),
    ]);
  });

  it('upsets: 2 vs 2 and 3 vs 2 of uneven players', () => {
    expectRatings(rate([r(20, 8), r(25, 6)], [r(35, 7), r(40, 5)]), [
      [29.698, 7.008],
      [30.455, 5.594],
      [27.575, 6.346],
      [36.211, 4.768],
    ]);
    const three = [r(28, 7), r(27, 6), r(26, 5)];
    const two = [r(30, 4), r(31, 3)];
    expectRatings(rate(three, two), [
      [28.658, 6.77],
      [27.484, 5.856],
      [26.336, 4.917],
      [29.785, 3.958],
      [30.879, 2.983],
    ]);
    const { winners, losers } = gaussianWin(two, three, rules(5));
    expectRatings(
      [...losers, ...winners],
      [
        [21.84, 6.314],
        [22.474, 5.575],
        [22.857, 4.757],
        [32.012, 3.877],
        [32.132, 2.949],
      ],
    );
  });

  it('weighs each performance: with weights 1/2 (team means) the update is the one written out', () => {
    // The difference of the two means has variance Σ (σ² + β²) / 4; each μ moves by (σ² / 2) / c × v(t).
    const weighted = gaussianWin(
      [
        { mu: 30, sigma: 6, weight: 0.5 },
        { mu: 20, sigma: 4, weight: 0.5 },
      ],
      [
        { mu: 26, sigma: 5, weight: 0.5 },
        { mu: 22, sigma: 3, weight: 0.5 },
      ],
      { beta: 4, tau: 0, drawMargin: 0 },
    );
    const variance = (36 + 16 + 25 + 9 + 4 * 16) / 4;
    const c = Math.sqrt(variance);
    const t = (25 - 24) / c;
    const v = Math.exp(-(t * t) / 2) / Math.sqrt(2 * Math.PI) / normalCdf(t);
    expect(weighted.winners[0]?.mu).toBeCloseTo(30 + ((0.5 * 36) / c) * v, 10);
    expect(weighted.losers[1]?.mu).toBeCloseTo(22 - ((0.5 * 9) / c) * v, 10);
  });

  it('survives a hopeless upset (the tail of v)', () => {
    const [winner] = gaussianWin([r(0, 1)], [r(1000, 1)], { beta: 1, tau: 0, drawMargin: 0 }).winners;
    expect(Number.isFinite(winner?.mu)).toBe(true);
    expect(winner?.mu).toBeGreaterThan(0);
  });
});

/** A 2v2 win of players known to ±110, β 460 at five a side (hand-computed below). */
const MU_2V2 = 1515.539262;
const SIGMA_2V2 = 108.970323;

describe("the site's MMR (team means, no draws, β 460, τ 4)", () => {
  const config = DEFAULT_RATING_CONFIG.mmr;
  const team = (mu: number, sigma: number): Mmr[] => Array.from({ length: 5 }, () => ({ mu, sigma }));

  it('moves ten players known to ±110 by ±6.46 and σ to 109.88 (hand-computed)', () => {
    // σ̃² = 110² + 4² = 12116; c² = 10 × (12116 + 460²) / 25 = 89486.4; t = 0; v = 2φ(0) = 0.797885; w = v².
    // μ' = 1500 ± (12116 / 5 / 299.1428) × 0.797885; σ'² = 12116 × (1 − 12116 / 25 / 89486.4 × w).
    const { teamA, teamB } = updateMmr(team(1500, 110), team(1500, 110), 'A', config);
    for (const p of teamA) expect(p.mu).toBeCloseTo(1506.463248, 4);
    for (const p of teamB) expect(p.mu).toBeCloseTo(1493.536752, 4);
    for (const p of [...teamA, ...teamB]) expect(p.sigma).toBeCloseTo(109.882785, 4);
  });

  it('moves an upset further, and a known player less (hand-computed)', () => {
    // A (μ 1600, σ 100) loses to B (μ 1500, σ 110): t = −100 / c.
    const { teamA, teamB } = updateMmr(team(1600, 100), team(1500, 110), 'B', config);
    expect(teamB[0]?.mu).toBeCloseTo(1508.30405, 4);
    expect(teamB[0]?.sigma).toBeCloseTo(109.861892, 4);
    expect(teamA[0]?.mu).toBeCloseTo(1593.135245, 4);
    expect(teamA[0]?.sigma).toBeCloseTo(99.921543, 4);
    expect(mmrWinProbability(team(1600, 100), team(1500, 110), config)).toBeCloseTo(0.631216, 5);
  });

  it("spreads a team's performance as much whatever its size: β is a player's in a team of five", () => {
    // Known players (σ 0, τ 0): P(A) = Φ(100 / √(2 × 460² / 5)) for 1v1, 2v2, 5v5 and 11v11 alike. A team's mean over
    // n players with spread β each would vary β/√n, and an 11-a-side match would look surer than a 1v1.
    const known = { ...config, tau: 0 };
    const sized = (n: number, mu: number): Mmr[] => Array.from({ length: n }, () => ({ mu, sigma: 0 }));
    const expected = normalCdf(100 / Math.sqrt((2 * 460 ** 2) / 5));
    for (const n of [1, 2, 5, 11]) {
      expect(mmrWinProbability(sized(n, 1600), sized(n, 1500), known)).toBeCloseTo(expected, 10);
    }
    // Teams of different sizes: each team's spread is β/√5.
    expect(mmrWinProbability(sized(12, 1600), sized(11, 1500), known)).toBeCloseTo(expected, 10);
    // A 2v2 of players known to ±110 (hand-computed): σ̃² = 12116; c² = 2 × 12116 / 2 + 2 × 460² / 5 = 96756 (a 5v5's
    // 89486.4: the teams' noise is the same, the players' uncertainty weighs more in a smaller team).
    const pair = (mu: number): Mmr[] => [
      { mu, sigma: 110 },
      { mu, sigma: 110 },
    ];
    const { teamA, teamB } = updateMmr(pair(1500), pair(1500), 'A', config);
    for (const p of teamA) expect(p.mu).toBeCloseTo(MU_2V2, 4);
    for (const p of teamB) expect(p.mu).toBeCloseTo(3000 - MU_2V2, 4);
    for (const p of [...teamA, ...teamB]) expect(p.sigma).toBeCloseTo(SIGMA_2V2, 4);
  });

  it('a void match changes nobody', () => {
    const { teamA, teamB } = updateMmr(team(1600, 100), team(1500, 110), null, config);
    expect([...teamA, ...teamB]).toEqual([...team(1600, 100), ...team(1500, 110)]);
  });

  it('carries the MMR across seasons and widens σ at the first match of another season', () => {
    expect(initialMmr(1780, config)).toEqual({ mu: 1780, sigma: 125 });
    expect(mmrForSeason(null, 1500, 's2', config)).toEqual({ mu: 1500, sigma: 125 });
    const state = { mu: 1640, sigma: 90, season_id: 's1' };
    expect(mmrForSeason(state, 1500, 's1', config)).toEqual({ mu: 1640, sigma: 90 });
    // √(90² + 40²) = 98.49; never past the newcomer's 125; a σ above it stays as it is.
    expect(mmrForSeason(state, 1500, 's2', config).sigma).toBeCloseTo(98.4886, 4);
    expect(mmrForSeason(state, 1500, 's2', config).mu).toBe(1640);
    expect(mmrForSeason({ ...state, sigma: 120 }, 1500, 's2', config).sigma).toBe(125);
    expect(mmrForSeason({ ...state, sigma: 130 }, 1500, 's2', config).sigma).toBe(130);
  });
});
