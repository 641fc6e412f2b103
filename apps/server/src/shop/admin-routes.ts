import {
  adminBadgeUpdateSchema,
  adminOrderParamsSchema,
  adminOrdersQuerySchema,
  adminOrdersReplySchema,
  badgeIdSchema,
  orderSchema,
} from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminOf } from '../admin/scope.ts';
import { updateBadgeAsAdmin } from '../badges/service.ts';
import type { AppContext } from '../context.ts';
import { api } from '../docs/contract.ts';
import { AppError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { ShopService } from './service.ts';

/** Admin scope: orders (with "fulfil again") and a badge's price, stock and sale state. */
export function registerShopAdminRoutes(admin: FastifyInstance, ctx: AppContext, shop: ShopService | null): void {
  const enabled = () => {
    if (!shop) throw new AppError('SHOP_DISABLED');
    return shop;
  };

  admin.get(
    '/api/admin/orders',
    api({
      errors: ['SHOP_DISABLED'],
      summary: 'Shop orders',
      tag: 'admin',
      access: 'admin',
      query: adminOrdersQuerySchema,
      reply: adminOrdersReplySchema,
    }),
    async (request) => {
      const { status } = parse(adminOrdersQuerySchema, request.query ?? {});
      return { orders: await enabled().adminOrders(status) };
    },
  );

  admin.post(
    '/api/admin/orders/:order_id/fulfil',
    api({
      errors: ['SHOP_DISABLED', 'ORDER_NOT_FOUND', 'ORDER_NOT_PAID', 'ORDER_NOT_FULFILLABLE'],
      summary: 'Fulfils a paid order again',
      tag: 'admin',
      access: 'admin',
      reply: orderSchema,
    }),
    async (request) => {
      const { order_id } = parse(adminOrderParamsSchema, request.params);
      return enabled().fulfilAgain(order_id, { actorId: adminOf(request).user.id, now: ctx.now() });
    },
  );

  admin.put(
    '/api/admin/badges/:id',
    api({
      errors: ['BADGE_NOT_FOUND', 'BADGE_NOT_IN_SHOP', 'MAX_SALES_BELOW_SOLD', 'NO_CHANGES'],
      summary: "A badge's price, stock and sale state",
      tag: 'admin',
      access: 'admin',
      body: adminBadgeUpdateSchema,
    }),
    async (request) => {
      const { id } = parse(z.object({ id: badgeIdSchema }), request.params);
      const body = parse(adminBadgeUpdateSchema, request.body);
      const actor = { actorId: adminOf(request).user.id, now: ctx.now() };
      return updateBadgeAsAdmin(ctx.db, id, body, actor, (tx) => shop?.reservedFor(tx, id) ?? Promise.resolve(0));
    },
  );
}
