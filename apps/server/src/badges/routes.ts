import { awardBadgeSchema, equipBadgesSchema, okReplySchema, ownedBadgesReplySchema } from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import { adminOf } from '../admin/scope.ts';
import type { Guard } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { api } from '../docs/contract.ts';
import type { DomainEvents } from '../events/domain.ts';
import { parse } from '../http/validate.ts';
import { awardBadge, equipBadges, grantedEvent, ownedBadgeIds } from './service.ts';

export function registerBadgeRoutes(app: FastifyInstance, ctx: AppContext, guard: Guard): void {
  app.get(
    '/api/users/me/badges',
    api({ summary: 'Owned badges', tag: 'badges', access: 'user', reply: ownedBadgesReplySchema }),
    async (request) => {
      const { user } = await guard.user(request);
      return { owned_badges: await ownedBadgeIds(ctx.db, user.id) };
    },
  );

  app.put(
    '/api/users/me/badges/equip',
    api({
      errors: ['BADGE_NOT_OWNED', 'BADGE_SLOTS_SAME', 'BADGE_NOT_FOUND'],
      summary: 'Equips badges',
      tag: 'badges',
      access: 'user',
      body: equipBadgesSchema,
      reply: okReplySchema,
    }),
    async (request) => {
      const { user } = await guard.user(request);
      const body = parse(equipBadgesSchema, request.body);
      await equipBadges(ctx.db, user.id, body.primary_badge, body.secondary_badge, ctx.now());
      return { ok: true as const };
    },
  );
}

/** Admin scope: award a badge (awardBadge: a grant through grantBadges, audited). */
export function registerBadgeAdminRoutes(admin: FastifyInstance, ctx: AppContext, events: DomainEvents): void {
  admin.post(
    '/api/admin/badges/award',
    api({
      errors: ['BADGE_NOT_FOUND'],
      summary: 'Gives a badge',
      tag: 'admin',
      access: 'admin',
      body: awardBadgeSchema,
      reply: okReplySchema,
    }),
    async (request) => {
      const body = parse(awardBadgeSchema, request.body);
      const { user } = adminOf(request);
      const granted = await awardBadge(ctx.db, {
        actorId: user.id,
        userId: body.user_id,
        badgeId: body.badge_id,
        now: ctx.now(),
      });
      await events.publish(...grantedEvent(granted));
      return { ok: true as const };
    },
  );
}
