// Queue ordering and group selection: which 9 players join an anchor.
import { ROLES, type Role, TEAM_SIZE } from '@rankmatch/shared';
import { type Apart, clashes } from './avoid.ts';
import { seededHash } from './rng.ts';
import type { MatchmakingConfig, WaitingEntry } from './types.ts';

// Module-local copies of imported constants: in hot loops, every access to an imported binding costs a getter call or
// an initialisation check (depending on the loader).
const ROLE_COUNT = TEAM_SIZE;
const ROLE_LIST: readonly Role[] = ROLES;
const ALL_ROLES_MASK = (1 << ROLE_COUNT) - 1;

/** Bit r set = the player accepts ROLES[r] as a preferred role (no preference = every role). */
export function roleMask(roles: readonly Role[]): number {
  if (roles.length === 0) return ALL_ROLES_MASK;
  let mask = 0;
  for (const role of roles) {
    const r = ROLE_LIST.indexOf(role);
    if (r !== -1) mask |= 1 << r;
  }
  return mask;
}

/**
 * Priority order: longest waiting first (smaller joined_at), then more waves missed, then a seeded hash of the
 * user_id (a fair, order-independent coin for exact ties), then the user_id itself.
 * Duplicated user_ids (a caller bug) are dropped after their first, highest-priority occurrence. A non-finite
 * rate or joined_at, or a negative waves_missed, throws (the caller validates queue entries).
 */
export function orderByPriority(entries: readonly WaitingEntry[], seed: number): WaitingEntry[] {
  const n = entries.length;
  // Sort an index array against typed-array keys: much faster than comparing objects for 10k+ entries.
  const joined = new Float64Array(n);
  const waves = new Float64Array(n);
  const tie = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const e = entries[i]!;
    if (!Number.isFinite(e.rate) || !Number.isFinite(e.joined_at) || !(e.waves_missed >= 0)) {
      throw new RangeError(`matchmaking: invalid entry for ${e.user_id} (rate, joined_at, waves_missed)`);
    }
    joined[i] = e.joined_at;
    waves[i] = e.waves_missed;
    tie[i] = seededHash(seed, e.user_id);
  }
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((x, y) => {
    const d = joined[x]! - joined[y]! || waves[y]! - waves[x]! || tie[x]! - tie[y]!;
    if (d !== 0) return d;
    const a = entries[x]!.user_id;
    const b = entries[y]!.user_id;
    return a < b ? -1 : a > b ? 1 : x - y;
  });
  const seen = new Set<string>();
  const out: WaitingEntry[] = [];
  for (const i of order) {
    const entry = entries[i]!;
    if (seen.has(entry.user_id)) continue;
    seen.add(entry.user_id);
    out.push(entry);
  }
  return out;
}

/**
 * The unmatched players sorted by rate, as a doubly linked list over the sorted array: finding the neighbours of
 * an anchor and removing matched players are O(1), so a whole wave is O(n log n) for the sort plus O(pool) per
 * anchor — no O(n²) scans.
 */
export class RateList {
  /** byRate[pos] = queue index (priority order) of the pos-th lowest rate. */
  readonly byRate: Int32Array;
  /** posOf[queueIndex] = position in byRate. */
  readonly posOf: Int32Array;
  readonly rateAt: Float64Array;
  readonly prev: Int32Array;
  readonly next: Int32Array;
  private readonly removed: Uint8Array;
  remaining: number;

  constructor(queue: readonly WaitingEntry[]) {
    const n = queue.length;
    const rates = Float64Array.from(queue, (e) => e.rate);
    // Equal rates keep priority order (queue index = priority).
    const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => rates[x]! - rates[y]! || x - y);
    this.byRate = Int32Array.from(order);
    this.posOf = new Int32Array(n);
    this.rateAt = new Float64Array(n);
    this.prev = new Int32Array(n);
    this.next = new Int32Array(n);
    for (let pos = 0; pos < n; pos++) {
      const q = order[pos]!;
      this.posOf[q] = pos;
      this.rateAt[pos] = queue[q]!.rate;
      this.prev[pos] = pos - 1;
      this.next[pos] = pos + 1 < n ? pos + 1 : -1;
    }
    this.removed = new Uint8Array(n);
    this.remaining = n;
  }

  isRemoved(queueIndex: number): boolean {
    return this.removed[queueIndex] === 1;
  }

  remove(queueIndex: number): void {
    this.removed[queueIndex] = 1;
    const pos = this.posOf[queueIndex]!;
    const p = this.prev[pos]!;
    const nx = this.next[pos]!;
    if (p !== -1) this.next[p] = nx;
    if (nx !== -1) this.prev[nx] = p;
    this.remaining--;
  }
}

/**
 * Role slots of one match: every role needs exactly 2 players (one per team). Kuhn's augmenting paths keep a
 * maximum matching of the added players to slots, so `tryAdd` answers "can all chosen players still get a
 * preferred role?" exactly, re-seating earlier players when needed. A player that does not fit is not added.
 */
export class RoleSlots {
  private readonly occupant = new Int32Array(2 * ROLE_COUNT);
  private readonly masks = new Int32Array(2 * ROLE_COUNT);
  private readonly savedOccupant = new Int32Array(2 * ROLE_COUNT);
  private readonly savedMasks = new Int32Array(2 * ROLE_COUNT);
  private savedCount = 0;
  private count = 0;
  private visited = 0;

  reset(): void {
    this.occupant.fill(-1);
    this.count = 0;
  }

  tryAdd(mask: number): boolean {
    if (this.count === 2 * ROLE_COUNT) return false;
    const p = this.count;
    this.masks[p] = mask;
    this.visited = 0;
    if (!this.place(p)) return false;
    this.count++;
    return true;
  }

  /** Remembers the current seating (one level: a later save overwrites it). */
  save(): void {
    this.savedOccupant.set(this.occupant);
    this.savedMasks.set(this.masks);
    this.savedCount = this.count;
  }

  restore(): void {
    this.occupant.set(this.savedOccupant);
    this.masks.set(this.savedMasks);
    this.count = this.savedCount;
  }

  private place(p: number): boolean {
    const mask = this.masks[p]!;
    for (let r = 0; r < ROLE_COUNT; r++) {
      if (!(mask & (1 << r)) || this.visited & (1 << r)) continue;
      this.visited |= 1 << r;
      for (let k = 0; k < 2; k++) {
        if (this.occupant[2 * r + k] === -1) {
          this.occupant[2 * r + k] = p;
          return true;
        }
      }
      for (let k = 0; k < 2; k++) {
        if (this.place(this.occupant[2 * r + k]!)) {
          this.occupant[2 * r + k] = p;
          return true;
        }
      }
    }
    return false;
  }
}

const slots = new RoleSlots();

/** Walks a rate list outwards from the anchor, nearest first, inside [lo, hi]; `seen` is told of every player taken. */
class NearestFirst {
  private left: number;
  private right: number;
  private readonly anchorRate: number;

  constructor(
    private readonly list: RateList,
    anchor: number,
    private readonly lo: number,
    private readonly hi: number,
    private readonly seen: (q: number) => void,
  ) {
    const anchorPos = list.posOf[anchor]!;
    this.anchorRate = list.rateAt[anchorPos]!;
    this.left = list.prev[anchorPos]!;
    this.right = list.next[anchorPos]!;
  }

  /** Up to `count` more in-window players, nearest first, as queue indices. */
  take(count: number): number[] {
    const list = this.list;
    const out: number[] = [];
    while (out.length < count) {
      const leftOk = this.left !== -1 && list.rateAt[this.left]! >= this.lo;
      const rightOk = this.right !== -1 && list.rateAt[this.right]! <= this.hi;
      if (!leftOk && !rightOk) break;
      let q: number;
      if (
        leftOk &&
        (!rightOk || this.anchorRate - list.rateAt[this.left]! <= list.rateAt[this.right]! - this.anchorRate)
      ) {
        q = list.byRate[this.left]!;
        this.left = list.prev[this.left]!;
      } else {
        q = list.byRate[this.right]!;
        this.right = list.next[this.right]!;
      }
      this.seen(q);
      out.push(q);
    }
    return out;
  }
}

/**
 * Completes `chosen` to ten (more than `need`) with the best-ranked of `rest` (sorted by score), skipping members and
 * players kept apart from one of them; shorter than ten when `rest` runs out.
 */
function fillGroup(chosen: readonly number[], rest: readonly number[], need: number, apart: Apart | null): number[] {
  const out = [...chosen];
  for (const q of rest) {
    if (out.length > need) break;
    if (!out.includes(q) && (apart === null || !clashes(apart, q, out))) out.push(q);
  }
  return out;
}

/**
 * Candidate groups of 10 for `anchor` (a queue index), all inside [lo, hi], best-for-roles first; null when fewer
 * than 9 unmatched players lie in the window. Heuristic:
 * 1. gather the `poolSize` unmatched players nearest in rating to the anchor (walking the rate list outwards);
 * 2. rank them by |Δrate| − waitBonusPerWave × waves_missed (closest first, long waiters pulled forward);
 * 3. greedily accept a candidate only if the ten can still all get a preferred role (2 slots per role);
 * 4. if the roles cannot be covered, grow the pool (up to `maxPoolSize`, still inside the window) and retry the
 *    rest; finally fill any missing places with the best-ranked leftovers (they will play off-role).
 * Covering roles can pull in far players and leave a lopsided group (e.g. 5 near the anchor + 5 far away, which
 * no split balances), so fallbacks follow the role-aware group: the plain 10 best-ranked (whenever step 3 skipped
 * somebody) and, when step 4 was needed, step 3 on the first pool only (then filled). The caller evaluates them
 * only if the first group's best split is outside the gap tolerance, and keeps the best by gap and roles.
 * Each group: anchor first, then in acceptance order.
 * Avoid lists (`apart`): a candidate kept apart from one already chosen is passed over at every step; groups that
 * cannot reach ten that way are dropped, and null is returned when none is left (the anchor waits).
 */
export function pickGroups(
  queue: readonly WaitingEntry[],
  masks: Int32Array,
  /** Scratch, one slot per queue index. */
  scores: Float64Array,
  list: RateList,
  anchor: number,
  lo: number,
  hi: number,
  config: MatchmakingConfig,
  apart: Apart | null = null,
): number[][] | null {
  const anchorRate = list.rateAt[list.posOf[anchor]!]!;
  const need = 2 * ROLE_COUNT - 1;
  // Scores are computed once per candidate (scores is indexed by queue index and only read for pool members).
  const scoreOf = (q: number): number => {
    const e = queue[q]!;
    return Math.abs(e.rate - anchorRate) - config.waitBonusPerWave * e.waves_missed;
  };
  // Queue index = priority, so equal scores go to the longer-waiting player.
  const byScore = (x: number, y: number): number => scores[x]! - scores[y]! || x - y;
  const walk = new NearestFirst(list, anchor, lo, hi, (q) => {
    scores[q] = scoreOf(q);
  });
  const gather = (count: number): number[] => walk.take(count);
  const fill = (chosen: number[], rest: readonly number[]): number[] => fillGroup(chosen, rest, need, apart);

  const first = gather(config.poolSize);
  if (first.length < need) return null;
  first.sort(byScore);

  slots.reset();
  slots.tryAdd(masks[anchor]!);
  const chosen: number[] = [anchor];
  const tryChunk = (chunk: readonly number[]): void => {
    for (const q of chunk) {
      if (chosen.length > need) return;
      if (apart !== null && clashes(apart, q, chosen)) continue;
      if (slots.tryAdd(masks[q]!)) chosen.push(q);
    }
  };
  tryChunk(first);
  // The plain 10 best-ranked: a fallback whenever the role-aware choice had to skip somebody.
  const nearest = fill([anchor], first);
  const same = (group: readonly number[]): boolean => group.every((q, i) => q === nearest[i]);
  if (chosen.length > need) return full(same(chosen) ? [chosen] : [chosen, nearest]);

  // Roles not covered by the first pool: keep a second fallback (first pool only, then filled), grow the pool.
  const firstPoolOnly = fill(chosen, first);
  const pool = [...first];
  while (chosen.length <= need && pool.length < config.maxPoolSize) {
    const chunk = gather(Math.min(config.poolSize, config.maxPoolSize - pool.length));
    if (chunk.length === 0) break;
    chunk.sort(byScore);
    pool.push(...chunk);
    tryChunk(chunk);
  }
  if (chosen.length <= need) {
    // Roles cannot all be covered: complete with the best-ranked leftovers (they will play off-role).
    pool.sort(byScore);
    return full([fill(chosen, pool), firstPoolOnly, nearest]);
  }
  return full([chosen, firstPoolOnly, nearest]);
}

/** The groups of ten (only avoid lists can leave one short), or null when none is. */
function full(groups: number[][]): number[][] | null {
  const ten = groups.filter((g) => g.length === 2 * ROLE_COUNT);
  return ten.length > 0 ? ten : null;
}
