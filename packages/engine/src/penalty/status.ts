import { resolvePenaltyConfig } from './config.ts';
import type { PenaltyConfig, PenaltyCounts, QueueBlockReason } from './types.ts';

/** Effective penalty = penalty_count − penalty_correction, floored at 0 (spec 000 §5). */
export function effectivePenalty(counts: PenaltyCounts): number {
  return Math.max(0, counts.penalty_count - counts.penalty_correction);
}

/** Queue join is blocked when the effective penalty reaches the threshold (6). */
export function isQueueBlocked(counts: PenaltyCounts, config: Partial<PenaltyConfig> = {}): boolean {
  return effectivePenalty(counts) >= resolvePenaltyConfig(config).blockThreshold;
}

/**
 * End of the timeout started by a new penalty: now + minutes-per-point × effective penalty (counted after
 * the increment). An effective penalty of 0 (correction covers it) gives no timeout: the result is `nowUnix`.
 */
export function penaltyTimeoutUntil(
  nowUnix: number,
  effectivePenaltyAfter: number,
  config: Partial<PenaltyConfig> = {},
): number {
  const { timeoutMinutesPerPenalty } = resolvePenaltyConfig(config);
  return nowUnix + Math.max(0, effectivePenaltyAfter) * timeoutMinutesPerPenalty * 60;
}

export function isTimeoutActive(nowUnix: number, timeoutUntil: number | null | undefined): boolean {
  return timeoutUntil != null && timeoutUntil > nowUnix;
}

/** Whole minutes left, rounded up (61 s left shows 2 minutes); 0 when no timeout is active. */
export function remainingTimeoutMinutes(nowUnix: number, timeoutUntil: number | null | undefined): number {
  if (timeoutUntil == null || timeoutUntil <= nowUnix) return 0;
  return Math.ceil((timeoutUntil - nowUnix) / 60);
}

/** Why the penalty rules block queue join, if they do: the threshold first, as it outlasts any timeout. */
export function penaltyQueueBlock(
  state: PenaltyCounts & { penalty_timeout_until: number | null | undefined },
  nowUnix: number,
  config: Partial<PenaltyConfig> = {},
): QueueBlockReason | null {
  if (isQueueBlocked(state, config)) return 'penalty_threshold';
  if (isTimeoutActive(nowUnix, state.penalty_timeout_until)) return 'penalty_timeout';
  return null;
}
