// Role preferences: cost of putting a player in a role, and the best role assignment inside a team.
import { ROLES, type Role, TEAM_SIZE } from '@rankmatch/shared';
import { DP_COST_AT, DP_FROM, DP_MASKS, DP_START, PERMUTATIONS } from './splits.ts';

/**
 * Cost of a role that is not in the player's list. It is larger than the worst total of in-list ranks of a whole
 * team (5 players × rank 4), so minimising the cost first minimises the number of off-role players, then the ranks.
 */
export const OFF_ROLE_COST = 100;

const ROLE_INDEX: ReadonlyMap<Role, number> = new Map(ROLES.map((role, i) => [role, i]));
// Module-local copies of imported constants and tables: in hot loops, every access to an imported binding costs a
// getter call or an initialisation check (depending on the loader), several times slower than a local.
const SIZE = TEAM_SIZE;
const PERM_FLAT = Int8Array.from(PERMUTATIONS.flat());
const PERMUTATION_COUNT = PERMUTATIONS.length;
const MASKS = DP_MASKS;
const START = DP_START;
const FROM = DP_FROM;
const COST_AT = DP_COST_AT;
/** Scratch for bestPermutation. */
const memberBase = new Int32Array(SIZE);

/** 0 for the first choice, 1 for the second…; null when the role is not listed (or the list is empty). */
export function preferenceRank(roles: readonly Role[], role: Role): number | null {
  const rank = roles.indexOf(role);
  return rank === -1 ? null : rank;
}

/** Cost by preference rank: a player with no preference is happy anywhere (0); an unlisted role costs most. */
export function roleCost(roles: readonly Role[], role: Role): number {
  if (roles.length === 0) return 0;
  return preferenceRank(roles, role) ?? OFF_ROLE_COST;
}

export function isPreferredRole(roles: readonly Role[], role: Role): boolean {
  return roles.length === 0 || roles.includes(role);
}

export function isFirstChoice(roles: readonly Role[], role: Role): boolean {
  return roles.length === 0 || roles[0] === role;
}

/**
 * Writes the role costs of one player into out[at..at+4]: out[at + r] = roleCost(roles, ROLES[r]). Unknown role
 * strings in a list are ignored (they can never be assigned).
 */
export function fillCostRow(roles: readonly Role[], out: Int32Array, at: number): void {
  const unlisted = roles.length === 0 ? 0 : OFF_ROLE_COST;
  for (let r = 0; r < SIZE; r++) out[at + r] = unlisted;
  // Backwards, so that a role listed twice keeps its first (best) rank, like preferenceRank.
  for (let k = roles.length - 1; k >= 0; k--) {
    const r = ROLE_INDEX.get(roles[k]!);
    if (r !== undefined) out[at + r] = k;
  }
}

/** Writes the cost table of `players` into `out`: out[p * 5 + r] = cost of player p in ROLES[r]. */
export function fillCostTable(players: readonly { roles: readonly Role[] }[], out: Int32Array): void {
  for (let p = 0; p < players.length; p++) fillCostRow(players[p]?.roles ?? [], out, p * SIZE);
}

/**
 * Best assignment of the 5 roles to the 5 team members `members` (indices into the cost table), over the 120
 * permutations. Ties go to the first permutation in lexicographic order, so the result is deterministic.
 * Returns the role index of each member and the total cost.
 */
export function bestPermutation(costs: Int32Array, members: readonly number[]): { roles: number[]; cost: number } {
  for (let j = 0; j < SIZE; j++) memberBase[j] = members[j]! * SIZE;
  let best = 0;
  let bestCost = 0x3fffffff;
  for (let k = 0, at = 0; k < PERMUTATION_COUNT; k++) {
    let cost = 0;
    for (let j = 0; j < SIZE; j++, at++) cost += costs[memberBase[j]! + PERM_FLAT[at]!]!;
    if (cost < bestCost) {
      bestCost = cost;
      best = k;
    }
  }
  return { roles: Array.from(PERM_FLAT.subarray(best * SIZE, (best + 1) * SIZE)), cost: bestCost };
}

/**
 * Subset DP over the 10 players of a match: after the call, dp[mask] is the cheapest cost of giving roles
 * 0..k−1 to the k players of `mask` (k ≤ 5), so dp[teamMask] is the best role cost of that team. About 3,000
 * steps score all 252 possible teams at once, instead of 126 splits × 2 teams × 120 permutations.
 */
export function fillTeamCosts(costs: Int32Array, dp: Int32Array): void {
  dp[0] = 0;
  const masks = MASKS.length;
  for (let i = 0; i < masks; i++) {
    // A small-integer sentinel keeps the loop in int32 arithmetic (a larger one makes V8 use doubles).
    let best = 0x3fffffff;
    const end = START[i + 1]!;
    for (let t = START[i]!; t < end; t++) {
      const cost = dp[FROM[t]!]! + costs[COST_AT[t]!]!;
      if (cost < best) best = cost;
    }
    dp[MASKS[i]!] = best;
  }
}

/**
 * Public helper: the best roles for a team of exactly 5 players (first choices first; a player with no
 * preference fills whatever is left). Returns the role of each player, in input order.
 */
export function assignRoles(team: readonly { roles: readonly Role[] }[]): Role[] {
  if (team.length !== TEAM_SIZE) throw new RangeError(`assignRoles: a team has ${TEAM_SIZE} players`);
  const costs = new Int32Array(TEAM_SIZE * TEAM_SIZE);
  fillCostTable(team, costs);
  const { roles } = bestPermutation(
    costs,
    team.map((_, i) => i),
  );
  return roles.map((r) => ROLES[r]!);
}
