import { describe, expect, it } from 'vitest';
import { DEFAULT_RATING_CONFIG } from '../src/rating/config.ts';
import { drain, MMR_BOUNDS, MMR_KEYS, matchLogLosses, refitMmr } from '../src/rating/refit.ts';
import { mmrPredictor } from '../src/rating/replay.ts';
import { simulatedRecord } from '../src/simulation/record.ts';

// Issue 33, item 4: the refit recovers known parameters from matches played by them, keeps the parameters when the
// matches say nothing (teams balanced on true skill), and never leaves its bounds.

const today = DEFAULT_RATING_CONFIG.mmr;
const truth = { beta: 250, initialSigma: 160, tau: 6 };

// Each fits by a few hundred replays: seconds on a loaded CI machine.
const FIT_MS = 60_000;

describe('refitMmr', () => {
  it(
    'recovers what the record can tell of the parameters that played it, and applies them',
    () => {
      const record = simulatedRecord({ ...truth, players: 300, matches: 2400, seed: 8 });
      const r = drain(refitMmr(record, today));
      expect(r).toMatchObject({ matches: 2400, fitted: 1600, held_out: 800, apply: true, reason: 'better' });
      // Results fix skill only relative to the spread of a performance: the ratio σ₀/β (0.64 here, 0.27 today), not
      // both scales. The fitted ratio is the true one within 10 %, and predicts the held-out matches as well.
      const ratio = truth.initialSigma / truth.beta;
      expect(Math.abs(r.candidate.initialSigma / r.candidate.beta - ratio) / ratio).toBeLessThan(0.1);
      const heldOut = (c: typeof today) => {
        const losses = matchLogLosses(record, c).slice(r.fitted);
        return losses.reduce((s, x) => s + x, 0) / losses.length;
      };
      expect(Math.abs(heldOut(r.candidate) - heldOut({ ...today, ...truth }))).toBeLessThan(0.003);
      expect(r.held_out_logloss.candidate).toBeLessThan(r.held_out_logloss.current);
      expect(r.z).toBeGreaterThanOrEqual(2);
    },
    FIT_MS,
  );

  it(
    'keeps the parameters when balanced teams leave nothing to learn',
    () => {
      const record = simulatedRecord({ ...truth, players: 300, matches: 1500, seed: 4, balanced: true });
      const r = drain(refitMmr(record, today));
      expect(r.apply).toBe(false);
      expect(['not_better', 'not_significant']).toContain(r.reason);
    },
    FIT_MS,
  );

  it(
    'fits nothing below the minimum of matches',
    () => {
      const record = simulatedRecord({ ...truth, players: 50, matches: 999, seed: 5 });
      const r = drain(refitMmr(record, today));
      expect(r).toMatchObject({ apply: false, reason: 'too_few_matches', candidate: today, z: 0 });
    },
    FIT_MS,
  );

  it(
    'stays inside the safe bounds',
    () => {
      // Coin flips: the likelihood wants β as large as it can be.
      const record = simulatedRecord({ beta: 100_000, initialSigma: 1, tau: 1, players: 100, matches: 1200, seed: 6 });
      const r = drain(refitMmr(record, today, { policy: { iterations: 40 } }));
      for (const k of MMR_KEYS) {
        const [lo, hi] = MMR_BOUNDS[k];
        expect(r.candidate[k]).toBeGreaterThanOrEqual(lo);
        expect(r.candidate[k]).toBeLessThanOrEqual(hi);
      }
    },
    FIT_MS,
  );
});

describe('mmrPredictor with start beliefs', () => {
  it('starts a known player from their belief and a newcomer from the start rate with σ₀', () => {
    const m = { a: ['x'], b: ['y'], winner: 'A' as const };
    const even = mmrPredictor(today).predict(m);
    expect(even).toBeCloseTo(0.5, 6);
    const starts = new Map([
      ['x', { mu: 1700, sigma: 50 }],
      ['y', { mu: 1500, sigma: null }],
    ]);
    expect(mmrPredictor(today, starts).predict(m)).toBeGreaterThan(0.6);
  });
});
