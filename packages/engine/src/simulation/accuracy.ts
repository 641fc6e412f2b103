// How well the ratings track what the simulation knows and the site cannot: the players' hidden skill and the true
// win chance of every match.
import type { SimPrediction } from './season.ts';

/** Ranks (1-based, ties share their mean rank). */
function ranks(values: readonly number[]): number[] {
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v);
  const out = new Array<number>(values.length);
  for (let k = 0; k < order.length; ) {
    let end = k;
    while (end + 1 < order.length && (order[end + 1] as { v: number }).v === (order[k] as { v: number }).v) end++;
    const rank = (k + end) / 2 + 1;
    for (let j = k; j <= end; j++) out[(order[j] as { i: number }).i] = rank;
    k = end + 1;
  }
  return out;
}

/** Spearman's rank correlation of two equally long series (NaN for fewer than 2 pairs or a constant series). */
export function spearman(xs: readonly number[], ys: readonly number[]): number {
  if (xs.length !== ys.length) throw new RangeError('spearman: series of different lengths');
  const n = xs.length;
  if (n < 2) return Number.NaN;
  const rx = ranks(xs);
  const ry = ranks(ys);
  const mean = (n + 1) / 2;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (rx[i] as number) - mean;
    const dy = (ry[i] as number) - mean;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? Number.NaN : sxy / Math.sqrt(sxx * syy);
}

/** Mean squared error of win probabilities against outcomes (0 perfect, 0.25 a coin). NaN without matches. */
export function brier(predictions: readonly { p: number; won: boolean }[]): number {
  if (predictions.length === 0) return Number.NaN;
  let sum = 0;
  for (const { p, won } of predictions) sum += (p - (won ? 1 : 0)) ** 2;
  return sum / predictions.length;
}

export interface RatingAccuracy {
  /** Players with at least `minMatches` rated matches. */
  players: number;
  /** Spearman correlation of their final displayed rate with their hidden skill. */
  rank_correlation: number;
  /** The same of their MMR's mean. */
  mmr_rank_correlation: number;
  /**
   * The same of their start rate, what was known before the season, with the players who start at the same rate
   * put in random order (the expected value): a ranking has to order them, so a tie gets no credit (see
   * spearmanTiesAtRandom). 0 when everyone starts at the same rate.
   */
  start_rank_correlation: number;
  matches: number;
  /**
   * Brier score of the matchmaking rating's prediction against the settled results. Teams are balanced on that rating,
   * so its predictions sit near 1/2 and this says little (the rating benchmark tests predictions on random splits).
   */
  brier: number;
  /** Brier score of the true win chance: the best any rating could do. */
  brier_truth: number;
}

export function ratingAccuracy(
  players: readonly { skill: number; rate: number; mu: number; start: number; matches: number }[],
  predictions: readonly SimPrediction[],
  minMatches = 10,
): RatingAccuracy {
  const rated = players.filter((p) => p.matches >= minMatches);
  const skills = rated.map((p) => p.skill);
  return {
    players: rated.length,
    rank_correlation: spearman(
      rated.map((p) => p.rate),
      skills,
    ),
    mmr_rank_correlation: spearman(
      rated.map((p) => p.mu),
      skills,
    ),
    start_rank_correlation: spearmanTiesAtRandom(
      rated.map((p) => p.start),
      skills,
    ),
    matches: predictions.length,
    brier: brier(predictions.map((p) => ({ p: p.expected_a, won: p.a_won }))),
    brier_truth: brier(predictions.map((p) => ({ p: p.true_a, won: p.a_won }))),
  };
}

/**
 * The expected Spearman of `xs` with `ys` when the players tied in `xs` are put in random order (`ys` has no ties):
 * ties change neither the mean rank nor, on average, the covariance of the ranks, but a full order spreads the ranks
 * of a tie of t players by (t³ − t)/12 more, so Spearman with the ties left in shrinks by √(1 − Σ(t³ − t)/(n³ − n)).
 * Every player tied: 0.
 */
export function spearmanTiesAtRandom(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  const tied = spearman(xs, ys);
  if (!Number.isFinite(tied)) return n < 2 ? Number.NaN : 0;
  const counts = new Map<number, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  let lost = 0;
  for (const t of counts.values()) lost += t ** 3 - t;
  return tied * Math.sqrt(1 - lost / (n ** 3 - n));
}
