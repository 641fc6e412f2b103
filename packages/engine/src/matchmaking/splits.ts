// Precomputed combinatorics, built once at module load:
// - the 126 ways to split 10 players into 5 + 5 (player 0 fixed in team A, so mirror images are not repeated),
// - the 120 permutations of 5 roles,
// - the order of the subset DP used to score all 252 possible teams of a match at once.
import { MATCH_SIZE, ROLES, TEAM_SIZE } from '@rankmatch/shared';

if (TEAM_SIZE !== ROLES.length || MATCH_SIZE !== 2 * TEAM_SIZE) {
  // The engine gives every team member a distinct role, so a team has exactly one player per role.
  throw new Error('matchmaking: TEAM_SIZE must equal the number of roles and MATCH_SIZE must be 2 × TEAM_SIZE');
}

export interface Split {
  /** Bit i set = player i in team A. Bit 0 is always set. */
  readonly maskA: number;
  /** Player indices of team A (ascending, starts with 0) and team B (ascending). */
  readonly a: readonly number[];
  readonly b: readonly number[];
}

export const FULL_MASK = (1 << MATCH_SIZE) - 1;

export const POPCOUNT: Uint8Array = (() => {
  const table = new Uint8Array(1 << MATCH_SIZE);
  for (let m = 1; m < table.length; m++) table[m] = (table[m >> 1] ?? 0) + (m & 1);
  return table;
})();

function bitsOf(mask: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < MATCH_SIZE; i++) if (mask & (1 << i)) out.push(i);
  return out;
}

/** The 126 splits in ascending order of maskA (deterministic tie-break order). */
export const SPLITS: readonly Split[] = (() => {
  const out: Split[] = [];
  for (let maskA = 1; maskA <= FULL_MASK; maskA += 2) {
    if (POPCOUNT[maskA] !== TEAM_SIZE) continue;
    out.push({ maskA, a: bitsOf(maskA), b: bitsOf(FULL_MASK ^ maskA) });
  }
  return out;
})();

/** The 120 permutations of [0, 1, 2, 3, 4] in lexicographic order; perm[j] = role index of team member j. */
export const PERMUTATIONS: readonly (readonly number[])[] = (() => {
  const out: number[][] = [];
  const walk = (prefix: number[], rest: number[]): void => {
    if (rest.length === 0) {
      out.push(prefix);
      return;
    }
    for (let i = 0; i < rest.length; i++) {
      walk([...prefix, rest[i]!], [...rest.slice(0, i), ...rest.slice(i + 1)]);
    }
  };
  walk(
    [],
    Array.from({ length: TEAM_SIZE }, (_, i) => i),
  );
  return out;
})();

/** Every non-empty subset of the 10 players with at most 5 members, by size then value (subset DP order). */
export const DP_MASKS: Uint16Array = (() => {
  const masks: number[] = [];
  for (let m = 1; m <= FULL_MASK; m++) if ((POPCOUNT[m] ?? 0) <= TEAM_SIZE) masks.push(m);
  masks.sort((x, y) => (POPCOUNT[x] ?? 0) - (POPCOUNT[y] ?? 0) || x - y);
  return Uint16Array.from(masks);
})();

/**
 * Transitions of the subset DP, flattened: for the i-th mask of DP_MASKS, entries DP_START[i]..DP_START[i+1]−1
 * hold (DP_FROM = mask without one player p, DP_COST_AT = p × 5 + role) where role = |mask| − 1 is the role given
 * to p as the last one. A flat loop over ~2,560 transitions per match.
 */
export const DP_START: Uint16Array = new Uint16Array(DP_MASKS.length + 1);
export const DP_FROM: Uint16Array = (() => {
  const from: number[] = [];
  for (let i = 0; i < DP_MASKS.length; i++) {
    DP_START[i] = from.length;
    const mask = DP_MASKS[i]!;
    for (let p = 0; p < MATCH_SIZE; p++) if (mask & (1 << p)) from.push(mask ^ (1 << p));
  }
  DP_START[DP_MASKS.length] = from.length;
  return Uint16Array.from(from);
})();
export const DP_COST_AT: Uint8Array = (() => {
  const at: number[] = [];
  for (let i = 0; i < DP_MASKS.length; i++) {
    const mask = DP_MASKS[i]!;
    const role = POPCOUNT[mask]! - 1;
    for (let p = 0; p < MATCH_SIZE; p++) if (mask & (1 << p)) at.push(p * TEAM_SIZE + role);
  }
  return Uint8Array.from(at);
})();
