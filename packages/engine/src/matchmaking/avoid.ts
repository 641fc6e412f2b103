// Avoid lists: pairs of players a wave keeps out of the same match (either team) while both are fresh in the queue.
// The group selection (select.ts pickGroups) never takes a player who clashes with one already chosen; the tens of
// rating neighbours (group.ts groupByRating) are repaired by swapping a clashing player with the nearest-rated player
// of a nearby ten. With no active pair (nobody avoids anybody waiting) the wave is exactly the one without avoid lists.
import { MATCH_SIZE } from '@rankmatch/shared';
import type { MatchmakingConfig, WaitingEntry } from './types.ts';

/** Queue index → the queue indices that must not share its match (symmetric). */
export type Apart = ReadonlyMap<number, ReadonlySet<number>>;

const TEN = MATCH_SIZE;

/**
 * The active avoid pairs of a wave (queue indices), or null when there are none. A pair is active while both players
 * have missed fewer than `avoidYieldAfterWaves` waves: after that the list yields, so it never keeps the avoiding or
 * the avoided player waiting longer. Ids not in the queue (and a player's own id) are ignored.
 */
export function apartPairs(queue: readonly WaitingEntry[], cfg: MatchmakingConfig): Apart | null {
  const limit = cfg.avoidYieldAfterWaves;
  if (!queue.some((e) => e.avoids !== undefined && e.avoids.length > 0 && e.waves_missed < limit)) return null;
  const indexOf = new Map<string, number>();
  queue.forEach((e, q) => {
    indexOf.set(e.user_id, q);
  });
  const apart = new Map<number, Set<number>>();
  const add = (a: number, b: number): void => {
    const set = apart.get(a);
    if (set) set.add(b);
    else apart.set(a, new Set([b]));
  };
  queue.forEach((e, q) => {
    if (e.avoids === undefined || e.waves_missed >= limit) return;
    for (const id of e.avoids) {
      const other = indexOf.get(id);
      if (other === undefined || other === q || queue[other]!.waves_missed >= limit) continue;
      add(q, other);
      add(other, q);
    }
  });
  return apart.size > 0 ? apart : null;
}

/** Whether `q` must be kept apart from one of `members` (`skip` excepted). */
export function clashes(apart: Apart, q: number, members: ArrayLike<number>, skip = -1): boolean {
  const set = apart.get(q);
  if (set === undefined) return false;
  for (let i = 0; i < members.length; i++) {
    const m = members[i]!;
    if (m !== skip && set.has(m)) return true;
  }
  return false;
}

/** Swaps evaluated per clashing player: the legal ones nearest in rating, whose cost is finite. */
const SHORTLIST = 6;

/**
 * Repairs tens (slotOf: ten j = positions 10j … 10j+9) so that no ten holds an active avoid pair: one player of a
 * clashing pair is swapped with a player of a ten at most `reach` tens away, among the swaps that make no new clash in
 * either ten. For each of the two, the SHORTLIST such swaps nearest in rating are judged by `cost(from, to)` (the
 * caller's change of the two tens' penalties; infinite: not allowed), and the least is made (a swap that costs
 * nothing is made at once); `swapped(j, k)` is told. Returns false when some ten cannot be repaired. Every swap
 * removes a clash and adds none, so it ends.
 */
export function separateTens(
  apart: Apart,
  slotOf: Int32Array,
  rates: Float64Array,
  reach: number,
  cost: (from: number, to: number) => number,
  swapped: (j: number, k: number) => void,
): boolean {
  const blocks = slotOf.length / TEN;
  for (let j = 0; j < blocks; j++) {
    const ten = slotOf.subarray(j * TEN, (j + 1) * TEN);
    for (let pair = clashingPair(apart, ten); pair !== null; pair = clashingPair(apart, ten)) {
      // The later arrival first: on equal costs, the earlier one keeps their place.
      let best: Swap | null = null;
      for (const from of pair) {
        const swap = bestSwap(apart, slotOf, rates, j * TEN + from, reach, cost);
        if (swap !== null && (best === null || swap.cost < best.cost)) best = swap;
        if (best !== null && best.cost <= 0) break;
      }
      if (best === null) return false;
      const moved = slotOf[best.from]!;
      slotOf[best.from] = slotOf[best.to]!;
      slotOf[best.to] = moved;
      swapped(j, Math.floor(best.to / TEN));
    }
  }
  return true;
}

interface Swap {
  from: number;
  to: number;
  cost: number;
}

/** Two positions in the ten whose players clash, the later arrival's first; null when none. */
function clashingPair(apart: Apart, members: ArrayLike<number>): [number, number] | null {
  for (let i = 0; i < members.length; i++) {
    const set = apart.get(members[i]!);
    if (set === undefined) continue;
    for (let k = i + 1; k < members.length; k++) {
      if (set.has(members[k]!)) return members[i]! > members[k]! ? [i, k] : [k, i];
    }
  }
  return null;
}

/** The best swap for the player at `from`, or null (see separateTens). */
function bestSwap(
  apart: Apart,
  slotOf: Int32Array,
  rates: Float64Array,
  from: number,
  reach: number,
  cost: (from: number, to: number) => number,
): Swap | null {
  const blocks = slotOf.length / TEN;
  const j = Math.floor(from / TEN);
  const x = slotOf[from]!;
  const tenJ = slotOf.subarray(j * TEN, (j + 1) * TEN);
  const legal: { pos: number; delta: number }[] = [];
  for (let k = Math.max(0, j - reach); k <= Math.min(blocks - 1, j + reach); k++) {
    if (k === j) continue;
    const tenK = slotOf.subarray(k * TEN, (k + 1) * TEN);
    for (let pos = k * TEN; pos < (k + 1) * TEN; pos++) {
      const y = slotOf[pos]!;
      if (clashes(apart, x, tenK, y) || clashes(apart, y, tenJ, x)) continue;
      legal.push({ pos, delta: Math.abs(rates[x]! - rates[y]!) });
    }
  }
  legal.sort((a, b) => a.delta - b.delta || a.pos - b.pos);
  let best: Swap | null = null;
  let evaluated = 0;
  for (const { pos } of legal) {
    const c = cost(from, pos);
    if (!Number.isFinite(c)) continue;
    if (best === null || c < best.cost) best = { from, to: pos, cost: c };
    if (c <= 0 || ++evaluated === SHORTLIST) break;
  }
  return best;
}
