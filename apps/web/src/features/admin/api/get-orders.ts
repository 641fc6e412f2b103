import { type adminOrderSchema, adminOrdersReplySchema, type OrderStatus, type z } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminData } from './admin-request.ts';

export type OrderFilter = 'all' | OrderStatus;

/** An order as the admin list shows it: the order and the buyer's trainer name. */
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** GET /api/admin/orders?status=all|pending|paid|fulfilled|expired|failed|refunded → { orders } (newest first, 200 at most). */
export const getAdminOrders = (status: OrderFilter) =>
  adminData(`/api/admin/orders?status=${status}`, { schema: adminOrdersReplySchema });

export const ADMIN_ORDERS_KEY = [ADMIN_KEY, 'shop', 'orders'] as const;

export const adminOrdersQueryOptions = (status: OrderFilter) =>
  queryOptions({ queryKey: [...ADMIN_ORDERS_KEY, status], queryFn: () => getAdminOrders(status), staleTime: 0 });

export const useAdminOrders = (status: OrderFilter) => useQuery(adminOrdersQueryOptions(status));
