import { orderSchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { masterQueryKey } from '../../../lib/master.ts';
import { adminData } from './admin-request.ts';
import { ADMIN_ORDERS_KEY } from './get-orders.ts';
import { ADMIN_SHOP_BADGES_KEY } from './get-shop-badges.ts';

/**
 * POST /api/admin/orders/{order_id}/fulfil → the order after the attempt. The server reads the payment back from the
 * provider first (409 ORDER_NOT_PAID when it is not paid); an order still sold out stays paid with problem sold_out.
 */
export const fulfilOrder = (orderId: string) =>
  adminData(`/api/admin/orders/${encodeURIComponent(orderId)}/fulfil`, { method: 'POST', schema: orderSchema });

/** Fulfils again; the orders and the sold counts (shop list and catalogue) are reloaded. */
export function useFulfilOrder(adminId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fulfilOrder,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_SHOP_BADGES_KEY }),
        queryClient.invalidateQueries({ queryKey: masterQueryKey(adminId) }),
      ]),
  });
}
