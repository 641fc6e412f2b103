// Grouping: the players who play in a wave are cut into tens of rating neighbours, each ten with its best split.
import { MATCH_SIZE, TEAM_SIZE } from '@rankmatch/shared';
import { type Apart, separateTens } from './avoid.ts';
import { windowHalfWidth } from './config.ts';
import { OFF_ROLE_COST } from './roles.ts';
import { RoleSlots } from './select.ts';
import { chooseSplitFor, type SplitChoice } from './teams.ts';
import type { MatchmakingConfig, WaitingEntry } from './types.ts';

/** The players of one wave in priority order, with per-player tables indexed by queue index. */
export interface WavePool {
  queue: readonly WaitingEntry[];
  /** Preferred roles as a bit mask (see roleMask). */
  masks: Int32Array;
  /** The first choice as a bit mask (every role for no preference; 0 when the first choice is unknown). */
  firstMasks: Int32Array;
  rates: Float64Array;
  /** 1 for an uncertain player (WaitingEntry.uncertain). */
  uncertain: Uint8Array;
  /** costRows[q * 5 + r] = role cost of player q in ROLES[r] (see fillCostRow). */
  costRows: Int32Array;
  /** Active avoid pairs (avoid.ts), or null when none. */
  apart: Apart | null;
  cfg: MatchmakingConfig;
}

export interface PlannedMatch {
  /** Ten queue indices; members[0] is the anchor (team A, centre of the window). */
  members: number[];
  choice: SplitChoice;
}

// Module-local copies (an imported binding costs a getter call or an initialisation check per access in hot loops).
const TEN = MATCH_SIZE;
const ROLE_COUNT = TEAM_SIZE;
/** Swaps of equal-rated players are tried between tens at most this far apart (bounds the work per ten). */
const SWAP_REACH = 3;
/** Avoid lists' repair: a ten's cost counts this much per rating point of its spread, beside its group penalty. */
const SPREAD_WEIGHT = 1;

const slots = new RoleSlots();
const probe = new RoleSlots();

/**
 * Penalty used to compare candidate groups: the role cost of the best split plus, for every rating point of team gap
 * beyond the tolerance, 1/gapPointsPerOffRole of an off-role player.
 */
export function groupPenalty(choice: SplitChoice, cfg: MatchmakingConfig): number {
  return choice.roleCost + (OFF_ROLE_COST / cfg.gapPointsPerOffRole) * Math.max(0, choice.gap - cfg.gapTolerance);
}

/** Number of off-role players in a split choice (each costs OFF_ROLE_COST; in-list ranks cost at most 4 each). */
export function offRoleCount(choice: SplitChoice): number {
  return Math.floor(choice.roleCost / OFF_ROLE_COST);
}

/** The group with its highest-priority member (the smallest queue index) moved to the front: the anchor. */
export function anchorFirst(group: readonly number[]): number[] {
  let best = 0;
  for (let i = 1; i < group.length; i++) if (group[i]! < group[best]!) best = i;
  const out = [...group];
  out[0] = group[best]!;
  out[best] = group[0]!;
  return out;
}

/** The best split of ten players; `members` must start with the anchor. */
export function planMatch(pool: WavePool, members: number[]): PlannedMatch {
  const tolerance = { gap: pool.cfg.gapTolerance, spread: pool.cfg.spreadTolerance };
  return { members, choice: chooseSplitFor(members, pool, tolerance) };
}

/** True when every member lies inside the anchor's window (members[0] is the anchor). */
export function insideWindow(pool: WavePool, members: readonly number[]): boolean {
  const anchor = members[0]!;
  const half = windowHalfWidth(pool.queue[anchor]!.waves_missed, pool.cfg);
  const center = pool.rates[anchor]!;
  for (const q of members) if (Math.abs(pool.rates[q]! - center) > half) return false;
  return true;
}

/** Players of one role mask and first choice, by priority; `head` is the first not yet placed. */
interface Bucket {
  mask: number;
  first: number;
  items: number[];
  head: number;
}

function popcount(x: number): number {
  let c = 0;
  for (let v = x; v !== 0; v &= v - 1) c++;
  return c;
}

/**
 * The not yet placed players of one rating level, in buckets of equal role mask and first choice: buckets ordered
 * least flexible first (fewest accepted roles), players in a bucket by priority. Players of a bucket are
 * interchangeable for role seating, so a bucket whose first player does not fit is skipped whole.
 */
class LevelPool {
  private readonly buckets: Bucket[] = [];

  constructor(members: readonly number[], masks: Int32Array, firstMasks: Int32Array) {
    const byKey = new Map<number, number[]>();
    for (const q of members) {
      const key = masks[q]! * 64 + firstMasks[q]!;
      const list = byKey.get(key);
      if (list) list.push(q);
      else byKey.set(key, [q]);
    }
    const keys = [...byKey.keys()].sort((x, y) => popcount(x >> 6) - popcount(y >> 6) || x - y);
    for (const key of keys) {
      const items = byKey.get(key) ?? [];
      this.buckets.push({ mask: key >> 6, first: key & 63, items: items.sort((x, y) => x - y), head: 0 });
    }
  }

  /**
   * Moves `count` players to `out`, seating them in `seats`: first those who can still get their first choice,
   * then those who can still get a preferred role, then any (each pass in bucket order).
   */
  take(count: number, seats: RoleSlots, out: number[]): void {
    let left = count;
    for (let pass = 0; pass < 3 && left > 0; pass++) {
      for (const bucket of this.buckets) {
        if (left === 0) break;
        while (left > 0 && bucket.head < bucket.items.length) {
          if (pass === 0) {
            seats.save();
            const fits = seats.tryAdd(bucket.first);
            seats.restore();
            if (!fits || !seats.tryAdd(bucket.mask)) break;
          } else if (pass === 1 && !seats.tryAdd(bucket.mask)) break;
          out.push(bucket.items[bucket.head++]!);
          left--;
        }
      }
    }
  }

  /**
   * Moves 10 × `tens` players to `out`, ten after ten, for tens made only of this level. A maximum assignment of
   * players to roles, 2 × `tens` places per role (buckets least flexible first, first choices first), is dealt
   * two per role to every ten; places it leaves empty get unassigned players in bucket order.
   */
  takeTens(tens: number, out: number[]): void {
    const flow = this.assignRoles(2 * tens);
    const byRole: number[][] = Array.from({ length: ROLE_COUNT }, () => []);
    this.buckets.forEach((bucket, b) => {
      byRole.forEach((players, r) => {
        for (let k = flow[b * ROLE_COUNT + r]!; k > 0; k--) players.push(bucket.items[bucket.head++]!);
      });
    });
    let spare = 0;
    for (let i = 0; i < tens; i++) {
      let placed = 0;
      for (const players of byRole) {
        for (const q of players.slice(2 * i, 2 * i + 2)) {
          out.push(q);
          placed++;
        }
      }
      spare += TEN - placed;
    }
    if (spare > 0) this.fillEmptyPlaces(tens, spare, byRole, out);
  }

  /**
   * A maximum assignment of the not yet placed players to roles, `cap` places per role: flow[b * 5 + r] players of
   * bucket b in ROLES[r]. First choices first, then any preferred role.
   */
  private assignRoles(cap: number): Int32Array {
    const buckets = this.buckets;
    const load = new Int32Array(ROLE_COUNT);
    const flow = new Int32Array(buckets.length * ROLE_COUNT);
    let seen = 0;
    // One more player of bucket b gets a role (only their first choice when `firstOnly`), re-seating others along
    // an augmenting path (Kuhn's algorithm, with counts).
    const place = (b: number, firstOnly: boolean): boolean => {
      const bucket = buckets[b]!;
      const mask = firstOnly ? bucket.first : bucket.mask;
      for (let r = 0; r < ROLE_COUNT; r++) {
        const bit = 1 << r;
        if (!(mask & bit) || seen & bit) continue;
        seen |= bit;
        if (load[r]! < cap) {
          load[r]!++;
          flow[b * ROLE_COUNT + r]!++;
          return true;
        }
        for (let other = 0; other < buckets.length; other++) {
          if (flow[other * ROLE_COUNT + r]! > 0 && place(other, false)) {
            flow[other * ROLE_COUNT + r]!--;
            flow[b * ROLE_COUNT + r]!++;
            return true;
          }
        }
      }
      return false;
    };
    // Players who fail now could not be placed later either, so the assignment is a maximum one (Kuhn).
    const placed = new Int32Array(buckets.length);
    for (const firstOnly of [true, false]) {
      buckets.forEach((bucket, b) => {
        const available = bucket.items.length - bucket.head;
        while (placed[b]! < available) {
          seen = 0;
          if (!place(b, firstOnly)) break;
          placed[b]!++;
        }
      });
    }
    return flow;
  }

  /** Empty places: unassigned players, in bucket order, appended to the tens that miss them. */
  private fillEmptyPlaces(tens: number, spare: number, byRole: readonly number[][], out: number[]): void {
    const fill: number[] = [];
    for (const bucket of this.buckets) {
      while (fill.length < spare && bucket.head < bucket.items.length) fill.push(bucket.items[bucket.head++]!);
      if (fill.length >= spare) break;
    }
    const dealt = out.splice(out.length - (TEN * tens - spare));
    let at = 0;
    let next = 0;
    for (let i = 0; i < tens; i++) {
      let placed = 0;
      for (const players of byRole) {
        if (2 * i < players.length) placed++;
        if (2 * i + 1 < players.length) placed++;
      }
      for (let k = 0; k < placed; k++) out.push(dealt[at++]!);
      for (let k = placed; k < TEN; k++) out.push(fill[next++]!);
    }
  }
}

/** How many of ten players can play a preferred role at once (2 slots per role), ignoring the team split. */
function seatable(masks: Int32Array, slotOf: Int32Array, from: number, skip: number, extra: number): number {
  probe.reset();
  let seated = 0;
  for (let pos = from; pos < from + TEN; pos++) {
    if (pos !== skip && probe.tryAdd(masks[slotOf[pos]!]!)) seated++;
  }
  if (probe.tryAdd(extra)) seated++;
  return seated;
}

/** Levels: runs of equal rate in `sorted` (levelOf[pos] = the level at that position; its start and end). */
interface Levels {
  levelOf: Int32Array;
  levelStart: number[];
  levelEnd: number[];
}

function levelsOf(sorted: readonly number[], rates: Float64Array): Levels {
  const m = sorted.length;
  const rateAt = (pos: number): number => rates[sorted[pos]!]!;
  const levelOf = new Int32Array(m);
  const levelStart: number[] = [];
  const levelEnd: number[] = [];
  for (let pos = 0; pos < m; pos++) {
    if (pos === 0 || rateAt(pos) !== rateAt(pos - 1)) {
      if (pos > 0) levelEnd.push(pos);
      levelStart.push(pos);
    }
    levelOf[pos] = levelStart.length - 1;
  }
  levelEnd.push(m);
  return { levelOf, levelStart, levelEnd };
}

/**
 * Tens low to high: slotOf[pos] = queue index placed at position pos (ten j = positions 10j … 10j+9). In a ten,
 * every level but the last is used up; the last may continue into the next ten, and then the ten has a choice.
 */
function dealTens(sorted: readonly number[], levels: Levels, masks: Int32Array, firstMasks: Int32Array): Int32Array {
  const { levelOf, levelStart, levelEnd } = levels;
  const m = sorted.length;
  const blocks = m / TEN;
  const pools = levelStart.map((start, l) => new LevelPool(sorted.slice(start, levelEnd[l]), masks, firstMasks));
  const slotOf = new Int32Array(m);
  const picked: number[] = [];
  for (let j = 0; j < blocks; ) {
    picked.length = 0;
    const level = levelOf[j * TEN]!;
    const inside = Math.floor((levelEnd[level]! - j * TEN) / TEN);
    if (inside > 0) {
      // Tens made only of this level: dealt together, by roles.
      pools[level]!.takeTens(inside, picked);
      slotOf.set(picked, j * TEN);
      j += inside;
      continue;
    }
    slots.reset();
    for (let pos = j * TEN; pos < (j + 1) * TEN; ) {
      const l = levelOf[pos]!;
      const take = Math.min(levelEnd[l]!, (j + 1) * TEN) - pos;
      pools[l]!.take(take, slots, picked);
      pos += take;
    }
    slotOf.set(picked, j * TEN);
    j++;
  }
  return slotOf;
}

/**
 * Groups `members` (queue indices, a multiple of 10 of them) into tens of rating neighbours:
 * 1. sorted by rate and cut into consecutive tens. Of all ways to make tens this gives the smallest total rating
 *    spread (between two neighbouring rates, at most one ten spans the step);
 * 2. players of equal rate are interchangeable between tens: every ten keeps the same rates, so the same spread
 *    and the same best team gap. Building the tens from the lowest rate up, tens made only of players of one rate
 *    are dealt together by a maximum assignment of those players to roles (LevelPool.takeTens), and a ten that
 *    takes some (not all) of the players of a rate takes those who can still get their first choice, then a
 *    preferred role, least flexible first (LevelPool.take); then swaps of equal-rated players between nearby tens
 *    are made while they put more players in a preferred role;
 * 3. each ten gets its best split (chooseSplit), the anchor being its highest-priority member;
 * 4. with avoid lists, a ten holding an active pair swaps one of the two with a player of a nearby ten: of the few
 *    nearest in rating, the one that costs the two tens least (avoid.ts separateTens).
 * Returns null when a ten does not lie inside its anchor's window (only possible when the ten's rating spread
 * exceeds the base window, or after step 4), or when step 4 cannot separate a pair.
 */
export function groupByRating(pool: WavePool, members: readonly number[]): PlannedMatch[] | null {
  const { masks, firstMasks, rates, cfg } = pool;
  const m = members.length;
  if (m % TEN !== 0) throw new RangeError('groupByRating: needs a multiple of 10 players');
  const sorted = [...members].sort((x, y) => rates[x]! - rates[y]! || x - y);
  const rateAt = (pos: number): number => rates[sorted[pos]!]!;
  const blocks = m / TEN;

  const levels = levelsOf(sorted, rates);
  const { levelOf, levelStart, levelEnd } = levels;
  const slotOf = dealTens(sorted, levels, masks, firstMasks);

  const planAt = (j: number): PlannedMatch =>
    planMatch(pool, anchorFirst(Array.from(slotOf.subarray(j * TEN, (j + 1) * TEN))));
  const plans = Array.from({ length: blocks }, (_, j) => planAt(j));

  // Avoid lists (step 4): a swap's cost is the change of both tens' penalty (groupPenalty) plus rating spread; a swap
  // that puts a ten out of its anchor's window is not allowed.
  const tenCost = (j: number, plan: PlannedMatch): number => {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let pos = j * TEN; pos < (j + 1) * TEN; pos++) {
      const rate = rates[slotOf[pos]!]!;
      if (rate < lo) lo = rate;
      if (rate > hi) hi = rate;
    }
    return groupPenalty(plan.choice, cfg) + SPREAD_WEIGHT * (hi - lo);
  };
  const costAt = (j: number): number => {
    const plan = planAt(j);
    return insideWindow(pool, plan.members) ? tenCost(j, plan) : Number.POSITIVE_INFINITY;
  };
  const swapCost = (from: number, to: number): number => {
    const [j, k] = [Math.floor(from / TEN), Math.floor(to / TEN)];
    const before = tenCost(j, plans[j]!) + tenCost(k, plans[k]!);
    [slotOf[from], slotOf[to]] = [slotOf[to]!, slotOf[from]!];
    const after = costAt(j) + costAt(k);
    [slotOf[from], slotOf[to]] = [slotOf[to]!, slotOf[from]!];
    return after - before;
  };
  const replan = (j: number, k: number): void => {
    plans[j] = planAt(j);
    plans[k] = planAt(k);
  };

  // Swaps of equal-rated players between tens, while they put more players in a preferred role. Only tens whose
  // rating spread is within the base window take part (any member can then be their anchor).
  const safe = (j: number): boolean => rateAt((j + 1) * TEN - 1) - rateAt(j * TEN) <= cfg.windowBase;
  const tried = new Set<number>();
  for (let j = 0; j < blocks; j++) {
    const from = j * TEN;
    let improved = safe(j);
    while (improved && offRoleCount(plans[j]!.choice) > 0) {
      improved = false;
      const offJ = offRoleCount(plans[j]!.choice);
      for (let x = from; x < from + TEN && !improved; x++) {
        const level = levelOf[x]!;
        const lo = Math.max(levelStart[level]!, (j - SWAP_REACH) * TEN);
        const hi = Math.min(levelEnd[level]!, (j + 1 + SWAP_REACH) * TEN);
        if (lo >= from && hi <= from + TEN) continue; // nobody of this rate outside the ten
        const maskX = masks[slotOf[x]!]!;
        tried.clear();
        for (let y = lo; y < hi && !improved; y++) {
          const k = Math.floor(y / TEN);
          const maskY = masks[slotOf[y]!]!;
          if (k === j || maskY === maskX || tried.has(k * 64 + maskY) || !safe(k)) continue;
          tried.add(k * 64 + maskY);
          const offK = offRoleCount(plans[k]!.choice);
          // Necessary for a gain (seating ignores the split): more players seatable in preferred roles in total.
          const seats = seatable(masks, slotOf, from, x, maskY) + seatable(masks, slotOf, k * TEN, y, maskX);
          if (seats <= 2 * TEN - offJ - offK) continue;
          const qx = slotOf[x]!;
          slotOf[x] = slotOf[y]!;
          slotOf[y] = qx;
          const nj = planAt(j);
          const nk = planAt(k);
          if (offRoleCount(nj.choice) + offRoleCount(nk.choice) < offJ + offK) {
            plans[j] = nj;
            plans[k] = nk;
            improved = true;
          } else {
            slotOf[y] = slotOf[x]!;
            slotOf[x] = qx;
          }
        }
      }
    }
  }

  if (pool.apart !== null && !separateTens(pool.apart, slotOf, rates, SWAP_REACH, swapCost, replan)) return null;
  for (const plan of plans) if (!insideWindow(pool, plan.members)) return null;
  return plans;
}
