// Types of the match report and its settlement (spec 000 §3 "Match report payload", §5 "Match report").

/** Team A is the first five players, team B the next five (spec 000 §5). */
export type TeamSide = 'A' | 'B';

/** What a player reports: a win of team A, a win of team B, or an invalid (void) match. */
export type MatchResult = 'A-win' | 'B-win' | 'invalid';

export interface MatchReport {
  user_id: string;
  /** The reporter's own team. */
  team: TeamSide;
  result: MatchResult;
  /** user_id of the player named as violator (or invalid-match culprit); '' when nobody is named. */
  violation_report: string;
  /** Unix seconds. Used to keep only a player's latest report. */
  reported_at: number;
}

export interface SettlementConfig {
  /** Minutes after the match start when reporting closes and the deadline rule applies. */
  reportWindowMinutes: number;
  /** Agreeing reports needed for early consensus (spec: "reports needed 2"). */
  reportsNeeded: number;
}

export type VoteCounts = Record<MatchResult, number>;

export type EarlyDecision = { decided: true; result: MatchResult; reason: 'consensus' } | { decided: false };

export type DeadlineReason = 'deadline_majority' | 'deadline_no_majority' | 'no_reports';

export interface DeadlineDecision {
  result: MatchResult;
  reason: DeadlineReason;
  votes: VoteCounts;
}

export type SettlementReason = 'consensus' | DeadlineReason;

export type Settlement =
  | { status: 'pending'; deadline: number }
  | { status: 'settled'; result: MatchResult; winner: TeamSide | null; reason: SettlementReason };

/** Times in unix seconds. */
export interface SettlementClock {
  now: number;
  startedAt: number;
}
