import { ordersReplySchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { ordersKey } from './shop-keys.ts';

/** GET /api/shop/orders → { orders }: the player's purchases, newest first. */
export const getOrders = () => apiData('/api/shop/orders', { schema: ordersReplySchema });

export const ordersQueryOptions = (userId: string) =>
  queryOptions({ queryKey: [...ordersKey(userId), 'all'], queryFn: getOrders, staleTime: 30_000 });

export const useOrders = (userId: string) => useQuery(ordersQueryOptions(userId));
