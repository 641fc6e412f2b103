import type { TeamSide } from '../settlement/types.ts';

export interface RatedPlayer {
  user_id: string;
  rate: number;
}

export interface RateMatchInput {
  teamA: readonly RatedPlayer[];
  teamB: readonly RatedPlayer[];
  /** null for an invalid (void) match. */
  winner: TeamSide | null;
}

export interface RatingChange {
  user_id: string;
  team: TeamSide;
  before: number;
  after: number;
  delta: number;
  /** Elo expected score against the opposing team's average (0..1); kept for display and audits. */
  expected: number;
}

export interface RatingConfig {
  /** Elo K factor: the largest unclamped change. */
  kFactor: number;
  /** Smallest change in magnitude of a valid match (winner gains at least this, loser loses at least this). */
  minDelta: number;
  /** Largest change in magnitude. */
  maxDelta: number;
}
