import { REFUND_TEXTS } from '@rankmatch/shared';
import './result-pill.css';

/**
 * In place of a history row's rate change: an admin gave the match's change back (a team-mate left or stayed AFK),
 * so it counts for nothing. The hint says why.
 */
export function RefundMark({ className }: { className: string }) {
  return (
    <span className={`${className} refund-mark`} title={REFUND_TEXTS.markerHint}>
      {REFUND_TEXTS.marker}
    </span>
  );
}
