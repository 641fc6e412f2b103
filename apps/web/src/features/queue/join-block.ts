import { queueIneligibility, remainingTimeoutMinutes } from '@rankmatch/engine';
import { ERRORS, penaltyTimeoutMessage, suspensionNotice, type UserProfile } from '@rankmatch/shared';

// Why the join button is disabled (spec §5 "Queue join is blocked when", §8 join button tooltips). The server checks
// the same rules and answers with the same messages; this only explains the disabled button before anyone clicks.

export type JoinBlock =
  | { kind: 'no_trainer_name'; message: string }
  | { kind: 'penalty'; message: string }
  | { kind: 'timeout'; message: string; minutes: number }
  | { kind: 'suspended'; message: string }
  | { kind: 'deletion'; message: string }
  | { kind: 'season'; message: string };

export function joinBlock(
  profile: Pick<
    UserProfile,
    'trainer_name' | 'penalty_count' | 'penalty_correction' | 'penalty_timeout_until' | 'suspension'
  >,
  seasonActive: boolean | undefined,
  now: number,
  /** The player asked for their account's deletion (they come back by cancelling it on my page). */
  deletionPending = false,
): JoinBlock | null {
  if (deletionPending) return { kind: 'deletion', message: ERRORS.QUEUE_DELETION_PENDING.message };
  // The engine's rule, as the server applies it; unknown facts (queue info not loaded, an open match) are no reason
  // here: the server has the last word.
  const { suspension, ...penalty } = profile;
  const reason = queueIneligibility(
    { ...penalty, is_banned: false, suspended_until: suspension?.ends_at ?? null },
    { now, seasonOpen: seasonActive, inOpenMatch: undefined },
  );
  switch (reason) {
    case 'no_trainer_name':
      return { kind: 'no_trainer_name', message: ERRORS.QUEUE_NO_TRAINER_NAME.message };
    case 'penalty_threshold':
      return { kind: 'penalty', message: ERRORS.QUEUE_PENALTY_BLOCKED.message };
    case 'penalty_timeout': {
      const minutes = remainingTimeoutMinutes(now, profile.penalty_timeout_until);
      return { kind: 'timeout', message: penaltyTimeoutMessage(minutes), minutes };
    }
    case 'suspended':
      return { kind: 'suspended', message: suspensionNotice(suspension?.ends_at ?? now) };
    case 'season_closed':
      return { kind: 'season', message: ERRORS.QUEUE_SEASON_CLOSED.message };
    default:
      return null;
  }
}
