import type { TeamSide } from '../settlement/types.ts';

export interface MatchParticipant {
  user_id: string;
  team: TeamSide;
}

/** Violation reports received by one player in one match (admin match detail: "report totals per reported player"). */
export interface ViolationTally {
  user_id: string;
  /** Team of the reported player. */
  team: TeamSide;
  /** Distinct valid reporters. */
  report_count: number;
  /** Reporter user ids, sorted. */
  reporters: string[];
  /** Reporters per reporter team. */
  by_team: Record<TeamSide, number>;
  penalised: boolean;
}

export interface ViolationSummary {
  /** Sorted by report_count descending, then user_id. */
  tallies: ViolationTally[];
  /** Sorted user ids that get +1 penalty when the report window closes. */
  penalised_user_ids: string[];
}

export interface PenaltyConfig {
  /** Reporters all on one team needed to penalise. */
  sameTeamReporters: number;
  /** Reporters in total (any teams) needed to penalise. */
  totalReporters: number;
  /** Timeout per effective penalty point, in minutes. */
  timeoutMinutesPerPenalty: number;
  /** Counted matches after the last penalty that earn one point of correction. */
  matchesPerCorrection: number;
  /** Effective penalty at which queueing is blocked. */
  blockThreshold: number;
}

export interface PenaltyCounts {
  penalty_count: number;
  penalty_correction: number;
}

export interface CorrectionState extends PenaltyCounts {
  /** Counted matches since the last penalty or the last correction point, whichever is later. */
  matches_since_penalty: number;
}

export interface PenaltyState extends CorrectionState {
  /** Unix seconds; null (or a past time) when no timeout is active. */
  penalty_timeout_until: number | null;
  /** Unix seconds of the latest penalty; null when never penalised. */
  last_penalty_at: number | null;
}

export type QueueBlockReason = 'penalty_threshold' | 'penalty_timeout';
