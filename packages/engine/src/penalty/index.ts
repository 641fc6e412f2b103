// Violation reports, penalties, timeouts and correction (spec 000 §5 queue block; 001 §2 penalty info).
export { DEFAULT_PENALTY_CONFIG, PENALTY_RULE_JA, penaltyRuleJa, resolvePenaltyConfig } from './config.ts';
export { applyPenalty, correctionAfterMatch, penaltyStateAfterMatch } from './lifecycle.ts';
export {
  effectivePenalty,
  isQueueBlocked,
  isTimeoutActive,
  penaltyQueueBlock,
  penaltyTimeoutUntil,
  remainingTimeoutMinutes,
} from './status.ts';
export type {
  CorrectionState,
  MatchParticipant,
  PenaltyConfig,
  PenaltyCounts,
  PenaltyState,
  QueueBlockReason,
  ViolationSummary,
  ViolationTally,
} from './types.ts';
export { tallyViolations } from './violations.ts';
