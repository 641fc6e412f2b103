import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../src/matchmaking/rng.ts';
import type { EloPlayer, Mmr, RatedPlayer } from '../src/rating/index.ts';
import {
  clampedStep,
  DEFAULT_RATING_CONFIG,
  displayedExpectation,
  eloDelta,
  expectedScore,
  kOf,
  LEGACY_ELO,
  mmrWinProbability,
  RATING_RULE_JA,
  rateMatch,
  rateMatchElo,
  ratingChangesById,
  ratingRuleJa,
  teamAverage,
  updateMaxRate,
} from '../src/rating/index.ts';

const team = (prefix: string, rates: number[]): EloPlayer[] =>
  rates.map((rate, i) => ({ user_id: `${prefix}${i + 1}`, rate }));

describe('expectedScore', () => {
  it('matches hand-computed Elo values', () => {
    // 1 / (1 + 10^(100/400)) = 1 / (1 + 1.778279) = 0.359935
    expect(expectedScore(1500, 1600)).toBeCloseTo(0.359935, 6);
    expect(expectedScore(1500, 1500)).toBe(0.5);
    // 1 / (1 + 10^(400/400)) = 1 / 11 = 0.090909
    expect(expectedScore(1300, 1700)).toBeCloseTo(1 / 11, 10);
    // Complementary: E(a, b) + E(b, a) = 1
    expect(expectedScore(1623, 1477) + expectedScore(1477, 1623)).toBeCloseTo(1, 12);
  });
});

describe("eloDelta (the site's Elo before the MMR: K = 40, clamp 10..50)", () => {
  it('uses K = 40 by default', () => {
    expect(LEGACY_ELO).toEqual({ kFactor: 40, minDelta: 10, maxDelta: 50 });
  });

  it('golden values', () => {
    // Even: 40 × (1 − 0.5) = 20
    expect(eloDelta(1500, 1500, true)).toBe(20);
    expect(eloDelta(1500, 1500, false)).toBe(-20);
    // 1500 vs 1600: win 40 × 0.640065 = 25.60 → 26; loss 40 × 0.359935 = 14.40 → −14
    expect(eloDelta(1500, 1600, true)).toBe(26);
    expect(eloDelta(1500, 1600, false)).toBe(-14);
    // 1300 vs 1700: win 40 × 0.909091 = 36.36 → 36
    expect(eloDelta(1300, 1700, true)).toBe(36);
  });

  it('clamps to the 10 floor', () => {
    // 1800 vs 1500: E = 1 / (1 + 10^(−0.75)) = 0.849020; win 40 × 0.150980 = 6.04 → 6 → floor 10
    expect(eloDelta(1800, 1500, true)).toBe(10);
    // ... and the loss is 40 × 0.849020 = 33.96 → −34 (no clamp)
    expect(eloDelta(1800, 1500, false)).toBe(-34);
    // 1300 vs 1700 loss: 40 × 0.090909 = 3.64 → 4 → floor −10
    expect(eloDelta(1300, 1700, false)).toBe(-10);
    // A huge gap still moves by exactly the floor
    expect(eloDelta(3000, 1000, true)).toBe(10);
  });

  it('clamps to the 50 ceiling (only reachable with a larger K)', () => {
    // K = 80, 1300 vs 1700: 80 × 0.909091 = 72.73 → 73 → ceiling 50
    expect(eloDelta(1300, 1700, true, { kFactor: 80 })).toBe(50);
    expect(eloDelta(1700, 1300, false, { kFactor: 80 })).toBe(-50);
    // K = 80, 1500 vs 1600: 80 × 0.640065 = 51.2 → 51 → 50
    expect(eloDelta(1500, 1600, true, { kFactor: 80 })).toBe(50);
    // With K = 40 the raw change is below 40, so never clamped at 50
    expect(eloDelta(0, 5000, true)).toBe(40);
  });

  it('rounds half away from zero for wins and losses alike', () => {
    // K = 41, even: 20.5 → win +21, loss −21
    expect(eloDelta(1500, 1500, true, { kFactor: 41 })).toBe(21);
    expect(eloDelta(1500, 1500, false, { kFactor: 41 })).toBe(-21);
  });

  it('honours a custom floor and ceiling', () => {
    expect(eloDelta(1800, 1500, true, { minDelta: 5 })).toBe(6);
    expect(eloDelta(1300, 1700, true, { maxDelta: 30 })).toBe(30);
  });
});

describe("rateMatchElo (today's rule, kept for the rating benchmark)", () => {
  // Team A avg (1500+1550+1600+1450+1400)/5 = 1500; team B avg (1600+1650+1550+1600+1600)/5 = 1600
  const teamA = team('a', [1500, 1550, 1600, 1450, 1400]);
  const teamB = team('b', [1600, 1650, 1550, 1600, 1600]);

  it('computes a full 5v5 against the opposing average', () => {
    expect(teamAverage(teamA)).toBe(1500);
    expect(teamAverage(teamB)).toBe(1600);
    const changes = rateMatchElo({ teamA, teamB, winner: 'A' });
    // Team A wins against 1600:
    //   1500: 40 × (1 − 0.359935) = 25.60 → +26
    //   1550: E = 1/(1+10^0.125) = 0.428537; 40 × 0.571463 = 22.86 → +23
    //   1600: +20
    //   1450: E = 1/(1+10^0.375) = 0.296615; 40 × 0.703385 = 28.14 → +28
    //   1400: E = 1/(1+10^0.5) = 0.240253; 40 × 0.759747 = 30.39 → +30
    // Team B loses against 1500:
    //   1600: 40 × 0.640065 = 25.60 → −26; 1650: 40 × 0.703385 = 28.14 → −28; 1550: 40 × 0.571463 = 22.86 → −23
    expect(changes.map((c) => c.delta)).toEqual([26, 23, 20, 28, 30, -26, -28, -23, -26, -26]);
    expect(changes.map((c) => c.team)).toEqual(['A', 'A', 'A', 'A', 'A', 'B', 'B', 'B', 'B', 'B']);
    const a1 = ratingChangesById(changes).get('a1');
    expect(a1).toMatchObject({ user_id: 'a1', before: 1500, after: 1526, delta: 26 });
    expect(a1?.expected).toBeCloseTo(0.359935, 6);
  });

  it('an invalid match changes nobody', () => {
    const changes = rateMatchElo({ teamA, teamB, winner: null });
    expect(changes).toHaveLength(10);
    for (const change of changes) {
      expect(change.delta).toBe(0);
      expect(change.after).toBe(change.before);
    }
  });

  it('rejects empty teams, duplicates and non-finite rates', () => {
    expect(() => rateMatchElo({ teamA: [], teamB, winner: 'A' })).toThrow(RangeError);
    expect(() =>
      rateMatchElo({ teamA, teamB: [...teamB.slice(1), { user_id: 'a1', rate: 1500 }], winner: 'A' }),
    ).toThrow(RangeError);
    expect(() => rateMatchElo({ teamA: team('a', [Number.NaN]), teamB, winner: 'B' })).toThrow(RangeError);
  });

  it('updateMaxRate only rises', () => {
    expect(updateMaxRate(1600, 1626)).toBe(1626);
    expect(updateMaxRate(1600, 1574)).toBe(1600);
  });
});

describe('clampedStep', () => {
  it('rounds K × (S − E) half away from zero and clamps its magnitude', () => {
    expect(clampedStep(0.5, true, 20, DEFAULT_RATING_CONFIG)).toBe(10);
    expect(clampedStep(0.5, false, 20, DEFAULT_RATING_CONFIG)).toBe(-10);
    expect(clampedStep(0.5, true, 41, DEFAULT_RATING_CONFIG)).toBe(21);
    expect(clampedStep(0.5, false, 41, DEFAULT_RATING_CONFIG)).toBe(-21);
    expect(clampedStep(0.9, true, 20, DEFAULT_RATING_CONFIG)).toBe(10);
    expect(clampedStep(0.001, true, 80, DEFAULT_RATING_CONFIG)).toBe(50);
  });
});

// The displayed rate (defaults: K 20 when it agrees with the MMR, 80 from one σ away; a factor of 10 in odds per 50
// points above the MMR; changes clamped to 10–50).
const player = (user_id: string, rate: number, mmr: Mmr): RatedPlayer => ({ user_id, rate, mmr });
/** A player at 1500 whose MMR agrees, known to ±110 (the golden values of mmr.test.ts). */
const newcomer = (user_id: string): RatedPlayer => player(user_id, 1500, { mu: 1500, sigma: 110 });
const five = (prefix: string) => Array.from({ length: 5 }, (_, i) => newcomer(`${prefix}${i + 1}`));

describe('the displayed rate (rateMatch)', () => {
  it('has the defaults the benchmark was run with', () => {
    expect(DEFAULT_RATING_CONFIG).toEqual({
      kFactor: 20,
      provisionalKFactor: 80,
      provisionalSigmas: 1,
      gapScale: 50,
      minDelta: 10,
      maxDelta: 50,
      mmr: { initialSigma: 125, beta: 460, tau: 4, seasonSigma: 40 },
    });
  });

  it('moves ten even players by ±10 in an even match, and their MMR by the Gaussian update', () => {
    const changes = rateMatch({ teamA: five('a'), teamB: five('b'), winner: 'A' });
    expect(changes.map((c) => c.delta)).toEqual([10, 10, 10, 10, 10, -10, -10, -10, -10, -10]);
    for (const c of changes) {
      expect(c.expected).toBeCloseTo(0.5, 6);
      expect(c.k).toBe(20);
      expect(c.after).toBe(c.before + c.delta);
      expect(c.mmr_before).toEqual({ mu: 1500, sigma: 110 });
      // Hand-computed: see mmr.test.ts (1506.463 / 1493.537, σ 109.883).
      expect(c.mmr_after.mu).toBeCloseTo(c.team === 'A' ? 1506.463248 : 1493.536752, 5);
      expect(c.mmr_after.sigma).toBeCloseTo(109.882785, 5);
    }
  });

  it('expects more of a displayed rate above its MMR: a win gains the floor, a loss takes up to the ceiling', () => {
    // 100 above: odds × 10^(100/50) = 100 → E = 100/101. A loss (toward the MMR): K = 20 + 60 × min(1, 100/110)
    // = 74.5 → 75; a win: K = 20.
    const high = player('h', 1600, { mu: 1500, sigma: 110 });
    expect(displayedExpectation(1600, high.mmr, 0.5, DEFAULT_RATING_CONFIG)).toBeCloseTo(100 / 101, 6);
    expect(kOf(1600, high.mmr, false, DEFAULT_RATING_CONFIG)).toBe(75);
    expect(kOf(1600, high.mmr, true, DEFAULT_RATING_CONFIG)).toBe(20);
    const teamA = [high, ...five('a').slice(1)];
    // 20 × (1 − 0.990) = 0.2 → 0 → floor +10; 75 × 0.990 = 74.3 → 74 → ceiling −50.
    expect(ratingChangesById(rateMatch({ teamA, teamB: five('b'), winner: 'A' })).get('h')?.delta).toBe(10);
    expect(ratingChangesById(rateMatch({ teamA, teamB: five('b'), winner: 'B' })).get('h')?.delta).toBe(-50);
  });

  it('lets a returning player whose rate restarted at 1500 catch up with their MMR: +50 a win, −10 a loss', () => {
    const back = player('r', 1500, { mu: 1750, sigma: 100 });
    expect(kOf(1500, back.mmr, true, DEFAULT_RATING_CONFIG)).toBe(80);
    expect(kOf(1500, back.mmr, false, DEFAULT_RATING_CONFIG)).toBe(20);
    const teamA = [back, ...five('a').slice(1)];
    const won = ratingChangesById(rateMatch({ teamA, teamB: five('b'), winner: 'A' })).get('r');
    const lost = ratingChangesById(rateMatch({ teamA, teamB: five('b'), winner: 'B' })).get('r');
    expect([won?.delta, lost?.delta]).toEqual([50, -10]);
  });

  it("takes its team's chance from the MMR, not from the displayed rates", () => {
    const strong = (id: string) => player(id, 1500, { mu: 1600, sigma: 100 });
    const teamA = Array.from({ length: 5 }, (_, i) => strong(`a${i + 1}`));
    const changes = rateMatch({ teamA, teamB: five('b'), winner: 'B' });
    const chanceA = mmrWinProbability(
      teamA.map((p) => p.mmr),
      five('b').map((p) => p.mmr),
      DEFAULT_RATING_CONFIG.mmr,
    );
    expect(chanceA).toBeCloseTo(0.631216, 5);
    // Team B beats a team the MMR favours: team B's players expect less than 1/2 (and gain more than 10).
    const b1 = ratingChangesById(changes).get('b1');
    expect(b1?.expected).toBeCloseTo(1 - chanceA, 12);
    expect(b1?.delta).toBe(Math.round(20 * chanceA));
  });

  it('an invalid match changes nobody: neither rate nor MMR', () => {
    for (const c of rateMatch({ teamA: five('a'), teamB: five('b'), winner: null })) {
      expect(c.delta).toBe(0);
      expect(c.after).toBe(c.before);
      expect(c.mmr_after).toEqual(c.mmr_before);
    }
  });

  it('rejects empty teams, duplicates and non-finite ratings', () => {
    expect(() => rateMatch({ teamA: [], teamB: five('b'), winner: 'A' })).toThrow(RangeError);
    expect(() => rateMatch({ teamA: five('a'), teamB: five('a'), winner: 'A' })).toThrow(RangeError);
    const broken = [player('x', 1500, { mu: Number.NaN, sigma: 110 })];
    expect(() => rateMatch({ teamA: broken, teamB: five('b'), winner: 'B' })).toThrow(RangeError);
  });

  it('has rules text that states the running K and band', () => {
    // One K per sentence, and never 暫定 (the word of a rate under 10 matches): the K of a rate far from the MMR.
    expect(RATING_RULE_JA).toContain('K（変動の大きさを決める係数）は通常20です。');
    expect(RATING_RULE_JA).toContain('最大の80になります。');
    expect(RATING_RULE_JA).not.toMatch(/K（[^）]*暫定/);
    expect(RATING_RULE_JA).toContain('+10〜+50');
    const custom = ratingRuleJa({ ...DEFAULT_RATING_CONFIG, kFactor: 24, minDelta: 8 });
    expect(custom).toContain('は通常24です。');
    expect(custom).toContain('−8〜−50');
  });
});

describe('rateMatch properties (seeded random teams)', () => {
  const rng = mulberry32(20240601);
  const randomPlayer = (id: string): RatedPlayer =>
    player(id, 1000 + Math.floor(rng() * 1200), { mu: 1000 + rng() * 1200, sigma: 30 + rng() * 90 });
  const randomTeam = (prefix: string) => Array.from({ length: 5 }, (_, i) => randomPlayer(`${prefix}${i + 1}`));
  const RUNS = 2000;
  // Checks collect failures instead of calling expect() in the hot loop, which keeps the suite fast.

  it('winners gain 10..50, losers lose 10..50 (the rules text), invalid changes nothing', () => {
    const failures: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const teamA = randomTeam('a');
      const teamB = randomTeam('b');
      const winner = rng() < 0.5 ? 'A' : 'B';
      for (const c of rateMatch({ teamA, teamB, winner })) {
        const ok =
          Number.isInteger(c.delta) &&
          c.after - c.before === c.delta &&
          (c.team === winner ? c.delta >= 10 && c.delta <= 50 : c.delta <= -10 && c.delta >= -50) &&
          (c.team === winner ? c.mmr_after.mu > c.mmr_before.mu : c.mmr_after.mu < c.mmr_before.mu) &&
          c.mmr_after.sigma < Math.hypot(c.mmr_before.sigma, DEFAULT_RATING_CONFIG.mmr.tau);
        if (!ok) failures.push(`run ${run}: ${JSON.stringify(c)}`);
      }
      for (const c of rateMatch({ teamA, teamB, winner: null })) {
        if (c.delta !== 0 || c.after !== c.before) failures.push(`run ${run} invalid: ${JSON.stringify(c)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('swapping sides and winner gives every player the same change', () => {
    const failures: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const teamA = randomTeam('a');
      const teamB = randomTeam('b');
      const direct = ratingChangesById(rateMatch({ teamA, teamB, winner: 'A' }));
      for (const c of rateMatch({ teamA: teamB, teamB: teamA, winner: 'B' })) {
        const d = direct.get(c.user_id);
        if (c.delta !== d?.delta || Math.abs(c.mmr_after.mu - d.mmr_after.mu) > 1e-9) {
          failures.push(`run ${run}: ${c.user_id}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('on one side, a rate further above its MMR never gains more or loses less (same MMRs)', () => {
    const failures: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const mmr = { mu: 1500, sigma: 100 };
      const teamA = Array.from({ length: 5 }, (_, i) => player(`a${i}`, 1300 + Math.floor(rng() * 400), mmr));
      const teamB = randomTeam('b');
      const winner = rng() < 0.5 ? 'A' : 'B';
      const sorted = rateMatch({ teamA, teamB, winner })
        .filter((c) => c.team === 'A')
        .sort((x, y) => x.before - y.before);
      for (let i = 1; i < sorted.length; i++) {
        if ((sorted[i]?.delta ?? 0) > (sorted[i - 1]?.delta ?? 0)) failures.push(`run ${run}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('a displayed rate far from its MMR converges to it over even matches', () => {
    for (const start of [1200, 1800]) {
      let rate = start;
      const mmr = { mu: 1500, sigma: 100 };
      for (let match = 0; match < 60; match++) {
        const me = player('me', rate, mmr);
        const teamA = [me, ...five('a').slice(1)];
        rate += ratingChangesById(rateMatch({ teamA, teamB: five('b'), winner: match % 2 ? 'A' : 'B' })).get('me')
          ?.delta as number;
      }
      expect(Math.abs(rate - 1500)).toBeLessThanOrEqual(20);
    }
  });
});
