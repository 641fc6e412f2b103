// Types of the matchmaking engine. Data records use snake_case (they mirror DB rows / API JSON); config uses
// camelCase like the other engine configs.
import type { Role } from '@rankmatch/shared';

/** One player waiting in the queue at the time of a wave. */
export interface WaitingEntry {
  user_id: string;
  rate: number;
  /** Ordered preference (first choice first), 0–5 distinct roles; empty = no preference (happy anywhere). */
  roles: readonly Role[];
  /** Unix seconds when the player entered the queue. Smaller = waiting longer = higher priority. */
  joined_at: number;
  /** Waves this player has already been through without being matched. Widens the window when anchor. */
  waves_missed: number;
  /**
   * The player's avoid list: user_ids they do not want in their match (either team). A pair is kept apart while both
   * have missed fewer than `avoidYieldAfterWaves` waves. Absent or empty: none.
   */
  avoids?: readonly string[];
  /**
   * The rating is still a guess (a newcomer's: their hidden rating's σ is near a newcomer's). The split spreads such
   * players evenly over the two teams (see chooseSplit). Absent: false.
   */
  uncertain?: boolean;
}

export interface MatchmakingConfig {
  /** Half-width of the rating window around the anchor (±windowBase). */
  windowBase: number;
  /** Added to the half-width for every wave the anchor has missed. */
  windowStepPerWave: number;
  /**
   * Team-average gap tolerance (rating points) for the role trade-off: among the 126 splits whose gap is within
   * `gapTolerance` of the smallest possible gap, those with the most players in a preferred role win; among them,
   * the smallest gap (then the best preference ranks). The tolerance is never spent on ranks alone.
   */
  gapTolerance: number;
  /**
   * Wider tolerance (rating points of team-average gap beyond the smallest possible), spent only to spread uncertain
   * players evenly when the `gapTolerance` splits would put two or more more of them in one team than in the other.
   */
  spreadTolerance: number;
  /**
   * Anchor-by-anchor plan (see runWave): how many nearest-by-rating candidates (inside the window) the group
   * selection looks at first.
   */
  poolSize: number;
  /** When the first pool cannot cover the roles, the pool grows (inside the window) up to this many candidates. */
  maxPoolSize: number;
  /**
   * Exchange rate between team gap and roles when choosing among candidate groups (see pickGroups): one player
   * out of their preferred roles weighs as much as this many points of team-average gap beyond `gapTolerance`.
   */
  gapPointsPerOffRole: number;
  /** In group selection a candidate counts this many rating points closer per wave they have missed. */
  waitBonusPerWave: number;
  /**
   * Avoid lists yield once the avoiding or the avoided player has missed this many waves (nobody waits longer than
   * that because of one); before that the two are never put in the same match.
   */
  avoidYieldAfterWaves: number;
  /** Seed of the deterministic tie-breaks (players with equal priority / equal scores). */
  seed: number;
}

/** Team label: team A holds the match's anchor. */
export type MatchTeamSide = 'A' | 'B';

export interface MatchPlayer {
  user_id: string;
  rate: number;
  role: Role;
  /** Index of `role` in the player's preference list (0 = first choice); null when not listed or no preference. */
  preference_rank: number | null;
  /** In a role of their list, or no preference at all. */
  preferred: boolean;
  /** In their first choice, or no preference at all. */
  first_choice: boolean;
  /** Seconds waited until this wave (now − joined_at). */
  wait_seconds: number;
  /** Waves missed before this wave matched them. */
  waves_missed: number;
}

export interface MatchTeam {
  /** Five players, ordered by role as in ROLES (TOP_LANE, MIDDLE, BOTTOM_LANE, SUPPORT, TANK). */
  players: MatchPlayer[];
  average_rate: number;
}

export interface Match {
  /**
   * The player the match was built around, normally its longest-waiting member. The window is centred on them;
   * they are always in team A. (In the anchor-by-anchor plan, when regrouping a run of matches into tens of rating
   * neighbours would break a window, the run keeps its matches and a member may have waited longer than the
   * anchor: their own window held fewer than 9 unmatched players when their turn came.)
   */
  anchor_user_id: string;
  /** Inclusive rating window of the anchor: every member's rate lies in [min, max]. */
  window: { min: number; max: number; half_width: number };
  team_a: MatchTeam;
  team_b: MatchTeam;
  /** The lower-average team attacks first (tie: team A, the anchor's team). */
  first_attack: MatchTeamSide;
  /** Highest-rated player of the first-attack team (tie: longest waiting, then queue priority). */
  host_user_id: string;
  /** max − min rate over the ten players. */
  rating_spread: number;
  /** |average(team A) − average(team B)|. */
  team_gap: number;
  /** |uncertain players in team A − in team B| (see WaitingEntry.uncertain). */
  uncertain_unevenness: number;
}

/** Quality record of one match (lichess-style pairing stats). */
export interface MatchQuality {
  anchor_user_id: string;
  rating_spread: number;
  team_gap: number;
  /** Share (0..1) of the ten in a preferred role (no preference counts as preferred). */
  preferred_share: number;
  /** Share (0..1) of the ten in their first choice (no preference counts as first choice). */
  first_choice_share: number;
}

export interface PlayerWait {
  user_id: string;
  wait_seconds: number;
  waves_missed: number;
}

export interface WaveMetrics {
  /** Unix seconds of the wave. */
  now: number;
  /** Distinct players considered (duplicated user_ids are counted once). */
  candidates: number;
  matched: number;
  left_waiting: number;
  matches: number;
  per_match: MatchQuality[];
  /** Over all matched players; null when nobody was matched. */
  preferred_role_share: number | null;
  first_choice_share: number | null;
  mean_team_gap: number | null;
  max_team_gap: number | null;
  mean_rating_spread: number | null;
  max_rating_spread: number | null;
  /** Wait of each matched player. */
  waits: PlayerWait[];
  mean_wait_seconds: number | null;
  max_wait_seconds: number | null;
}

export interface WaveResult {
  matches: Match[];
  metrics: WaveMetrics;
  /**
   * Players left in the queue, in priority order (longest waiting first), with `waves_missed` already increased
   * by one for this wave, ready to be stored back.
   */
  waiting: WaitingEntry[];
}
