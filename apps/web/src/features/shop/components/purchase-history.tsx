import { getBadge, ORDER_STATUS_LABELS, type Order } from '@rankmatch/shared';
import { BadgeChip } from '../../../components/badge-chip.tsx';
import { Icon } from '../../../components/icon.tsx';
import { EmptyState, ErrorState } from '../../../components/notice.tsx';
import { ScrollBox } from '../../../components/scroll-box.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { formatDateTime, formatYen } from '../../../lib/format.ts';
import { useOrders } from '../api/get-orders.ts';
import { SHOP_TEXTS as T } from '../texts.ts';
import './purchase-history.css';

/** 購入履歴: the player's orders, newest first (date, badge, amount, status). */
export function PurchaseHistory({ userId }: { userId: string }) {
  const orders = useOrders(userId);
  return (
    <section className="card purchase-history" aria-labelledby="purchase-history-title">
      <h2 id="purchase-history-title" className="card__title">
        <Icon name="clock" className="card__title-icon" />
        {T.historyTitle}
      </h2>
      {orders.isPending ? (
        <Skeleton lines={3} label={T.historyLoading} />
      ) : orders.isError ? (
        <ErrorState message={orders.error.message} onRetry={() => orders.refetch()} />
      ) : orders.data.orders.length === 0 ? (
        <EmptyState>{T.historyEmpty}</EmptyState>
      ) : (
        <ScrollBox className="purchase-history__scroll" contentKey={orders.data.orders.length}>
          <table className="purchase-history__table">
            <caption className="visually-hidden">{T.historyTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{T.historyDate}</th>
                <th scope="col">{T.historyBadge}</th>
                <th scope="col">{T.historyAmount}</th>
                <th scope="col">{T.historyStatus}</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.orders.map((order) => (
                <OrderRow key={order.order_id} order={order} />
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}

function OrderRow({ order }: { order: Order }) {
  return (
    <tr>
      <td>{formatDateTime(order.created_at)}</td>
      <td>
        <span className="purchase-history__badge">
          <span aria-hidden="true">
            <BadgeChip badgeId={order.badge_id} />
          </span>
          <span>{getBadge(order.badge_id)?.display ?? order.badge_id}</span>
        </span>
      </td>
      <td className="purchase-history__amount">{formatYen(order.amount)}</td>
      <td>
        <span className={`pill purchase-history__status--${order.status}`}>{ORDER_STATUS_LABELS[order.status]}</span>
        {order.status === 'paid' && order.problem !== null && (
          <span className="purchase-history__problem">{T.historyNotGranted}</span>
        )}
      </td>
    </tr>
  );
}
