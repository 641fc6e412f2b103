// Ratings of a 5v5 match (spec 000 §2 rules text: initial 1500, changes of about 10 to 50): the hidden MMR (μ, σ)
// and the displayed, Elo-style rate that follows it.

export { DEFAULT_RATING_CONFIG, RATING_RULE_JA, ratingRuleJa, resolveRatingConfig } from './config.ts';
export {
  correctMatch,
  type PlayerCorrection,
  type RefundCandidate,
  refundPlayers,
  refundTargets,
  type SettledPlayer,
  shiftMmr,
} from './correction.ts';
export {
  clampedStep,
  type EloPlayer,
  eloDelta,
  expectedScore,
  LEGACY_ELO,
  rateMatchElo,
  ratingChangesById,
  teamAverage,
  updateMaxRate,
} from './elo.ts';
export { normalCdf, normalPdf } from './gaussian.ts';
export { displayedExpectation, kOf, rateMatch } from './match.ts';
export {
  type GaussianPlayer,
  type GaussianRules,
  gaussianWin,
  initialMmr,
  isUncertainMmr,
  mmrForSeason,
  mmrWinProbability,
  updateMmr,
} from './mmr.ts';
export {
  drain,
  fitMmr,
  MMR_BOUNDS,
  MMR_KEYS,
  type MmrKey,
  matchLogLosses,
  REFIT_POLICY,
  type RefitPolicy,
  type RefitReason,
  type RefitReport,
  refitMmr,
} from './refit.ts';
export type { RecordedMatch, StartBelief, StartBeliefs } from './replay.ts';
export type {
  EloChange,
  Mmr,
  MmrConfig,
  MmrState,
  RatedPlayer,
  RateMatchInput,
  RatingChange,
  RatingConfig,
} from './types.ts';
