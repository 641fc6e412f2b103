import { MATCHING_STATE_LABELS, type MatchingState } from '@rankmatch/shared';

/**
 * 受付中 / 受付時間外 / シーズン期間外: the one word for whether the queue matches now, the same on the top page and the
 * match tab (a closed season outranks the hours, so no page says 受付中 beside シーズン期間外).
 */
export function MatchingPill({ state }: { state: MatchingState }) {
  return (
    <span className={`pill ${state === 'open' ? 'pill--success' : 'pill--muted'}`}>{MATCHING_STATE_LABELS[state]}</span>
  );
}
