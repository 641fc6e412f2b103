// Settlement of a match from its players' reports (spec 000 §3, §5; 001 §2 match management).
export {
  DEFAULT_SETTLEMENT_CONFIG,
  MATCH_RESULTS,
  resolveSettlementConfig,
  SETTLEMENT_RULE_JA,
  settlementRuleJa,
} from './config.ts';
export { decideAtDeadline, decideEarly, reportDeadline, settle } from './decide.ts';
export { countVotes, isMatchResult, latestReports, winnerOf } from './reports.ts';
export type {
  DeadlineDecision,
  DeadlineReason,
  EarlyDecision,
  MatchReport,
  MatchResult,
  Settlement,
  SettlementClock,
  SettlementConfig,
  SettlementReason,
  TeamSide,
  VoteCounts,
} from './types.ts';
