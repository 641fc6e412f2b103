// Elo rating of a 5v5 match (spec 000 §2 rules text: initial 1500, changes of about 10 to 50).

export { DEFAULT_RATING_CONFIG, RATING_RULE_JA, ratingRuleJa, resolveRatingConfig } from './config.ts';
export { correctMatch, type PlayerCorrection, type SettledPlayer } from './correction.ts';
export { eloDelta, expectedScore, rateMatch, ratingChangesById, teamAverage, updateMaxRate } from './elo.ts';
export type { RatedPlayer, RateMatchInput, RatingChange, RatingConfig } from './types.ts';
