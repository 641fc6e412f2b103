import {
  achievementCheckReplySchema,
  achievementCheckSchema,
  achievementsReplySchema,
  recentAchievementsQuerySchema,
} from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import { type RouteDef, route } from '../http/route.ts';
import { achievementsOf, checkAchievements, recentAchievements } from './service.ts';

/** The player's achievement calls (spec player side §7). */
export function achievementRoutes(ctx: AppContext): RouteDef[] {
  return [
    route(
      {
        method: 'GET',
        url: '/api/users/me/achievements',
        summary: 'Achievements with progress',
        tag: 'achievements',
        access: 'user',
        reply: achievementsReplySchema,
      },
      async ({ user }) => ({ achievements: await achievementsOf(ctx, user.id) }),
    ),
    route(
      {
        method: 'GET',
        url: '/api/users/me/achievements/recent',
        summary: 'The latest earned',
        tag: 'achievements',
        access: 'user',
        query: recentAchievementsQuerySchema,
        reply: achievementsReplySchema,
      },
      async ({ user, query }) => ({ achievements: await recentAchievements(ctx, user.id, query.limit) }),
    ),
    route(
      {
        method: 'POST',
        url: '/api/users/me/achievements/check',
        summary: 'Re-evaluates achievements',
        tag: 'achievements',
        access: 'user',
        body: achievementCheckSchema,
        reply: achievementCheckReplySchema,
      },
      async ({ user }) => ({ newly_earned: await checkAchievements(ctx, user.id) }),
    ),
  ];
}
