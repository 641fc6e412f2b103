import { ORDER_STATUS_LABELS, ORDER_STATUSES, type Order } from '@rankmatch/shared';
import { useMemo, useState } from 'react';
import { useConfirm } from '../../../../components/confirm-dialog.tsx';
import { EmptyState, Notice } from '../../../../components/notice.tsx';
import { Skeleton } from '../../../../components/skeleton.tsx';
import { formatYen } from '../../../../lib/format.ts';
import { useMaster } from '../../../../lib/master.ts';
import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { useFulfilOrder } from '../../api/fulfil-order.ts';
import { type AdminOrder, type OrderFilter, useAdminOrders } from '../../api/get-orders.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { FilterToolbar } from '../filter-toolbar.tsx';
import { OrderTable, problemLabel } from './order-table.tsx';

const T = ADMIN_TEXTS.shop;
const FILTERS: OrderFilter[] = ['all', ...ORDER_STATUSES];

type Outcome = { tone: 'success' | 'warning' | 'danger'; title?: string; text: string } | null;

const playerOf = (order: AdminOrder) => order.trainer_name || order.user_id;

/** What a "fulfil again" ended in: granted, still sold out (raise the stock first) or still not granted. */
function fulfilOutcome(order: Order, player: string, badge: string): NonNullable<Outcome> {
  if (order.status === 'fulfilled') return { tone: 'success', text: T.fulfilled(player, badge) };
  if (order.problem === 'sold_out') return { tone: 'warning', text: T.fulfilSoldOut };
  return { tone: 'warning', text: T.fulfilNotDone(ORDER_STATUS_LABELS[order.status], problemLabel(order.problem)) };
}

/** 注文: a status filter, 更新, the list and 再付与 for paid orders (after a confirm). */
export function OrdersSection({ adminId }: { adminId: string }) {
  const [status, setStatus] = useState<OrderFilter>('all');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const orders = useAdminOrders(status);
  const master = useMaster(adminId);
  const fulfil = useFulfilOrder(adminId);
  const fulfilOnce = useSingleFlight(fulfil);
  const confirm = useConfirm();

  const names = useMemo(() => new Map(master.data?.badges.map((b) => [b.id, b.display])), [master.data]);
  const badgeName = (id: string) => names.get(id) ?? id;

  const onFulfil = async (order: AdminOrder) => {
    const player = playerOf(order);
    const badge = badgeName(order.badge_id);
    const yes = await confirm.ask({
      title: T.fulfilConfirmTitle,
      message: T.fulfilConfirm(player, badge, formatYen(order.amount)),
      confirmLabel: T.fulfilConfirmButton,
      tone: 'primary',
    });
    if (!yes) return;
    setOutcome(null);
    fulfilOnce(order.order_id, {
      onSuccess: (after) => setOutcome(fulfilOutcome(after, player, badge)),
      onError: (error) => setOutcome({ tone: 'danger', title: T.fulfilFailed, text: error.message }),
    });
  };

  return (
    <section className="card" aria-labelledby="admin-orders-title">
      <FilterToolbar
        titleId="admin-orders-title"
        icon="clock"
        title={T.ordersTitle}
        filterLabel={T.filterLabel}
        filters={FILTERS}
        labelOf={(f) => (f === 'all' ? T.filterAll : ORDER_STATUS_LABELS[f])}
        value={status}
        onChange={setStatus}
        onRefresh={() => orders.refetch()}
        refreshing={orders.isFetching}
      />
      {fulfil.isPending && (
        <Notice tone="info" live>
          <p>{T.fulfilling}</p>
        </Notice>
      )}
      {outcome && (
        <Notice tone={outcome.tone} title={outcome.title} live>
          <p>{outcome.text}</p>
        </Notice>
      )}
      {orders.isPending ? (
        <Skeleton lines={5} />
      ) : orders.isError ? (
        <Notice tone="danger" title={T.ordersFailed} live>
          <p>{orders.error.message}</p>
        </Notice>
      ) : orders.data.orders.length === 0 ? (
        <EmptyState>{T.ordersEmpty}</EmptyState>
      ) : (
        <OrderTable orders={orders.data.orders} badgeName={badgeName} busy={fulfil.isPending} onFulfil={onFulfil} />
      )}
      {confirm.dialog}
    </section>
  );
}
