import {
  achievementCheckReplySchema,
  achievementCheckSchema,
  achievementsReplySchema,
  recentAchievementsQuerySchema,
} from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import type { Guard } from '../auth/guard.ts';
import { api } from '../docs/contract.ts';
import { parse } from '../http/validate.ts';
import type { AchievementService } from './service.ts';

/** The player's achievement calls (spec player side §7). */
export function registerAchievementRoutes(app: FastifyInstance, guard: Guard, achievements: AchievementService): void {
  app.get(
    '/api/users/me/achievements',
    api({ summary: 'Achievements with progress', tag: 'achievements', access: 'user', reply: achievementsReplySchema }),
    async (request) => {
      const { user } = await guard.user(request);
      return { achievements: await achievements.list(user.id) };
    },
  );

  app.get(
    '/api/users/me/achievements/recent',
    api({
      summary: 'The latest earned',
      tag: 'achievements',
      access: 'user',
      query: recentAchievementsQuerySchema,
      reply: achievementsReplySchema,
    }),
    async (request) => {
      const { user } = await guard.user(request);
      const { limit } = parse(recentAchievementsQuerySchema, request.query ?? {});
      return { achievements: await achievements.recent(user.id, limit) };
    },
  );

  app.post(
    '/api/users/me/achievements/check',
    api({
      summary: 'Re-evaluates achievements',
      tag: 'achievements',
      access: 'user',
      body: achievementCheckSchema,
      reply: achievementCheckReplySchema,
    }),
    async (request) => {
      const { user } = await guard.user(request);
      parse(achievementCheckSchema, request.body ?? {});
      return { newly_earned: await achievements.check(user.id) };
    },
  );
}
