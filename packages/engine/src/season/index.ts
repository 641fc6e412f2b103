// Season end rules (pure).
export {
  GOLD_LICENCE_MIN_MATCHES,
  highestThreshold,
  qualifiesForGoldLicence,
  RANKED_PLACES,
  type RankTier,
  rankTier,
  type SeasonResult,
  type SeasonReward,
  type SeasonRewardMap,
  seasonRewards,
} from './awards.ts';
