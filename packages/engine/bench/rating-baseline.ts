// The start-rate baseline of the rating benchmark: the ranking a site that keeps everyone's start rate would show.
import { spearman } from '../src/simulation/accuracy.ts';

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
