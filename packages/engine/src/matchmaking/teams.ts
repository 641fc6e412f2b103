// Team split: choose one of the 126 ways to split the 10 players into 5 + 5.
import { type Role, TEAM_SIZE } from '@rankmatch/shared';
import { bestPermutation, fillCostTable, fillTeamCosts, OFF_ROLE_COST } from './roles.ts';
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
// Module-local copies: in hot loops, an imported binding costs a getter call or an initialisation check per access.
const SPLIT_MASK_A = Int32Array.from(SPLITS, (split) => split.maskA);
const SPLIT_COUNT = SPLITS.length;
const ALL = FULL_MASK;
const SIZE = TEAM_SIZE;
const OFF_ROLE = OFF_ROLE_COST;

/**
 * Picks the split of 10 players (index 0 fixed in team A):
 * 1. find the smallest team-average gap over all 126 splits;
 * 2. among splits whose gap is within `gapTolerance` of it, take those with the most players in a preferred role
 *    (both teams covering the five roles);
 * 3. among those, the smallest gap, then the best total role cost (players in their first, then second…
 *    preference), then the lower split index (deterministic).
 * So the tolerance is only ever spent to put more players in a preferred role; a better rank (first instead of
 * second choice) never costs any gap.
 */
export function chooseSplit(
  players: readonly { rate: number; roles: readonly Role[] }[],
  gapTolerance: number,
): SplitChoice {
  if (players.length !== 2 * SIZE) throw new RangeError(`chooseSplit: needs ${2 * SIZE} players`);
  for (let i = 0; i < players.length; i++) rates[i] = (players[i] as { rate: number }).rate;
  fillCostTable(players, costs);
  return splitFromTables(gapTolerance);
}

/**
 * chooseSplit for the ten players `members` (indices into per-player tables, player 0 fixed in team A):
 * `rateOf[q]` is the rate of player q and `costRows[q * 5 + r]` their role cost in ROLES[r] (see fillCostRow).
 */
export function chooseSplitFor(
  members: readonly number[],
  rateOf: Float64Array,
  costRows: Int32Array,
  gapTolerance: number,
): SplitChoice {
  if (members.length !== 2 * SIZE) throw new RangeError(`chooseSplitFor: needs ${2 * SIZE} players`);
  for (let i = 0; i < members.length; i++) {
    const q = members[i]!;
    rates[i] = rateOf[q]!;
    for (let r = 0; r < SIZE; r++) costs[i * SIZE + r] = costRows[q * SIZE + r]!;
  }
  return splitFromTables(gapTolerance);
}

/** The choice for the ten players currently in `rates` and `costs`. */
function splitFromTables(gapTolerance: number): SplitChoice {
  let total = 0;
  for (let i = 0; i < 2 * SIZE; i++) total += rates[i]!;

  // Compare sum differences (|2·sumA − total| = 5 × gap) to avoid dividing in the loop.
  let minDiff = Number.POSITIVE_INFINITY;
  for (let s = 0, k = 0; s < SPLIT_COUNT; s++) {
    let sum = 0;
    for (let j = 0; j < SIZE; j++, k++) sum += rates[SPLIT_A_FLAT[k]!]!;
    sumA[s] = sum;
    const diff = Math.abs(2 * sum - total);
    if (diff < minDiff) minDiff = diff;
  }

  fillTeamCosts(costs, dp);

  // Tiny epsilon: rates may be non-integers and sums are then not exact.
  const eps = 1e-9;
  const limit = minDiff + gapTolerance * SIZE + eps;
  let best = -1;
  let bestOff = Number.POSITIVE_INFINITY;
  let bestCost = Number.POSITIVE_INFINITY;
  let bestDiff = Number.POSITIVE_INFINITY;
  for (let s = 0; s < SPLIT_COUNT; s++) {
    const diff = Math.abs(2 * sumA[s]! - total);
    if (diff > limit) continue;
    const maskA = SPLIT_MASK_A[s]!;
    const cost = dp[maskA]! + dp[maskA ^ ALL]!;
    const off = Math.floor(cost / OFF_ROLE);
    if (off < bestOff || (off === bestOff && (diff < bestDiff - eps || (diff <= bestDiff + eps && cost < bestCost)))) {
      best = s;
      bestOff = off;
      bestCost = cost;
      bestDiff = diff;
    }
  }

  const split = SPLITS[best]!;
  const a = bestPermutation(costs, split.a);
  const b = bestPermutation(costs, split.b);
  return {
    split: best,
    teamA: [...split.a],
    teamB: [...split.b],
    rolesA: a.roles,
    rolesB: b.roles,
    gap: bestDiff / SIZE,
    roleCost: a.cost + b.cost,
  };
}
