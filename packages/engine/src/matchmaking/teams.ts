// Team split: choose one of the 126 ways to split the 10 players into 5 + 5.
import { type Role, TEAM_SIZE } from '@rankmatch/shared';
import { bestPermutation, fillCostTable, fillTeamCosts } from './roles.ts';
import { FULL_MASK, SPLITS } from './splits.ts';

export interface SplitChoice {
  /** Index into SPLITS. */
  split: number;
  /** Player indices (into the input array) of team A (contains player 0) and team B. */
  teamA: number[];
  teamB: number[];
  /** Role index (into ROLES) of each member of teamA / teamB, same order. */
  rolesA: number[];
  rolesB: number[];
  /** |average A − average B|. */
  gap: number;
  /** Total role cost of both teams (see roleCost). */
  roleCost: number;
}

// Scratch buffers, reused by every call (the engine is synchronous, so there is no sharing hazard).
const costs = new Int32Array(2 * TEAM_SIZE * TEAM_SIZE);
const dp = new Int32Array(1 << (2 * TEAM_SIZE));
const sumA = new Float64Array(SPLITS.length);
const rates = new Float64Array(2 * TEAM_SIZE);
/** Team A members of every split, flattened (5 per split) for a tight loop. */
const SPLIT_A_FLAT = Int8Array.from(SPLITS.flatMap((split) => split.a));

/**
 * Picks the split of 10 players (index 0 fixed in team A):
 * 1. find the smallest team-average gap over all 126 splits;
 * 2. among splits whose gap is within `gapTolerance` of it, take the best total role cost (both teams covering
 *    the five roles with players in their first, then second… preference);
 * 3. remaining ties: smaller gap, then lower split index (deterministic).
 */
export function chooseSplit(
  players: readonly { rate: number; roles: readonly Role[] }[],
  gapTolerance: number,
): SplitChoice {
  if (players.length !== 2 * TEAM_SIZE) throw new RangeError(`chooseSplit: needs ${2 * TEAM_SIZE} players`);
  let total = 0;
  for (let i = 0; i < players.length; i++) {
    const rate = (players[i] as { rate: number }).rate;
    rates[i] = rate;
    total += rate;
  }

  // Compare sum differences (|2·sumA − total| = 5 × gap) to avoid dividing in the loop.
  let minDiff = Number.POSITIVE_INFINITY;
  for (let s = 0, k = 0; s < SPLITS.length; s++) {
    let sum = 0;
    for (let j = 0; j < TEAM_SIZE; j++, k++) sum += rates[SPLIT_A_FLAT[k] as number] as number;
    sumA[s] = sum;
    const diff = Math.abs(2 * sum - total);
    if (diff < minDiff) minDiff = diff;
  }

  fillCostTable(players, costs);
  fillTeamCosts(costs, dp);

  // Tiny epsilon: rates may be non-integers and sums are then not exact.
  const limit = minDiff + gapTolerance * TEAM_SIZE + 1e-9;
  let best = -1;
  let bestCost = Number.POSITIVE_INFINITY;
  let bestDiff = Number.POSITIVE_INFINITY;
  for (let s = 0; s < SPLITS.length; s++) {
    const diff = Math.abs(2 * (sumA[s] as number) - total);
    if (diff > limit) continue;
    const split = SPLITS[s] as (typeof SPLITS)[number];
    const cost = (dp[split.maskA] as number) + (dp[split.maskA ^ FULL_MASK] as number);
    if (cost < bestCost || (cost === bestCost && diff < bestDiff - 1e-9)) {
      best = s;
      bestCost = cost;
      bestDiff = diff;
    }
  }

  const split = SPLITS[best] as (typeof SPLITS)[number];
  const a = bestPermutation(costs, split.a);
  const b = bestPermutation(costs, split.b);
  return {
    split: best,
    teamA: [...split.a],
    teamB: [...split.b],
    rolesA: a.roles,
    rolesB: b.roles,
    gap: bestDiff / TEAM_SIZE,
    roleCost: a.cost + b.cost,
  };
}
