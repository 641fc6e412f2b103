import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../src/matchmaking/rng.ts';
import type { RatedPlayer } from '../src/rating/index.ts';
import {
  DEFAULT_RATING_CONFIG,
  eloDelta,
  expectedScore,
  RATING_RULE_JA,
  rateMatch,
  ratingChangesById,
  teamAverage,
  updateMaxRate,
} from '../src/rating/index.ts';

const team = (prefix: string, rates: number[]): RatedPlayer[] =>
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

describe('eloDelta (K = 40, clamp 10..50)', () => {
  it('uses K = 40 by default', () => {
    expect(DEFAULT_RATING_CONFIG).toEqual({ kFactor: 40, minDelta: 10, maxDelta: 50 });
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

describe('rateMatch', () => {
  // Team A avg (1500+1550+1600+1450+1400)/5 = 1500; team B avg (1600+1650+1550+1600+1600)/5 = 1600
  const teamA = team('a', [1500, 1550, 1600, 1450, 1400]);
  const teamB = team('b', [1600, 1650, 1550, 1600, 1600]);

  it('computes a full 5v5 against the opposing average', () => {
    expect(teamAverage(teamA)).toBe(1500);
    expect(teamAverage(teamB)).toBe(1600);
    const changes = rateMatch({ teamA, teamB, winner: 'A' });
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
    const changes = rateMatch({ teamA, teamB, winner: null });
    expect(changes).toHaveLength(10);
    for (const change of changes) {
      expect(change.delta).toBe(0);
      expect(change.after).toBe(change.before);
    }
  });

  it('rejects empty teams, duplicates and non-finite rates', () => {
    expect(() => rateMatch({ teamA: [], teamB, winner: 'A' })).toThrow(RangeError);
    expect(() => rateMatch({ teamA, teamB: [...teamB.slice(1), { user_id: 'a1', rate: 1500 }], winner: 'A' })).toThrow(
      RangeError,
    );
    expect(() => rateMatch({ teamA: team('a', [Number.NaN]), teamB, winner: 'B' })).toThrow(RangeError);
  });

  it('updateMaxRate only rises', () => {
    expect(updateMaxRate(1600, 1626)).toBe(1626);
    expect(updateMaxRate(1600, 1574)).toBe(1600);
  });

  it('has rules text with the defaults', () => {
    expect(RATING_RULE_JA).toContain('K(40)');
    expect(RATING_RULE_JA).toContain('+10〜+50');
  });
});

describe('rateMatch properties (seeded random teams)', () => {
  const rng = mulberry32(20240601);
  const randomRate = () => 1000 + Math.floor(rng() * 1200);
  const randomTeam = (prefix: string) => team(prefix, Array.from({ length: 5 }, randomRate));
  const RUNS = 2000;
  // Checks collect failures instead of calling expect() in the hot loop, which keeps the suite fast.

  it('winners gain 10..50, losers lose 10..50, invalid changes nothing', () => {
    const failures: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const teamA = randomTeam('a');
      const teamB = randomTeam('b');
      const winner = rng() < 0.5 ? 'A' : 'B';
      for (const c of rateMatch({ teamA, teamB, winner })) {
        const ok =
          Number.isInteger(c.delta) &&
          c.after - c.before === c.delta &&
          (c.team === winner ? c.delta >= 10 && c.delta <= 50 : c.delta <= -10 && c.delta >= -50);
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
        if (c.delta !== direct.get(c.user_id)?.delta) failures.push(`run ${run}: ${c.user_id}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('mirror teams: a player gets what their mirror on the other team gets in the mirrored outcome', () => {
    const failures: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const rates = Array.from({ length: 5 }, randomRate);
      const teamA = team('a', rates);
      const teamB = team('b', rates);
      const aWins = rateMatch({ teamA, teamB, winner: 'A' });
      const bWins = rateMatch({ teamA, teamB, winner: 'B' });
      for (let i = 0; i < 5; i++) {
        // a(i+1) winning equals b(i+1) winning; a(i+1) losing equals b(i+1) losing
        if (aWins[i]?.delta !== bWins[i + 5]?.delta) failures.push(`run ${run}: win ${i}`);
        if (aWins[i + 5]?.delta !== bWins[i]?.delta) failures.push(`run ${run}: loss ${i}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('uniform teams are zero-sum with equal magnitudes', () => {
    const failures: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const changes = rateMatch({
        teamA: team('a', Array(5).fill(randomRate())),
        teamB: team('b', Array(5).fill(randomRate())),
        winner: rng() < 0.5 ? 'A' : 'B',
      });
      const magnitude = Math.abs(changes[0]?.delta ?? 0);
      const sum = changes.reduce((total, c) => total + c.delta, 0);
      if (sum !== 0 || changes.some((c) => Math.abs(c.delta) !== magnitude)) failures.push(`run ${run}`);
    }
    expect(failures).toEqual([]);
  });

  it('on one side, a lower rating never gains less or loses more', () => {
    const failures: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const changes = rateMatch({ teamA: randomTeam('a'), teamB: randomTeam('b'), winner: 'A' });
      for (const side of ['A', 'B'] as const) {
        const sorted = changes.filter((c) => c.team === side).sort((x, y) => x.before - y.before);
        for (let i = 1; i < sorted.length; i++) {
          if ((sorted[i]?.delta ?? 0) > (sorted[i - 1]?.delta ?? 0)) failures.push(`run ${run} ${side}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
