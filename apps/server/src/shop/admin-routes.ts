import {
  adminBadgeUpdateSchema,
  adminOrderParamsSchema,
  adminOrdersQuerySchema,
  adminOrdersReplySchema,
  badgeIdSchema,
  orderSchema,
} from '@rankmatch/shared';
import { z } from 'zod';
import { updateBadgeAsAdmin } from '../badges/service.ts';
import { type RouteDef, route } from '../http/route.ts';
import { enabledShop } from './routes.ts';
import { adminOrders, fulfilAgain, reservedFor, type Shop } from './service.ts';

/** Orders (with "fulfil again") and a badge's price, stock and sale state. */
export function shopAdminRoutes(shop: Shop | null): RouteDef[] {
  return [
    route(
      {
        method: 'GET',
        url: '/api/admin/orders',
        errors: ['SHOP_DISABLED'],
        summary: 'Shop orders',
        tag: 'admin',
        access: 'admin',
        query: adminOrdersQuerySchema,
        reply: adminOrdersReplySchema,
      },
      async ({ query }) => ({ orders: await adminOrders(enabledShop(shop), query.status) }),
    ),
    route(
      {
        method: 'POST',
        url: '/api/admin/orders/:order_id/fulfil',
        errors: ['SHOP_DISABLED', 'ORDER_NOT_FOUND', 'ORDER_NOT_PAID', 'ORDER_NOT_FULFILLABLE'],
        summary: 'Fulfils a paid order again',
        tag: 'admin',
        access: 'admin',
        params: adminOrderParamsSchema,
        reply: orderSchema,
      },
      ({ user, params, now }) => fulfilAgain(enabledShop(shop), params.order_id, { actorId: user.id, now }),
    ),
    route(
      {
        method: 'PUT',
        url: '/api/admin/badges/:id',
        errors: ['BADGE_NOT_FOUND', 'BADGE_NOT_IN_SHOP', 'MAX_SALES_BELOW_SOLD', 'NO_CHANGES'],
        summary: "A badge's price, stock and sale state",
        tag: 'admin',
        access: 'admin',
        params: z.object({ id: badgeIdSchema }),
        body: adminBadgeUpdateSchema,
        writes: true,
      },
      ({ work, user, params, body, now }) =>
        updateBadgeAsAdmin(work.tx, params.id, body, { actorId: user.id, now }, (tx) =>
          shop ? reservedFor(shop, tx, params.id) : Promise.resolve(0),
        ),
    ),
  ];
}
