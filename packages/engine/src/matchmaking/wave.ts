// One matchmaking wave: anchors in priority order, group selection in the anchor's window, best split, metrics.
import { MATCH_SIZE } from '@rankmatch/shared';
import { resolveMatchmakingConfig, windowHalfWidth } from './config.ts';
import { buildMatch } from './match.ts';
import { computeWaveMetrics } from './metrics.ts';
import { OFF_ROLE_COST } from './roles.ts';
import { orderByPriority, pickGroups, RateList, roleMask } from './select.ts';
import { chooseSplit, type SplitChoice } from './teams.ts';
import type { Match, MatchmakingConfig, WaitingEntry, WaveResult } from './types.ts';

/**
 * Penalty used to compare candidate groups of the same anchor: the role cost of the best split plus, for every
 * rating point of team gap beyond the tolerance, 1/gapPointsPerOffRole of an off-role player.
 */
function groupPenalty(choice: SplitChoice, cfg: MatchmakingConfig): number {
  return choice.roleCost + (OFF_ROLE_COST / cfg.gapPointsPerOffRole) * Math.max(0, choice.gap - cfg.gapTolerance);
}

/**
 * Runs one wave over the waiting entries at `nowUnix`. Pure and deterministic for a given config (seed): the
 * input array's order does not matter.
 *
 * Every unmatched player, longest waiting first, is tried as the anchor of a new match; the anchor is matched
 * whenever ≥ 9 unmatched players lie inside its window, so the longest-waiting player is never skipped while a
 * match is possible, and everyone else's window widens each wave they miss until they reach the front.
 */
export function runWave(
  entries: readonly WaitingEntry[],
  nowUnix: number,
  config: Partial<MatchmakingConfig> = {},
): WaveResult {
  const cfg = resolveMatchmakingConfig(config);
  const queue = orderByPriority(entries, cfg.seed);
  const n = queue.length;
  const masks = Int32Array.from(queue, (e) => roleMask(e.roles));
  const list = new RateList(queue);
  const matched = new Uint8Array(n);
  const scores = new Float64Array(n);
  const matches: Match[] = [];

  for (let anchor = 0; anchor < n && list.remaining >= MATCH_SIZE; anchor++) {
    if (matched[anchor]) continue;
    const entry = queue[anchor] as WaitingEntry;
    const half = windowHalfWidth(entry.waves_missed, cfg);
    const groups = pickGroups(queue, masks, scores, list, anchor, entry.rate - half, entry.rate + half, cfg);
    if (groups === null) continue;
    // Usually one group. With fallbacks, keep the lowest penalty; stop at the first within the gap tolerance.
    let best: { group: number[]; players: WaitingEntry[]; choice: SplitChoice; penalty: number } | null = null;
    for (const group of groups) {
      const players = group.map((q) => queue[q] as WaitingEntry);
      const choice = chooseSplit(players, cfg.gapTolerance);
      const penalty = groupPenalty(choice, cfg);
      if (best === null || penalty < best.penalty) best = { group, players, choice, penalty };
      if (choice.gap <= cfg.gapTolerance) break;
    }
    if (best === null) continue;
    for (const q of best.group) {
      matched[q] = 1;
      list.remove(q);
    }
    matches.push(buildMatch(best.players, best.choice, half, nowUnix));
  }

  const waiting: WaitingEntry[] = [];
  for (let i = 0; i < n; i++) {
    if (!matched[i]) {
      const e = queue[i] as WaitingEntry;
      waiting.push({ ...e, waves_missed: e.waves_missed + 1 });
    }
  }
  return { matches, metrics: computeWaveMetrics(matches, n, waiting.length, nowUnix), waiting };
}
