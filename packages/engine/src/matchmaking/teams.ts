// Team split: choose one of the 126 ways to split the 10 players into 5 + 5.
import { type Role, TEAM_SIZE } from '@rankmatch/shared';
import { bestPermutation, fillCostTable, fillTeamCosts, OFF_ROLE_COST } from './roles.ts';
import { FULL_MASK, POPCOUNT, SPLITS } from './splits.ts';

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
  /** |uncertain players in A − in B| (see WaitingEntry.uncertain). */
  unevenness: number;
}

/** The two tolerances of a split choice, in points of team-average gap beyond the smallest possible one. */
export interface SplitTolerance {
  /** Spent to put more players in a preferred role. */
  gap: number;
  /** Spent, beyond `gap`, only to spread uncertain players evenly over the two teams. */
  spread: number;
}

// Scratch buffers, reused by every call (the engine is synchronous, so there is no sharing hazard).
const costs = new Int32Array(2 * TEAM_SIZE * TEAM_SIZE);
const dp = new Int32Array(1 << (2 * TEAM_SIZE));
/** |2 × team A's sum − total| of every split (5 × its gap). */
const diffs = new Float64Array(SPLITS.length);
/** Rates may be non-integers and sums are then not exact. */
const EPS = 1e-9;
const rates = new Float64Array(2 * TEAM_SIZE);
/** Bit i set: player i of the ten is uncertain. */
let uncertainMask = 0;
/** Team A members of every split, flattened (5 per split) for a tight loop. */
const SPLIT_A_FLAT = Int8Array.from(SPLITS.flatMap((split) => split.a));
// Module-local copies: in hot loops, an imported binding costs a getter call or an initialisation check per access.
const SPLIT_MASK_A = Int32Array.from(SPLITS, (split) => split.maskA);
const SPLIT_COUNT = SPLITS.length;
const BITS = POPCOUNT;
const ALL = FULL_MASK;
const SIZE = TEAM_SIZE;
const OFF_ROLE = OFF_ROLE_COST;

/**
 * Picks the split of 10 players (index 0 fixed in team A):
 * 1. find the smallest team-average gap over all 126 splits;
 * 2. among splits whose gap is within `tolerance.gap` of it, take those with the most players in a preferred role
 *    (both teams covering the five roles);
 * 3. among those, the uncertain players spread most evenly (|in A − in B| smallest), then the smallest gap, then the
 *    best total role cost (players in their first, then second… preference), then the lower split index.
 * 4. When that still stacks the uncertain players (2 or more apart), a split within `tolerance.spread` of the smallest
 *    gap that spreads them more evenly, with no more players off-role, is taken instead (the most even, then as in 3).
 * So the tolerance is only ever spent to put more players in a preferred role or to spread newcomers; a better rank
 * (first instead of second choice) never costs any gap. Why spread: the team chance is the same for every split with
 * the same gap (each player's σ adds to the spread of the performance difference whichever team they are in), but a
 * newcomer's start rate is a guess, and a team of several guesses is the likeliest to be far off.
 */
export function chooseSplit(
  players: readonly { rate: number; roles: readonly Role[]; uncertain?: boolean }[],
  tolerance: number | SplitTolerance,
): SplitChoice {
  if (players.length !== 2 * SIZE) throw new RangeError(`chooseSplit: needs ${2 * SIZE} players`);
  uncertainMask = 0;
  for (let i = 0; i < players.length; i++) {
    const p = players[i] as { rate: number; uncertain?: boolean };
    rates[i] = p.rate;
    if (p.uncertain) uncertainMask |= 1 << i;
  }
  fillCostTable(players, costs);
  return splitFromTables(typeof tolerance === 'number' ? { gap: tolerance, spread: tolerance } : tolerance);
}

/**
 * chooseSplit for the ten players `members` (indices into per-player tables, player 0 fixed in team A):
 * `rateOf[q]` is the rate of player q, `costRows[q * 5 + r]` their role cost in ROLES[r] (see fillCostRow) and
 * `uncertainOf[q]` 1 when they are uncertain.
 */
export function chooseSplitFor(
  members: readonly number[],
  tables: { rates: Float64Array; costRows: Int32Array; uncertain: Uint8Array },
  tolerance: SplitTolerance,
): SplitChoice {
  if (members.length !== 2 * SIZE) throw new RangeError(`chooseSplitFor: needs ${2 * SIZE} players`);
  const { rates: rateOf, costRows, uncertain } = tables;
  uncertainMask = 0;
  for (let i = 0; i < members.length; i++) {
    const q = members[i]!;
    rates[i] = rateOf[q]!;
    if (uncertain[q]) uncertainMask |= 1 << i;
    for (let r = 0; r < SIZE; r++) costs[i * SIZE + r] = costRows[q * SIZE + r]!;
  }
  return splitFromTables(tolerance);
}

/** The choice for the ten players currently in `rates`, `costs` and `uncertainMask`. */
function splitFromTables(tolerance: SplitTolerance): SplitChoice {
  let total = 0;
  for (let i = 0; i < 2 * SIZE; i++) total += rates[i]!;

  // Compare sum differences (|2 × team A's sum − total| = 5 × gap) to avoid dividing in the loop.
  let minDiff = Number.POSITIVE_INFINITY;
  for (let s = 0, k = 0; s < SPLIT_COUNT; s++) {
    let sum = 0;
    for (let j = 0; j < SIZE; j++, k++) sum += rates[SPLIT_A_FLAT[k]!]!;
    const diff = Math.abs(2 * sum - total);
    diffs[s] = diff;
    if (diff < minDiff) minDiff = diff;
  }

  fillTeamCosts(costs, dp);

  const uncertain = uncertainMask;
  const uncertainCount = BITS[uncertain]!;
  const unevenOf = (maskA: number) => Math.abs(2 * BITS[maskA & uncertain]! - uncertainCount);
  let best = pick(minDiff + tolerance.gap * SIZE + EPS, Number.POSITIVE_INFINITY, unevenOf);
  // Still stacked (two or more apart): spread them inside the wider tolerance, with no more players off-role.
  if (unevenOf(SPLIT_MASK_A[best]!) > 1 && tolerance.spread > tolerance.gap) {
    const offBefore = Math.floor((dp[SPLIT_MASK_A[best]!]! + dp[SPLIT_MASK_A[best]! ^ ALL]!) / OFF_ROLE);
    const wider = pick(minDiff + tolerance.spread * SIZE + EPS, offBefore, unevenOf, true);
    if (wider >= 0 && unevenOf(SPLIT_MASK_A[wider]!) < unevenOf(SPLIT_MASK_A[best]!)) best = wider;
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
    gap: diffs[best]! / SIZE,
    roleCost: a.cost + b.cost,
    unevenness: unevenOf(split.maskA),
  };
}

/**
 * The best split whose sum difference is within `limit` and whose off-role count is at most `maxOff`: by fewest
 * off-role, then most even, then smallest difference, then role cost (or, `evenFirst`, most even before off-role).
 * −1 when none qualifies.
 */
function pick(limit: number, maxOff: number, unevenOf: (maskA: number) => number, evenFirst = false): number {
  let best = -1;
  let bestOff = Number.POSITIVE_INFINITY;
  let bestUneven = Number.POSITIVE_INFINITY;
  let bestCost = Number.POSITIVE_INFINITY;
  let bestDiff = Number.POSITIVE_INFINITY;
  for (let s = 0; s < SPLIT_COUNT; s++) {
    const diff = diffs[s]!;
    if (diff > limit) continue;
    const maskA = SPLIT_MASK_A[s]!;
    const cost = dp[maskA]! + dp[maskA ^ ALL]!;
    const off = Math.floor(cost / OFF_ROLE);
    if (off > maxOff) continue;
    const uneven = unevenOf(maskA);
    // Primary and secondary keys: off-role then unevenness, or the other way round.
    const first = evenFirst ? uneven : off;
    const second = evenFirst ? off : uneven;
    const bestFirst = evenFirst ? bestUneven : bestOff;
    const bestSecond = evenFirst ? bestOff : bestUneven;
    const better =
      first < bestFirst ||
      (first === bestFirst &&
        (second < bestSecond ||
          (second === bestSecond && (diff < bestDiff - EPS || (diff <= bestDiff + EPS && cost < bestCost)))));
    if (better) {
      best = s;
      bestOff = off;
      bestUneven = uneven;
      bestCost = cost;
      bestDiff = diff;
    }
  }
  return best;
}
