import { describe, expect, it } from 'vitest';
import { spearman, spearmanTiesAtRandom } from '../src/simulation/accuracy.ts';

// The rating benchmark's start-rate baseline: Spearman of the start rates with the ties put in random order, in
// expectation. Checked against every order of the ties, enumerated.

function permutations<T>(xs: readonly T[]): T[][] {
  if (xs.length <= 1) return [[...xs]];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest]));
}

/** The mean Spearman over every order of the tied values (each tie broken by a permutation of tiny offsets). */
function enumerated(xs: readonly number[], ys: readonly number[]): number {
  const groups = new Map<number, number[]>();
  xs.forEach((x, i) => {
    groups.set(x, [...(groups.get(x) ?? []), i]);
  });
  let orders: number[][] = [[...xs]];
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    orders = orders.flatMap((order) =>
      permutations(members.map((_, k) => k)).map((perm) => {
        const next = [...order];
        members.forEach((i, k) => {
          next[i] = (xs[i] as number) + (perm[k] as number) * 1e-6;
        });
        return next;
      }),
    );
  }
  return orders.reduce((sum, order) => sum + spearman(order, ys), 0) / orders.length;
}

describe('spearmanTiesAtRandom (the start-rate baseline)', () => {
  it('is Spearman itself without ties', () => {
    const xs = [1200, 1500, 1340, 1780, 1420];
    const ys = [1210, 1390, 1400, 1700, 1500];
    expect(spearmanTiesAtRandom(xs, ys)).toBeCloseTo(spearman(xs, ys), 12);
  });

  it('is the mean over every order of the ties (two ties, one of four)', () => {
    const xs = [1200, 1500, 1500, 1500, 1500, 1780, 1340, 1340];
    const ys = [1180, 1530, 1460, 1610, 1490, 1700, 1300, 1420];
    const want = enumerated(xs, ys);
    expect(spearmanTiesAtRandom(xs, ys)).toBeCloseTo(want, 12);
    // Below Spearman with the ties left in, which credits the start rates with never committing among equals.
    expect(spearmanTiesAtRandom(xs, ys)).toBeLessThan(spearman(xs, ys));
  });

  it('is 0 when everyone has the same start rate, NaN for fewer than two players', () => {
    expect(spearmanTiesAtRandom([1500, 1500, 1500], [1400, 1500, 1600])).toBe(0);
    expect(spearmanTiesAtRandom([1500], [1400])).toBeNaN();
  });
});
