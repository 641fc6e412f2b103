// Grouping: the players who play in a wave are cut into tens of rating neighbours, each ten with its best split.
import { MATCH_SIZE, TEAM_SIZE } from '@rankmatch/shared';
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
  /** costRows[q * 5 + r] = role cost of player q in ROLES[r] (see fillCostRow). */
  costRows: Int32Array;
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

const slots = new RoleSlots();
const probe = new RoleSlots();

/** Number of off-role players in a split choice (each costs OFF_ROLE_COST; in-list ranks cost at most 4 each). */
export function offRoleCount(choice: SplitChoice): number {
  return Math.floor(choice.roleCost / OFF_ROLE_COST);
}

/** The group with its highest-priority member (the smallest queue index) moved to the front: the anchor. */
export function anchorFirst(group: readonly number[]): number[] {
  let best = 0;
  for (let i = 1; i < group.length; i++) if ((group[i] as number) < (group[best] as number)) best = i;
  const out = [...group];
  out[0] = group[best] as number;
  out[best] = group[0] as number;
  return out;
}

/** The best split of ten players; `members` must start with the anchor. */
export function planMatch(pool: WavePool, members: number[]): PlannedMatch {
  return { members, choice: chooseSplitFor(members, pool.rates, pool.costRows, pool.cfg.gapTolerance) };
}

/** True when every member lies inside the anchor's window (members[0] is the anchor). */
export function insideWindow(pool: WavePool, members: readonly number[]): boolean {
  const anchor = members[0] as number;
  const half = windowHalfWidth((pool.queue[anchor] as WaitingEntry).waves_missed, pool.cfg);
  const center = pool.rates[anchor] as number;
  for (const q of members) if (Math.abs((pool.rates[q] as number) - center) > half) return false;
  return true;
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
  private readonly bucketMask: number[] = [];
  private readonly bucketFirst: number[] = [];
  private readonly items: number[][] = [];
  private readonly head: number[] = [];

  constructor(members: readonly number[], masks: Int32Array, firstMasks: Int32Array) {
    const byKey = new Map<number, number[]>();
    for (const q of members) {
      const key = (masks[q] as number) * 64 + (firstMasks[q] as number);
      const list = byKey.get(key);
      if (list) list.push(q);
      else byKey.set(key, [q]);
    }
    const keys = [...byKey.keys()].sort((x, y) => popcount(x >> 6) - popcount(y >> 6) || x - y);
    for (const key of keys) {
      this.bucketMask.push(key >> 6);
      this.bucketFirst.push(key & 63);
      this.items.push((byKey.get(key) as number[]).sort((x, y) => x - y));
      this.head.push(0);
    }
  }

  /**
   * Moves `count` players to `out`, seating them in `seats`: first those who can still get their first choice,
   * then those who can still get a preferred role, then any (each pass in bucket order).
   */
  take(count: number, seats: RoleSlots, out: number[]): void {
    let left = count;
    for (let pass = 0; pass < 3 && left > 0; pass++) {
      for (let b = 0; b < this.items.length && left > 0; b++) {
        const list = this.items[b] as number[];
        const mask = this.bucketMask[b] as number;
        while (left > 0 && (this.head[b] as number) < list.length) {
          if (pass === 0) {
            seats.save();
            const fits = seats.tryAdd(this.bucketFirst[b] as number);
            seats.restore();
            if (!fits || !seats.tryAdd(mask)) break;
          } else if (pass === 1 && !seats.tryAdd(mask)) break;
          out.push(list[(this.head[b] as number)++] as number);
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
    const buckets = this.items.length;
    const cap = 2 * tens;
    const load = new Int32Array(ROLE_COUNT);
    const flow = new Int32Array(buckets * ROLE_COUNT);
    let seen = 0;
    // One more player of bucket b gets a role (only their first choice when `firstOnly`), re-seating others along
    // an augmenting path (Kuhn's algorithm, with counts).
    const place = (b: number, firstOnly: boolean): boolean => {
      const mask = firstOnly ? (this.bucketFirst[b] as number) : (this.bucketMask[b] as number);
      for (let r = 0; r < ROLE_COUNT; r++) {
        const bit = 1 << r;
        if (!(mask & bit) || seen & bit) continue;
        seen |= bit;
        if ((load[r] as number) < cap) {
          load[r] = (load[r] as number) + 1;
          flow[b * ROLE_COUNT + r] = (flow[b * ROLE_COUNT + r] as number) + 1;
          return true;
        }
        for (let other = 0; other < buckets; other++) {
          if ((flow[other * ROLE_COUNT + r] as number) > 0 && place(other, false)) {
            flow[other * ROLE_COUNT + r] = (flow[other * ROLE_COUNT + r] as number) - 1;
            flow[b * ROLE_COUNT + r] = (flow[b * ROLE_COUNT + r] as number) + 1;
            return true;
          }
        }
      }
      return false;
    };
    // First choices first, then any preferred role. Players who fail now could not be placed later either, so the
    // assignment is a maximum one (Kuhn).
    const placed = new Int32Array(buckets);
    for (const firstOnly of [true, false]) {
      for (let b = 0; b < buckets; b++) {
        const available = (this.items[b] as number[]).length - (this.head[b] as number);
        while ((placed[b] as number) < available) {
          seen = 0;
          if (!place(b, firstOnly)) break;
          placed[b] = (placed[b] as number) + 1;
        }
      }
    }
    const byRole: number[][] = Array.from({ length: ROLE_COUNT }, () => []);
    for (let b = 0; b < buckets; b++) {
      const list = this.items[b] as number[];
      for (let r = 0; r < ROLE_COUNT; r++) {
        for (let k = flow[b * ROLE_COUNT + r] as number; k > 0; k--) {
          (byRole[r] as number[]).push(list[(this.head[b] as number)++] as number);
        }
      }
    }
    let spare = 0;
    for (let i = 0; i < tens; i++) {
      let placed = 0;
      for (let r = 0; r < ROLE_COUNT; r++) {
        for (let k = 2 * i; k < 2 * i + 2 && k < (byRole[r] as number[]).length; k++) {
          out.push((byRole[r] as number[])[k] as number);
          placed++;
        }
      }
      spare += TEN - placed;
    }
    // Empty places: unassigned players, in bucket order, appended to the tens that miss them.
    if (spare > 0) {
      const fill: number[] = [];
      for (let b = 0; b < buckets && fill.length < spare; b++) {
        const list = this.items[b] as number[];
        while (fill.length < spare && (this.head[b] as number) < list.length) {
          fill.push(list[(this.head[b] as number)++] as number);
        }
      }
      const dealt = out.splice(out.length - (TEN * tens - spare));
      let at = 0;
      let next = 0;
      for (let i = 0; i < tens; i++) {
        let placed = 0;
        for (let r = 0; r < ROLE_COUNT; r++) {
          const list = byRole[r] as number[];
          if (2 * i < list.length) placed++;
          if (2 * i + 1 < list.length) placed++;
        }
        for (let k = 0; k < placed; k++) out.push(dealt[at++] as number);
        for (let k = placed; k < TEN; k++) out.push(fill[next++] as number);
      }
    }
  }
}

/** How many of ten players can play a preferred role at once (2 slots per role), ignoring the team split. */
function seatable(masks: Int32Array, slotOf: Int32Array, from: number, skip: number, extra: number): number {
  probe.reset();
  let seated = 0;
  for (let pos = from; pos < from + TEN; pos++) {
    if (pos !== skip && probe.tryAdd(masks[slotOf[pos] as number] as number)) seated++;
  }
  if (probe.tryAdd(extra)) seated++;
  return seated;
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
 * 3. each ten gets its best split (chooseSplit), the anchor being its highest-priority member.
 * Returns null when a ten does not lie inside its anchor's window (only possible when the ten's rating spread
 * exceeds the base window).
 */
export function groupByRating(pool: WavePool, members: readonly number[]): PlannedMatch[] | null {
  const { masks, firstMasks, rates, cfg } = pool;
  const m = members.length;
  if (m % TEN !== 0) throw new RangeError('groupByRating: needs a multiple of 10 players');
  const sorted = [...members].sort((x, y) => (rates[x] as number) - (rates[y] as number) || x - y);
  const rateAt = (pos: number): number => rates[sorted[pos] as number] as number;
  const blocks = m / TEN;

  // Levels: runs of equal rate in `sorted`.
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
  const pools = levelStart.map((start, l) => new LevelPool(sorted.slice(start, levelEnd[l]), masks, firstMasks));

  // Tens low to high: slotOf[pos] = queue index placed at position pos (ten j = positions 10j … 10j+9). In a ten,
  // every level but the last is used up; the last may continue into the next ten, and then the ten has a choice.
  const slotOf = new Int32Array(m);
  const picked: number[] = [];
  for (let j = 0; j < blocks; ) {
    picked.length = 0;
    const level = levelOf[j * TEN] as number;
    const inside = Math.floor(((levelEnd[level] as number) - j * TEN) / TEN);
    if (inside > 0) {
      // Tens made only of this level: dealt together, by roles.
      (pools[level] as LevelPool).takeTens(inside, picked);
      slotOf.set(picked, j * TEN);
      j += inside;
      continue;
    }
    slots.reset();
    for (let pos = j * TEN; pos < (j + 1) * TEN; ) {
      const l = levelOf[pos] as number;
      const take = Math.min(levelEnd[l] as number, (j + 1) * TEN) - pos;
      (pools[l] as LevelPool).take(take, slots, picked);
      pos += take;
    }
    slotOf.set(picked, j * TEN);
    j++;
  }

  const planAt = (j: number): PlannedMatch =>
    planMatch(pool, anchorFirst(Array.from(slotOf.subarray(j * TEN, (j + 1) * TEN))));
  const plans = Array.from({ length: blocks }, (_, j) => planAt(j));

  // Swaps of equal-rated players between tens, while they put more players in a preferred role. Only tens whose
  // rating spread is within the base window take part (any member can then be their anchor).
  const safe = (j: number): boolean => rateAt((j + 1) * TEN - 1) - rateAt(j * TEN) <= cfg.windowBase;
  const tried = new Set<number>();
  for (let j = 0; j < blocks; j++) {
    const from = j * TEN;
    let improved = safe(j);
    while (improved && offRoleCount((plans[j] as PlannedMatch).choice) > 0) {
      improved = false;
      const offJ = offRoleCount((plans[j] as PlannedMatch).choice);
      for (let x = from; x < from + TEN && !improved; x++) {
        const level = levelOf[x] as number;
        const lo = Math.max(levelStart[level] as number, (j - SWAP_REACH) * TEN);
        const hi = Math.min(levelEnd[level] as number, (j + 1 + SWAP_REACH) * TEN);
        if (lo >= from && hi <= from + TEN) continue; // nobody of this rate outside the ten
        const maskX = masks[slotOf[x] as number] as number;
        tried.clear();
        for (let y = lo; y < hi && !improved; y++) {
          const k = Math.floor(y / TEN);
          const maskY = masks[slotOf[y] as number] as number;
          if (k === j || maskY === maskX || tried.has(k * 64 + maskY) || !safe(k)) continue;
          tried.add(k * 64 + maskY);
          const offK = offRoleCount((plans[k] as PlannedMatch).choice);
          // Necessary for a gain (seating ignores the split): more players seatable in preferred roles in total.
          const seats = seatable(masks, slotOf, from, x, maskY) + seatable(masks, slotOf, k * TEN, y, maskX);
          if (seats <= 2 * TEN - offJ - offK) continue;
          const qx = slotOf[x] as number;
          slotOf[x] = slotOf[y] as number;
          slotOf[y] = qx;
          const nj = planAt(j);
          const nk = planAt(k);
          if (offRoleCount(nj.choice) + offRoleCount(nk.choice) < offJ + offK) {
            plans[j] = nj;
            plans[k] = nk;
            improved = true;
          } else {
            slotOf[y] = slotOf[x] as number;
            slotOf[x] = qx;
          }
        }
      }
    }
  }

  for (const plan of plans) if (!insideWindow(pool, plan.members)) return null;
  return plans;
}
