import type { TeamSide } from '../settlement/types.ts';

/** A belief about a player's skill: mean and standard deviation, on the displayed rate's scale. */
export interface Mmr {
  mu: number;
  sigma: number;
}

/** A player's stored MMR: the belief and the season of the last match it includes. */
export interface MmrState extends Mmr {
  season_id: string;
}

export interface MmrConfig {
  /** A newcomer's σ: how far from their start rate their skill may lie (one standard deviation). */
  initialSigma: number;
  /** Spread of one player's performance in one match around their skill, in a team of five (mmr.ts playerBeta). */
  beta: number;
  /** Added in quadrature to σ before every match: skills drift, so no belief is ever final. */
  tau: number;
  /** Added in quadrature to σ at a player's first match of a new season (never past initialSigma). */
  seasonSigma: number;
}

export interface RatedPlayer {
  user_id: string;
  /** The displayed rate before the match. */
  rate: number;
  /** The MMR the match is rated from (see mmrForSeason). */
  mmr: Mmr;
}

export interface RateMatchInput {
  teamA: readonly RatedPlayer[];
  teamB: readonly RatedPlayer[];
  /** null for an invalid (void) match. */
  winner: TeamSide | null;
}

/** One player's displayed-rate change in a rated match. */
export interface EloChange {
  user_id: string;
  team: TeamSide;
  /** Displayed rate before, after and the change. */
  before: number;
  after: number;
  delta: number;
  /** The player's expected score (0..1) in the rule that rated the match; kept for display and audits. */
  expected: number;
}

export interface RatingChange extends EloChange {
  /** The K the change was scaled by (0 for a void match). */
  k: number;
  mmr_before: Mmr;
  mmr_after: Mmr;
}

export interface RatingConfig {
  /** K of a displayed rate that agrees with the MMR (an even match moves it by K/2). */
  kFactor: number;
  /** K of a displayed rate far from the MMR (a newcomer's, or a returning player's after the season's reset). */
  provisionalKFactor: number;
  /** How far from the MMR (in its σ) the displayed rate must be for the full provisionalKFactor. */
  provisionalSigmas: number;
  /**
   * The displayed rate's expectation moves by a factor of 10 in odds for every `gapScale` points it lies above the
   * MMR (and down as much below it): a rate above what the MMR believes gains less for a win and loses more.
   */
  gapScale: number;
  /** Smallest change in magnitude of a valid match (winner gains at least this, loser loses at least this). */
  minDelta: number;
  /** Largest change in magnitude. */
  maxDelta: number;
  mmr: MmrConfig;
}
