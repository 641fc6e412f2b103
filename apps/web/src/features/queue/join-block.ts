import { remainingTimeoutMinutes } from '@rankmatch/engine';
import { ERRORS, PENALTY_BLOCK_THRESHOLD, penaltyTimeoutMessage, type UserProfile } from '@rankmatch/shared';

// Why the join button is disabled (spec §5 "Queue join is blocked when", §8 join button tooltips). The server checks
// the same rules and answers with the same messages; this only explains the disabled button before anyone clicks.

export type JoinBlock =
  | { kind: 'no_trainer_name'; message: string }
  | { kind: 'penalty'; message: string }
  | { kind: 'timeout'; message: string; minutes: number }
  | { kind: 'season'; message: string };

export function joinBlock(
  profile: Pick<UserProfile, 'trainer_name' | 'effective_penalty' | 'penalty_timeout_until'>,
  seasonActive: boolean | undefined,
  now: number,
): JoinBlock | null {
  if (!profile.trainer_name.trim()) return { kind: 'no_trainer_name', message: ERRORS.QUEUE_NO_TRAINER_NAME.message };
  if (profile.effective_penalty >= PENALTY_BLOCK_THRESHOLD) {
    return { kind: 'penalty', message: ERRORS.QUEUE_PENALTY_BLOCKED.message };
  }
  const minutes = remainingTimeoutMinutes(now, profile.penalty_timeout_until);
  if (minutes > 0) return { kind: 'timeout', message: penaltyTimeoutMessage(minutes), minutes };
  // Unknown (queue info not loaded) is not a reason: the server has the last word.
  if (seasonActive === false) return { kind: 'season', message: ERRORS.QUEUE_SEASON_CLOSED.message };
  return null;
}
