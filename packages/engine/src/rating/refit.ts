import { mmrPredictor, outcomesOf, type RecordedMatch, replay, type StartBeliefs } from './replay.ts';
import type { MmrConfig } from './types.ts';

// Fitting the MMR's parameters to results, and the site's refit of them from its own settled matches (issue 33).
// Method: maximise the predictive likelihood (each match predicted before it is learnt, as the site rates) by
// Nelder–Mead on the parameters' logarithms, inside safe bounds. The refit fits on the earlier part of the matches and
// applies the new parameters only when they predict the later, held-out part better by a margin the noise cannot
// explain: the mean per-match log-loss improvement must be at least REFIT_POLICY.minZ standard errors above zero. A
// site whose teams are balanced predicts every match near 0.5 under any parameters, so its improvements stay within
// the noise and it keeps its parameters until its matches say enough.
//
// Generators yield after every replay (tens of ms on a site's history) so that a server can run a fit between other
// work; `drain` runs one to the end at once (scripts, tests).

export const MMR_KEYS = ['beta', 'initialSigma', 'tau', 'seasonSigma'] as const;
export type MmrKey = (typeof MMR_KEYS)[number];

/** Safe bounds of a fitted parameter (rating points): no fit moves a parameter outside them. */
export const MMR_BOUNDS: Readonly<Record<MmrKey, readonly [number, number]>> = Object.freeze({
  beta: [150, 700] as const,
  initialSigma: [60, 300] as const,
  tau: [1, 30] as const,
  seasonSigma: [10, 150] as const,
});

export interface RefitPolicy {
  minMatches: number;
  heldOutShare: number;
  minZ: number;
  iterations: number;
  maxMatches: number;
}

export const REFIT_POLICY: Readonly<RefitPolicy> = Object.freeze({
  /** Fewer settled matches than this: nothing is fitted. */
  minMatches: 1000,
  /** The later share of the matches held out of the fit, to judge it. */
  heldOutShare: 1 / 3,
  /** The held-out improvement must be this many standard errors above zero (one-sided, about 2.3 % by chance). */
  minZ: 2,
  /** Nelder–Mead iterations at most (each costs one to three replays of the fitted part). */
  iterations: 120,
  /** The newest matches a refit reads at most (its cost grows with them). */
  maxMatches: 10000,
});

const clamp = (x: number, [lo, hi]: readonly [number, number]) => Math.min(hi, Math.max(lo, x));

/** The configuration a point of the search stands for: `keys` from exp(x), clamped to the bounds; the rest kept. */
function configAt(base: MmrConfig, keys: readonly MmrKey[], x: readonly number[]): MmrConfig {
  const out = { ...base };
  keys.forEach((k, i) => {
    out[k] = Math.round(clamp(Math.exp(x[i] as number), MMR_BOUNDS[k]) * 10) / 10;
  });
  return out;
}

/** Per-match log-loss (nats) of the MMR's predictions under `config`, every match predicted before it is learnt. */
export function matchLogLosses(matches: readonly RecordedMatch[], config: MmrConfig, starts?: StartBeliefs): number[] {
  const p = replay(matches, mmrPredictor(config, starts));
  const y = outcomesOf(matches);
  return p.map((q, i) => -Math.log(Math.min(1 - 1e-15, Math.max(1e-15, y[i] === 1 ? q : 1 - q))));
}

const mean = (xs: readonly number[]) => (xs.length === 0 ? Number.NaN : xs.reduce((s, x) => s + x, 0) / xs.length);

/** Nelder–Mead minimisation (standard coefficients) from x0 with initial steps `step`; yields after each evaluation. */
export function* nelderMead(
  f: (x: number[]) => number,
  x0: number[],
  step: number,
  iterations: number,
): Generator<void, number[]> {
  const n = x0.length;
  const evaluate = function* (x: number[]): Generator<void, { x: number[]; y: number }> {
    const y = f(x);
    yield;
    return { x, y };
  };
  let simplex: { x: number[]; y: number }[] = [];
  for (const x of [x0, ...x0.map((_, i) => x0.map((v, j) => (i === j ? v + step : v)))])
    simplex.push(yield* evaluate(x));
  for (let it = 0; it < iterations; it++) {
    simplex.sort((p, q) => p.y - q.y);
    const best = simplex[0] as { x: number[]; y: number };
    const worst = simplex[n] as { x: number[]; y: number };
    const centroid = x0.map((_, j) => simplex.slice(0, n).reduce((s, p) => s + (p.x[j] as number), 0) / n);
    const along = (t: number) => centroid.map((c, j) => c + t * ((worst.x[j] as number) - c));
    const r = yield* evaluate(along(-1));
    if (r.y < best.y) {
      const e = yield* evaluate(along(-2));
      simplex[n] = e.y < r.y ? e : r;
    } else if (r.y < (simplex[n - 1] as { y: number }).y) simplex[n] = r;
    else {
      const c = yield* evaluate(along(0.5));
      if (c.y < worst.y) simplex[n] = c;
      else {
        const shrunk: { x: number[]; y: number }[] = [best];
        for (const p of simplex.slice(1))
          shrunk.push(yield* evaluate(p.x.map((v, j) => (best.x[j] as number) + 0.5 * (v - (best.x[j] as number)))));
        simplex = shrunk;
      }
    }
    const ys = simplex.map((p) => p.y);
    if (Math.max(...ys) - Math.min(...ys) < 1e-3) break;
  }
  simplex.sort((p, q) => p.y - q.y);
  return (simplex[0] as { x: number[] }).x;
}

/** Runs a generator to its end at once. */
export function drain<T>(g: Generator<void, T>): T {
  for (;;) {
    const r = g.next();
    if (r.done) return r.value;
  }
}

/** The parameters (of `keys`, from `start`) that minimise the total log-loss of `matches`. */
export function* fitMmr(
  matches: readonly RecordedMatch[],
  start: MmrConfig,
  options: { keys?: readonly MmrKey[]; starts?: StartBeliefs; iterations?: number } = {},
): Generator<void, MmrConfig> {
  const keys = options.keys ?? MMR_KEYS;
  const objective = (x: number[]) =>
    matchLogLosses(matches, configAt(start, keys, x), options.starts).reduce((s, v) => s + v, 0);
  const x = yield* nelderMead(
    objective,
    keys.map((k) => Math.log(clamp(start[k], MMR_BOUNDS[k]))),
    0.4,
    options.iterations ?? REFIT_POLICY.iterations,
  );
  return configAt(start, keys, x);
}

export type RefitReason = 'better' | 'too_few_matches' | 'not_better' | 'not_significant';

export interface RefitReport {
  /** Matches read, fitted on (the earlier part) and held out (the later part). */
  matches: number;
  fitted: number;
  held_out: number;
  current: MmrConfig;
  candidate: MmrConfig;
  /** Mean log-loss per match on the fitted part, current → candidate. */
  fit_logloss: { current: number; candidate: number };
  /** Mean log-loss per match on the held-out part: the measure that decides. */
  held_out_logloss: { current: number; candidate: number };
  /** Held-out improvement in standard errors (0 when nothing was fitted). */
  z: number;
  apply: boolean;
  reason: RefitReason;
}

/**
 * Fits the parameters on the earlier matches and judges them on the later ones (both replayed from the first match,
 * so the held-out part is predicted from everything before it, as the site would have).
 */
export function* refitMmr(
  matches: readonly RecordedMatch[],
  current: MmrConfig,
  options: { starts?: StartBeliefs; policy?: Partial<RefitPolicy> } = {},
): Generator<void, RefitReport> {
  const policy = { ...REFIT_POLICY, ...options.policy };
  const recent = matches.slice(Math.max(0, matches.length - policy.maxMatches));
  const heldOut = Math.floor(recent.length * policy.heldOutShare);
  const fitted = recent.length - heldOut;
  const base = { matches: recent.length, fitted, held_out: heldOut, current };
  if (recent.length < policy.minMatches) {
    const none = { current: Number.NaN, candidate: Number.NaN };
    return {
      ...base,
      candidate: current,
      fit_logloss: none,
      held_out_logloss: none,
      z: 0,
      apply: false,
      reason: 'too_few_matches',
    };
  }
  const candidate = yield* fitMmr(recent.slice(0, fitted), current, {
    starts: options.starts,
    iterations: policy.iterations,
  });
  const before = matchLogLosses(recent, current, options.starts);
  yield;
  const after = matchLogLosses(recent, candidate, options.starts);
  const gain = before.slice(fitted).map((b, i) => b - (after[fitted + i] as number));
  const g = mean(gain);
  const sd = Math.sqrt(gain.reduce((s, d) => s + (d - g) ** 2, 0) / Math.max(1, gain.length - 1));
  const z = sd === 0 ? 0 : g / (sd / Math.sqrt(gain.length));
  const reason: RefitReason = g <= 0 ? 'not_better' : z < policy.minZ ? 'not_significant' : 'better';
  return {
    ...base,
    candidate,
    fit_logloss: { current: mean(before.slice(0, fitted)), candidate: mean(after.slice(0, fitted)) },
    held_out_logloss: { current: mean(before.slice(fitted)), candidate: mean(after.slice(fitted)) },
    z,
    apply: reason === 'better',
    reason,
  };
}
