import { orderSchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { isFinalError, isSettled, ORDER_POLL_MS } from '../checkout-outcome.ts';
import { ordersKey } from './shop-keys.ts';

/** GET /api/shop/orders/{session_id} → the order of a checkout (404 ORDER_NOT_FOUND for another player's). */
export const getOrder = (sessionId: string) =>
  apiData(`/api/shop/orders/${encodeURIComponent(sessionId)}`, { schema: orderSchema });

export const orderQueryOptions = (userId: string, sessionId: string) =>
  queryOptions({ queryKey: [...ordersKey(userId), 'session', sessionId], queryFn: () => getOrder(sessionId) });

/** The order of a checkout, read again every ORDER_POLL_MS while `poll` holds and it is not settled. */
export function useOrderPolling(userId: string, sessionId: string, poll: boolean) {
  return useQuery({
    ...orderQueryOptions(userId, sessionId),
    retry: false,
    refetchInterval: (query) => {
      const { data, error } = query.state;
      const done = (data && isSettled(data)) || (error && isFinalError(error));
      return poll && !done ? ORDER_POLL_MS : false;
    },
  });
}
