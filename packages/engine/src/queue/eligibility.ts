import { penaltyQueueBlock } from '../penalty/status.ts';
import type { PenaltyConfig } from '../penalty/types.ts';

// Who may wait for a match: one rule for the join call, the wave (which drops entries that became ineligible) and
// the web app's disabled join button.

export type QueueIneligibility =
  | 'banned'
  | 'no_trainer_name'
  | 'penalty_threshold'
  | 'penalty_timeout'
  | 'suspended'
  | 'season_closed'
  | 'in_match';

export interface QueueCandidate {
  trainer_name: string;
  is_banned: boolean;
  penalty_count: number;
  penalty_correction: number;
  penalty_timeout_until: number | null | undefined;
  /** When the player's matching suspension in force ends (an admin's, or the ready check's timeout); null: none. */
  suspended_until?: number | null | undefined;
}

export interface QueueContext {
  now: number;
  /** Whether a season is open now; undefined when not known (the web app before the queue info loaded). */
  seasonOpen: boolean | undefined;
  /** Whether the player is in an open match; undefined when not known. */
  inOpenMatch: boolean | undefined;
}

/** Why a player may not queue now, the most lasting reason first; null when they may. */
export function queueIneligibility(
  candidate: QueueCandidate,
  context: QueueContext,
  config: Partial<PenaltyConfig> = {},
): QueueIneligibility | null {
  if (candidate.is_banned) return 'banned';
  if (!candidate.trainer_name.trim()) return 'no_trainer_name';
  const penalty = penaltyQueueBlock(candidate, context.now, config);
  if (penalty === 'penalty_threshold') return penalty;
  // A suspension says until when and why; it outlasts a penalty's short timeout more often than not.
  if ((candidate.suspended_until ?? 0) > context.now) return 'suspended';
  if (penalty) return penalty;
  if (context.seasonOpen === false) return 'season_closed';
  if (context.inOpenMatch === true) return 'in_match';
  return null;
}
