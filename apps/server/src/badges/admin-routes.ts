import { awardBadgeSchema, okReplySchema } from '@rankmatch/shared';
import { type RouteDef, route } from '../http/route.ts';
import { awardBadge } from './service.ts';

/** Award a badge (a grant through grantBadges, audited). */
export function badgeAdminRoutes(): RouteDef[] {
  return [
    route(
      {
        method: 'POST',
        url: '/api/admin/badges/award',
        errors: ['BADGE_NOT_FOUND'],
        summary: 'Gives a badge',
        tag: 'admin',
        access: 'admin',
        body: awardBadgeSchema,
        reply: okReplySchema,
        writes: true,
      },
      async ({ work, user, body, now }) => {
        await awardBadge(work, { actorId: user.id, userId: body.user_id, badgeId: body.badge_id, now });
        return { ok: true as const };
      },
    ),
  ];
}
