import { ORDER_STATUS_LABELS } from '@rankmatch/shared';
import { BadgeChip } from '../../../../components/badge-chip.tsx';
import { formatDateTime, formatYen } from '../../../../lib/format.ts';
import type { AdminOrder } from '../../api/get-orders.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.shop;

/** The problem code in words (unknown codes as they are); '-' for none. */
export const problemLabel = (problem: string | null) =>
  problem === null ? ADMIN_TEXTS.dash : (T.problems[problem] ?? problem);

/** Stripe's session ids are long: the start and the end are enough to tell them apart (the whole id is the title). */
const shortId = (id: string) => (id.length > 18 ? `${id.slice(0, 12)}…${id.slice(-4)}` : id);

/** The orders, newest first; scrolls sideways on phones. Only a paid order can be fulfilled again. */
export function OrderTable({
  orders,
  badgeName,
  busy,
  onFulfil,
}: {
  orders: AdminOrder[];
  badgeName: (badgeId: string) => string;
  busy: boolean;
  onFulfil: (order: AdminOrder) => void;
}) {
  return (
    <div className="table-scroll">
      <table className="admin-table admin-orders">
        <caption className="visually-hidden">{T.ordersCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{T.columns.date}</th>
            <th scope="col">{T.columns.player}</th>
            <th scope="col">{T.columns.badge}</th>
            <th scope="col">{T.columns.amount}</th>
            <th scope="col">{T.columns.status}</th>
            <th scope="col">{T.columns.problem}</th>
            <th scope="col">{T.columns.session}</th>
            <th scope="col">{T.columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.order_id}>
              <td>{formatDateTime(o.created_at)}</td>
              <td>
                <span className="admin-orders__player">{o.trainer_name || ADMIN_TEXTS.notSet}</span>
                <span className="admin-mono muted">{o.user_id}</span>
              </td>
              <td>
                <span className="admin-orders__badge">
                  <span aria-hidden="true">
                    <BadgeChip badgeId={o.badge_id} />
                  </span>
                  {badgeName(o.badge_id)}
                </span>
              </td>
              <td>{formatYen(o.amount)}</td>
              <td>
                <span className={`admin-status admin-status--order-${o.status}`}>{ORDER_STATUS_LABELS[o.status]}</span>
              </td>
              <td className={o.problem ? 'text-danger' : undefined}>{problemLabel(o.problem)}</td>
              <td className="admin-mono" title={o.session_id ?? undefined}>
                {o.session_id ? shortId(o.session_id) : ADMIN_TEXTS.dash}
              </td>
              <td>
                {o.status === 'paid' && (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => onFulfil(o)}
                    disabled={busy}
                    aria-label={T.fulfilLabel(o.order_id)}
                  >
                    {T.fulfil}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
