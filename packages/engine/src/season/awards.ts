import { GOLD_LICENCE_MATCHES as GOLD_LICENCE_MIN_MATCHES, RANKING_SIZE } from '@rankmatch/shared';

// Season rewards (spec 000 §1, §9), as pure rules: the final ranking tier, the highest match-count threshold reached,
// and the gold licence. The season end applies them to every player who played.

export type RankTier = 'rank_1' | 'rank_2' | 'rank_3' | 'top_10' | 'top_100';

/** Which catalogue badge each tier gives in one season (null or absent: that tier gives nothing). */
export interface SeasonRewardMap {
  rank_1: string | null;
  rank_2: string | null;
  rank_3: string | null;
  top_10: string | null;
  top_100: string | null;
  gold_licence: string | null;
  /** threshold → badge */
  matches: Readonly<Partial<Record<string, string>>>;
}

export interface SeasonResult {
  /** Place in the final ranking (1-based), null when not ranked. */
  rank: number | null;
  matches: number;
  effectivePenalty: number;
}

export interface SeasonReward {
  tier: RankTier | 'matches' | 'gold_licence';
  badgeId: string;
}

export { GOLD_LICENCE_MIN_MATCHES };
export const RANKED_PLACES = RANKING_SIZE;

/** 1st, 2nd, 3rd, top 10 (4–10), top 100 (11–100): one tier, the best. */
export function rankTier(rank: number | null): RankTier | null {
  if (rank === null || !Number.isInteger(rank) || rank < 1) return null;
  if (rank === 1) return 'rank_1';
  if (rank === 2) return 'rank_2';
  if (rank === 3) return 'rank_3';
  if (rank <= 10) return 'top_10';
  if (rank <= RANKED_PLACES) return 'top_100';
  return null;
}

/** The highest threshold reached among those the season rewards, or null. */
export function highestThreshold(matches: number, thresholds: readonly number[]): number | null {
  let best: number | null = null;
  for (const t of thresholds) if (matches >= t && (best === null || t > best)) best = t;
  return best;
}

/** 50 or more matches and an effective penalty of 0. */
export function qualifiesForGoldLicence(matches: number, effectivePenalty: number): boolean {
  return matches >= GOLD_LICENCE_MIN_MATCHES && effectivePenalty === 0;
}

/** The badges one player earns when the season ends (at most one per family). */
export function seasonRewards(result: SeasonResult, map: SeasonRewardMap): SeasonReward[] {
  const rewards: SeasonReward[] = [];
  const tier = rankTier(result.rank);
  const rankBadge = tier ? map[tier] : null;
  if (tier && rankBadge) rewards.push({ tier, badgeId: rankBadge });
  const threshold = highestThreshold(result.matches, Object.keys(map.matches).map(Number));
  const matchBadge = threshold === null ? undefined : map.matches[String(threshold)];
  if (matchBadge) rewards.push({ tier: 'matches', badgeId: matchBadge });
  if (map.gold_licence && qualifiesForGoldLicence(result.matches, result.effectivePenalty)) {
    rewards.push({ tier: 'gold_licence', badgeId: map.gold_licence });
  }
  return rewards;
}
