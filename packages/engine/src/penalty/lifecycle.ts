import type { MatchResult } from '../settlement/types.ts';
import { resolvePenaltyConfig } from './config.ts';
import { effectivePenalty, penaltyTimeoutUntil } from './status.ts';
import type { CorrectionState, PenaltyConfig, PenaltyState } from './types.ts';

/**
 * Correction bookkeeping after one counted match without a new penalty. `matches_since_penalty` counts
 * matches since the last penalty (or the last correction point); reaching `matchesPerCorrection` earns
 * +1 correction and restarts the counter. Correction never exceeds penalty_count, and while the effective
 * penalty is 0 the counter stays at 0: there is nothing to forgive and forgiveness cannot be banked ahead.
 */
export function correctionAfterMatch(
  state: CorrectionState,
  config: Partial<PenaltyConfig> = {},
): { penalty_correction: number; matches_since_penalty: number } {
  const { matchesPerCorrection } = resolvePenaltyConfig(config);
  if (effectivePenalty(state) === 0) {
    return { penalty_correction: state.penalty_correction, matches_since_penalty: 0 };
  }
  const counted = state.matches_since_penalty + 1;
  if (counted < matchesPerCorrection) {
    return { penalty_correction: state.penalty_correction, matches_since_penalty: counted };
  }
  return {
    penalty_correction: Math.min(state.penalty_count, state.penalty_correction + 1),
    matches_since_penalty: 0,
  };
}

/**
 * +1 penalty at `nowUnix` (unix seconds): starts a timeout of minutes-per-point × the new effective penalty,
 * restarts the correction counter and stamps the time. An active longer timeout is never shortened.
 */
export function applyPenalty(state: PenaltyState, nowUnix: number, config: Partial<PenaltyConfig> = {}): PenaltyState {
  const penalty_count = state.penalty_count + 1;
  const effectiveAfter = effectivePenalty({ penalty_count, penalty_correction: state.penalty_correction });
  const until = penaltyTimeoutUntil(nowUnix, effectiveAfter, config);
  return {
    ...state,
    penalty_count,
    penalty_timeout_until: Math.max(until, state.penalty_timeout_until ?? 0),
    matches_since_penalty: 0,
    last_penalty_at: nowUnix,
  };
}

/**
 * One player's penalty state after a match settles and its report window closes. A penalised player gets
 * the penalty and that match does not count towards correction; otherwise the match counts only when it
 * had a winner (an invalid match was usually never played, so it cannot be farmed for correction).
 */
export function penaltyStateAfterMatch(
  state: PenaltyState,
  outcome: { penalised: boolean; result: MatchResult },
  nowUnix: number,
  config: Partial<PenaltyConfig> = {},
): PenaltyState {
  if (outcome.penalised) return applyPenalty(state, nowUnix, config);
  if (outcome.result === 'invalid') return state;
  return { ...state, ...correctionAfterMatch(state, config) };
}
