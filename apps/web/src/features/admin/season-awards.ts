import { AWARD_TIERS, type AwardTier, type SeasonAwardMap } from '@rankmatch/shared';

// Editing a season's reward map (the form's 報酬 section): one badge per ranking tier and the gold licence, and one
// per match-count threshold (a threshold without a badge gives nothing).

export type SlotTier = Exclude<AwardTier, 'matches'>;
export const SLOT_TIERS = AWARD_TIERS.filter((tier): tier is SlotTier => tier !== 'matches');

export function withSlot(map: SeasonAwardMap, tier: SlotTier, badgeId: string | null): SeasonAwardMap {
  return { ...map, [tier]: badgeId };
}

export function withThreshold(map: SeasonAwardMap, threshold: number, badgeId: string | null): SeasonAwardMap {
  const matches = { ...map.matches };
  if (badgeId) matches[String(threshold)] = badgeId;
  else delete matches[String(threshold)];
  return { ...map, matches };
}
