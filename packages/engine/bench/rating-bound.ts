// The offline bound of the rating benchmark: every player's strength fitted on the whole season at once (maximum a
// posteriori), with the start rate as a Gaussian prior of the population's true spread and the simulation's own
// model of a match (team A wins with the logistic chance of the team means' difference, scale 400). No online rating
// sees more than this: it is the ceiling of what the season's results can say about the players.

export interface BoundMatch {
  teamA: readonly number[];
  teamB: readonly number[];
  aWon: boolean;
}

/** Natural-log scale of Elo's base-10 logistic with scale 400. */
const SCALE = 400 / Math.LN10;

/** Solves A x = b for a symmetric positive definite A (Cholesky, in place on a copy). */
function solve(a: Float64Array[], b: Float64Array): Float64Array {
  const n = b.length;
  const l = a.map((row) => Float64Array.from(row));
  for (let j = 0; j < n; j++) {
    const lj = l[j] as Float64Array;
    let d = lj[j] as number;
    for (let k = 0; k < j; k++) d -= (lj[k] as number) ** 2;
    const root = Math.sqrt(d);
    lj[j] = root;
    for (let i = j + 1; i < n; i++) {
      const li = l[i] as Float64Array;
      let s = li[j] as number;
      for (let k = 0; k < j; k++) s -= (li[k] as number) * (lj[k] as number);
      li[j] = s / root;
    }
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const li = l[i] as Float64Array;
    let s = b[i] as number;
    for (let k = 0; k < i; k++) s -= (li[k] as number) * (y[k] as number);
    y[i] = s / (li[i] as number);
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i] as number;
    for (let k = i + 1; k < n; k++) s -= ((l[k] as Float64Array)[i] as number) * (x[k] as number);
    x[i] = s / ((l[i] as Float64Array)[i] as number);
  }
  return x;
}

/**
 * Newton's method on the log posterior: players are indices 0..n−1 with prior means `prior` and prior standard
 * deviations `priorSd`. Returns the fitted strengths.
 */
export function fitStrengths(prior: readonly number[], priorSd: readonly number[], matches: readonly BoundMatch[]) {
  const n = prior.length;
  const s = Float64Array.from(prior);
  for (let iteration = 0; iteration < 30; iteration++) {
    const gradient = new Float64Array(n);
    const hessian = Array.from({ length: n }, () => new Float64Array(n));
    for (let i = 0; i < n; i++) {
      const precision = 1 / (priorSd[i] as number) ** 2;
      gradient[i] = -((s[i] as number) - (prior[i] as number)) * precision;
      (hessian[i] as Float64Array)[i] = precision;
    }
    for (const m of matches) {
      const members = [
        ...m.teamA.map((i) => ({ i, a: 1 / m.teamA.length })),
        ...m.teamB.map((i) => ({ i, a: -1 / m.teamB.length })),
      ];
      let x = 0;
      for (const { i, a } of members) x += a * (s[i] as number);
      const p = 1 / (1 + Math.exp(-x / SCALE));
      const residual = ((m.aWon ? 1 : 0) - p) / SCALE;
      const curvature = (p * (1 - p)) / SCALE ** 2;
      for (const u of members) {
        gradient[u.i] = (gradient[u.i] as number) + residual * u.a;
        const row = hessian[u.i] as Float64Array;
        for (const v of members) row[v.i] = (row[v.i] as number) + curvature * u.a * v.a;
      }
    }
    const step = solve(hessian, gradient);
    let largest = 0;
    for (let i = 0; i < n; i++) {
      s[i] = (s[i] as number) + (step[i] as number);
      largest = Math.max(largest, Math.abs(step[i] as number));
    }
    if (largest < 1e-6) break;
  }
  return Array.from(s);
}
