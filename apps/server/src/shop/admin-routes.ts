import {
  adminBadgeUpdateSchema,
  adminOrderParamsSchema,
  adminOrdersQuerySchema,
  badgeIdSchema,
} from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminOf } from '../admin/scope.ts';
import { updateBadgeAsAdmin } from '../badges/service.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { ShopService } from './service.ts';

/** Admin scope: orders (with "fulfil again") and a badge's price, stock and sale state. */
export function registerShopAdminRoutes(admin: FastifyInstance, ctx: AppContext, shop: ShopService | null): void {
  const enabled = () => {
    if (!shop) throw new AppError('SHOP_DISABLED');
    return shop;
  };

  admin.get('/api/admin/orders', async (request) => {
    const { status } = parse(adminOrdersQuerySchema, request.query ?? {});
    return { orders: await enabled().adminOrders(status) };
  });

  admin.post('/api/admin/orders/:order_id/fulfil', async (request) => {
    const { order_id } = parse(adminOrderParamsSchema, request.params);
    return enabled().fulfilAgain(order_id, { actorId: adminOf(request).user.id, now: ctx.now() });
  });

  admin.put('/api/admin/badges/:id', async (request) => {
    const { id } = parse(z.object({ id: badgeIdSchema }), request.params);
    const body = parse(adminBadgeUpdateSchema, request.body);
    const actor = { actorId: adminOf(request).user.id, now: ctx.now() };
    return updateBadgeAsAdmin(ctx.db, id, body, actor, (tx) => shop?.reservedFor(tx, id) ?? Promise.resolve(0));
  });
}
