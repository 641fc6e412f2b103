import { equipBadgesSchema, okReplySchema, ownedBadgesReplySchema } from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import { type RouteDef, route } from '../http/route.ts';
import { equipBadges, ownedBadgeIds } from './service.ts';

/** The player's badges: owned, and the two worn. */
export function badgeRoutes(ctx: AppContext): RouteDef[] {
  return [
    route(
      {
        method: 'GET',
        url: '/api/users/me/badges',
        summary: 'Owned badges',
        tag: 'badges',
        access: 'user',
        reply: ownedBadgesReplySchema,
      },
      async ({ user }) => ({ owned_badges: await ownedBadgeIds(ctx.db, user.id) }),
    ),
    route(
      {
        method: 'PUT',
        url: '/api/users/me/badges/equip',
        errors: ['BADGE_NOT_OWNED', 'BADGE_SLOTS_SAME', 'BADGE_NOT_FOUND'],
        summary: 'Equips badges',
        tag: 'badges',
        access: 'user',
        body: equipBadgesSchema,
        reply: okReplySchema,
        writes: true,
      },
      async ({ work, user, body, now }) => {
        await equipBadges(work.tx, user.id, body.primary_badge, body.secondary_badge, now);
        return { ok: true as const };
      },
    ),
  ];
}
