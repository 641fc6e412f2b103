import { awardBadgeSchema, equipBadgesSchema } from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import type { Guard } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { parse } from '../http/validate.ts';
import { ownedBadgeIds } from '../users/queries.ts';
import { awardBadge, equipBadges } from './service.ts';

export function registerBadgeRoutes(app: FastifyInstance, ctx: AppContext, guard: Guard): void {
  app.get('/api/users/me/badges', async (request) => {
    const { user } = await guard.user(request);
    return { owned_badges: await ownedBadgeIds(ctx.db, user.id) };
  });

  app.put('/api/users/me/badges/equip', async (request) => {
    const { user } = await guard.user(request);
    const body = parse(equipBadgesSchema, request.body);
    await equipBadges(ctx.db, user.id, body.primary_badge, body.secondary_badge, ctx.now());
    return { ok: true as const };
  });

  app.post('/api/admin/badges/award', async (request) => {
    const { user: admin } = await guard.admin(request);
    const body = parse(awardBadgeSchema, request.body);
    await awardBadge(ctx.db, { actorId: admin.id, userId: body.user_id, badgeId: body.badge_id, now: ctx.now() });
    return { ok: true as const };
  });
}
