// One matchmaking wave: who plays (priority, windows), tens of rating neighbours, best split per ten, metrics.
import { MATCH_SIZE, TEAM_SIZE } from '@rankmatch/shared';
import { apartPairs } from './avoid.ts';
import { resolveMatchmakingConfig, windowHalfWidth } from './config.ts';
import { groupByRating, groupPenalty, offRoleCount, type PlannedMatch, planMatch, type WavePool } from './group.ts';
import { buildMatch } from './match.ts';
import { computeWaveMetrics } from './metrics.ts';
import { fillCostRow } from './roles.ts';
import { orderByPriority, pickGroups, RateList, roleMask } from './select.ts';
import type { Match, MatchmakingConfig, WaitingEntry, WaveResult } from './types.ts';

/**
 * The anchor-by-anchor selection: every unmatched player, longest waiting first, is tried as the anchor of a new
 * match among the players after it; the anchor is matched whenever ≥ 9 of them lie inside its window, so the longest-waiting player
 * is never skipped while a match is possible, and everyone else's window widens each wave they miss until they
 * reach the front. Returns the groups (anchor first) with their best splits.
 */
function planByAnchors(pool: WavePool): PlannedMatch[] {
  const { queue, masks, cfg } = pool;
  const n = queue.length;
  const list = new RateList(queue);
  const scores = new Float64Array(n);
  const plans: PlannedMatch[] = [];
  for (let anchor = 0; anchor < n && list.remaining >= MATCH_SIZE; anchor++) {
    if (list.isRemoved(anchor)) continue;
    const entry = queue[anchor]!;
    const half = windowHalfWidth(entry.waves_missed, cfg);
    const groups = pickGroups(
      queue,
      masks,
      scores,
      list,
      anchor,
      entry.rate - half,
      entry.rate + half,
      cfg,
      pool.apart,
    );
    if (groups === null) {
      // Fewer than 9 others inside its window: this player waits (its window widens) and joins no later anchor's
      // match either, so every match's longest-waiting member is its anchor and the others lie in its window.
      list.remove(anchor);
      continue;
    }
    // Usually one group. With fallbacks, keep the lowest penalty; stop at the first within the gap tolerance.
    let best: { plan: PlannedMatch; penalty: number } | null = null;
    for (const group of groups) {
      const plan = planMatch(pool, group);
      const penalty = groupPenalty(plan.choice, cfg);
      if (best === null || penalty < best.penalty) best = { plan, penalty };
      if (plan.choice.gap <= cfg.gapTolerance) break;
    }
    if (best === null) continue;
    for (const q of best.plan.members) list.remove(q);
    plans.push(best.plan);
  }
  return plans;
}

function rateRange(pool: WavePool, members: readonly number[]): { lo: number; hi: number } {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const q of members) {
    const rate = pool.rates[q]!;
    if (rate < lo) lo = rate;
    if (rate > hi) hi = rate;
  }
  return { lo, hi };
}

/**
 * Regroups the anchor-by-anchor groups into tens of rating neighbours (groupByRating), separately for every run of
 * groups whose rating ranges overlap. A run keeps its original groups when a regrouped ten would not fit inside its
 * anchor's window.
 */
function regroup(pool: WavePool, plans: readonly PlannedMatch[]): PlannedMatch[] {
  const ranged = plans.map((plan) => ({ plan, ...rateRange(pool, plan.members) }));
  ranged.sort((a, b) => a.lo - b.lo || a.hi - b.hi || a.plan.members[0]! - b.plan.members[0]!);
  const out: PlannedMatch[] = [];
  for (let i = 0; i < ranged.length; ) {
    let hi = ranged[i]!.hi;
    let j = i + 1;
    while (j < ranged.length && ranged[j]!.lo <= hi) {
      hi = Math.max(hi, ranged[j]!.hi);
      j++;
    }
    const run = ranged.slice(i, j).map((r) => r.plan);
    out.push(
      ...(groupByRating(
        pool,
        run.flatMap((p) => p.members),
      ) ?? run),
    );
    i = j;
  }
  return out;
}

/** Sum over the matches of (highest − lowest rate). */
function totalSpread(pool: WavePool, plans: readonly PlannedMatch[]): number {
  let total = 0;
  for (const plan of plans) {
    const { lo, hi } = rateRange(pool, plan.members);
    total += hi - lo;
  }
  return total;
}

/** Wave plans compared: more matches, then smaller total rating spread, then fewer players off-role. */
function isBetterPlan(pool: WavePool, a: readonly PlannedMatch[], b: readonly PlannedMatch[]): boolean {
  if (a.length !== b.length) return a.length > b.length;
  const spreadA = totalSpread(pool, a);
  const spreadB = totalSpread(pool, b);
  if (spreadA !== spreadB) return spreadA < spreadB;
  const offRole = (plans: readonly PlannedMatch[]): number => plans.reduce((s, p) => s + offRoleCount(p.choice), 0);
  return offRole(a) < offRole(b);
}

/**
 * Runs one wave over the waiting entries at `nowUnix`. Pure and deterministic for a given config (seed): the
 * input array's order does not matter.
 *
 * Two plans for who plays, both grouped in tens of rating neighbours (groupByRating) with each ten's best split:
 * - everyone: all players except the (count mod 10) most recent arrivals, when every ten fits inside the window of
 *   its anchor (its longest-waiting member);
 * - anchor by anchor (planByAnchors): longest waiting first, a player is matched whenever ≥ 9 unmatched players
 *   lie inside their window.
 * The plan with more matches wins, then the smaller total rating spread, then fewer players off-role (a full tie
 * keeps the anchor-by-anchor plan). When the count is a multiple of 10 and all tens fit, the first plan matches
 * everybody with the smallest possible total spread, so the second is not computed. Either way a player is left
 * waiting only when fewer than 9 other players left waiting lie inside their window, and the longest-waiting player
 * is matched whenever ≥ 9 others lie inside theirs.
 * Avoid lists (`avoids`, avoid.ts): while both have missed fewer than `avoidYieldAfterWaves` waves, two players of an
 * avoid pair never share a match; "inside their window" above then counts only the players they may share one with.
 */
export function runWave(
  entries: readonly WaitingEntry[],
  nowUnix: number,
  config: Partial<MatchmakingConfig> = {},
): WaveResult {
  const cfg = resolveMatchmakingConfig(config);
  const queue = orderByPriority(entries, cfg.seed);
  const n = queue.length;
  const costRows = new Int32Array(n * TEAM_SIZE);
  for (let q = 0; q < n; q++) fillCostRow(queue[q]!.roles, costRows, q * TEAM_SIZE);
  const pool: WavePool = {
    queue,
    masks: Int32Array.from(queue, (e) => roleMask(e.roles)),
    firstMasks: Int32Array.from(queue, (e) => roleMask(e.roles.slice(0, 1))),
    rates: Float64Array.from(queue, (e) => e.rate),
    uncertain: Uint8Array.from(queue, (e) => (e.uncertain ? 1 : 0)),
    costRows,
    apart: apartPairs(queue, cfg),
    cfg,
  };

  const everyone = groupByRating(
    pool,
    Array.from({ length: n - (n % MATCH_SIZE) }, (_, i) => i),
  );
  let plans: PlannedMatch[];
  if (everyone !== null && n % MATCH_SIZE === 0) plans = everyone;
  else {
    const byAnchors = regroup(pool, planByAnchors(pool));
    plans = everyone !== null && isBetterPlan(pool, everyone, byAnchors) ? everyone : byAnchors;
  }
  plans.sort((a, b) => a.members[0]! - b.members[0]!);

  const matched = new Uint8Array(n);
  const matches: Match[] = [];
  for (const plan of plans) {
    for (const q of plan.members) matched[q] = 1;
    const anchor = queue[plan.members[0]!]!;
    matches.push(
      buildMatch(
        plan.members.map((q) => queue[q]!),
        plan.choice,
        windowHalfWidth(anchor.waves_missed, cfg),
        nowUnix,
      ),
    );
  }

  const waiting: WaitingEntry[] = [];
  for (let i = 0; i < n; i++) {
    if (!matched[i]) {
      const e = queue[i]!;
      waiting.push({ ...e, waves_missed: e.waves_missed + 1 });
    }
  }
  return { matches, metrics: computeWaveMetrics(matches, n, waiting.length, nowUnix), waiting };
}
