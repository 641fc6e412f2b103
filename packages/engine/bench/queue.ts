// Synthetic waiting queues for the matchmaking benchmark (seeded, so every run measures the same queues).
import { ROLES, type Role } from '@rankmatch/shared';
import { mulberry32 } from '../src/matchmaking/rng.ts';
import type { WaitingEntry } from '../src/matchmaking/types.ts';

// Skewed role popularity, like real solo queues: many mid/bottom players, few tanks/supports.
const ROLE_WEIGHTS: Readonly<Record<Role, number>> = {
  TOP_LANE: 0.18,
  MIDDLE: 0.32,
  BOTTOM_LANE: 0.28,
  SUPPORT: 0.12,
  TANK: 0.1,
};
const NO_PREFERENCE_SHARE = 0.1;
/** Share of players listing 1, 2 and 3 roles (among those with a preference). */
const LIST_LENGTH_WEIGHTS = [0.3, 0.4, 0.3] as const;
/** Queue ages between 0 and this many seconds. */
const MAX_AGE_SECONDS = 15 * 60;

function pickWeighted<T>(items: readonly T[], weights: readonly number[], u: number): number {
  let total = 0;
  for (let i = 0; i < items.length; i++) total += weights[i] ?? 0;
  let x = u * total;
  for (let i = 0; i < items.length; i++) {
    x -= weights[i] ?? 0;
    if (x < 0) return i;
  }
  return items.length - 1;
}

export function syntheticQueue(size: number, seed: number, nowUnix: number): WaitingEntry[] {
  const rand = mulberry32(seed);
  const normal = (): number => {
    // Box–Muller
    const u = 1 - rand();
    const v = rand();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  const out: WaitingEntry[] = [];
  for (let i = 0; i < size; i++) {
    const rate = Math.round(1500 + 150 * normal());
    const roles: Role[] = [];
    if (rand() >= NO_PREFERENCE_SHARE) {
      const length = pickWeighted([1, 2, 3], LIST_LENGTH_WEIGHTS, rand()) + 1;
      const pool = [...ROLES];
      while (roles.length < length) {
        const k = pickWeighted(
          pool,
          pool.map((r) => ROLE_WEIGHTS[r]),
          rand(),
        );
        roles.push(pool[k] as Role);
        pool.splice(k, 1);
      }
    }
    const age = Math.floor(rand() * MAX_AGE_SECONDS);
    // Waves missed roughly follow the age (one wave per 2 minutes), sometimes one fewer (joined mid-interval).
    const wavesMissed = Math.max(0, Math.floor(age / 120) - (rand() < 0.3 ? 1 : 0));
    out.push({ user_id: `u${seed}_${i}`, rate, roles, joined_at: nowUnix - age, waves_missed: wavesMissed });
  }
  return out;
}

/**
 * The queue with avoid lists: a `share` of the players (seeded pick) each avoid the `count` players nearest to them in
 * rating (the hardest case: the players a wave would put with them). `maxWavesMissed` caps every entry's missed
 * waves, so that all the pairs are active (they yield after avoidYieldAfterWaves).
 */
export function withAvoids(
  queue: readonly WaitingEntry[],
  options: { share: number; count: number; seed: number; maxWavesMissed?: number },
): WaitingEntry[] {
  const rand = mulberry32(options.seed);
  const byRate = queue.map((e, i) => ({ rate: e.rate, i })).sort((a, b) => a.rate - b.rate || a.i - b.i);
  const posOf = new Int32Array(queue.length);
  byRate.forEach((r, pos) => {
    posOf[r.i] = pos;
  });
  const cap = options.maxWavesMissed ?? Number.POSITIVE_INFINITY;
  return queue.map((e, i) => {
    const capped = { ...e, waves_missed: Math.min(e.waves_missed, cap) };
    if (rand() >= options.share) return capped;
    const avoids: string[] = [];
    const pos = posOf[i] as number;
    for (let d = 1; avoids.length < options.count && d < queue.length; d++) {
      for (const p of [pos - d, pos + d]) {
        const other = byRate[p];
        if (other && avoids.length < options.count) avoids.push((queue[other.i] as WaitingEntry).user_id);
      }
    }
    return { ...capped, avoids };
  });
}

/**
 * The queue with newcomers: a `share` of the players (seeded pick) are new, their rate the start rate (every newcomer
 * the same, as on the site) and their rating a guess (`uncertain`). The others keep theirs.
 */
export function withNewcomers(
  queue: readonly WaitingEntry[],
  options: { share: number; seed: number; startRate: number },
): WaitingEntry[] {
  const rand = mulberry32(options.seed);
  return queue.map((e) => (rand() < options.share ? { ...e, rate: options.startRate, uncertain: true } : e));
}
