// The simulation's randomness: one seeded stream per purpose (so adding a draw in one place does not reshuffle the
// others), normal and geometric draws, and weighted choice.
import { mulberry32, seededHash } from '../matchmaking/rng.ts';

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [0, n). */
  int(n: number): number;
  /** Normal with the given mean and standard deviation (Box–Muller). */
  normal(mean: number, sd: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** An index drawn with probability proportional to its weight (weights ≥ 0, not all 0). */
  weighted(weights: readonly number[]): number;
}

/** A stream named `purpose` under `seed`: the same seed and purpose give the same draws. */
export function stream(seed: number, purpose: string): Random {
  const next = mulberry32(seededHash(seed, purpose));
  const random: Random = {
    next,
    int: (n) => Math.floor(next() * n),
    normal: (mean, sd) => {
      const u = 1 - next();
      const v = next();
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    chance: (p) => next() < p,
    weighted: (weights) => {
      let total = 0;
      for (const w of weights) total += w;
      let r = next() * total;
      for (let i = 0; i < weights.length; i++) {
        r -= weights[i] as number;
        if (r < 0) return i;
      }
      return weights.length - 1;
    },
  };
  return random;
}
