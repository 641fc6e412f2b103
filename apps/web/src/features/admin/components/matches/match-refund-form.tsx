import type { AdminMatchDetail, RefundOption } from '@rankmatch/shared';
import { useConfirm } from '../../../../components/confirm-dialog.tsx';
import { Notice } from '../../../../components/notice.tsx';
import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { useRefundMatch } from '../../api/refund-match.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.matches;

/**
 * The players reports named as 途中離脱 or 放置・AFK: confirming one, after a confirm, gives their team-mates who lost
 * rate in the match their rate back (once per player and match).
 */
export function MatchRefundForm({ match, nameOf }: { match: AdminMatchDetail; nameOf: (userId: string) => string }) {
  const refund = useRefundMatch();
  const refundOnce = useSingleFlight(refund);
  const confirm = useConfirm();

  const onRefund = async (option: RefundOption) => {
    const name = nameOf(option.user_id);
    const yes = await confirm.ask({
      title: T.refundConfirmTitle(match.match_id),
      message: T.refundConfirm(match.match_id, name),
      confirmLabel: T.refundConfirmButton,
    });
    if (yes) refundOnce({ matchId: match.match_id, user_id: option.user_id });
  };

  return (
    <section className="admin-correction" aria-labelledby="admin-refund-title">
      <h3 id="admin-refund-title" className="admin-match__heading">
        {T.refundTitle}
      </h3>
      <p className="field__hint">{T.refundText}</p>
      {match.refund_options.length === 0 ? (
        <p className="muted">{T.refundNone}</p>
      ) : (
        <ul className="admin-refunds">
          {match.refund_options.map((o) => (
            <li key={o.user_id}>
              <span>{T.refundOption(nameOf(o.user_id), o.reports)}</span>
              {o.confirmed ? (
                <span className="admin-mark">{T.refundDone}</span>
              ) : (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={refund.isPending}
                  onClick={() => void onRefund(o)}
                >
                  {T.refundButton(nameOf(o.user_id))}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {refund.isSuccess && (
        <Notice tone="success" live>
          <p>{T.refunded}</p>
        </Notice>
      )}
      {refund.isError && (
        <Notice tone="danger" title={T.refundFailed} live>
          <p>{refund.error.message}</p>
        </Notice>
      )}
      {confirm.dialog}
    </section>
  );
}
