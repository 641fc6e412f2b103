import { rankingReplySchema, ratingHistoryReplySchema, recordsReplySchema } from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Guard } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { api } from '../docs/contract.ts';
import { ratingHistory } from '../matches/history.ts';
import { markedActiveSeason } from '../seasons/queries.ts';
import { seasonRecords } from '../seasons/records.ts';
import type { RankingService } from './service.ts';

export function registerRankingRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guard: Guard,
  ranking: RankingService,
): void {
  // Served from memory: the snapshot is serialised once per run.
  app.get(
    '/api/public/ranking',
    api({ summary: 'Top 100 of the active season', tag: 'ranking', access: 'public', reply: rankingReplySchema }),
    (_request, reply) => {
      reply.type('application/json; charset=utf-8').send(ranking.json);
    },
  );

  app.get(
    '/api/users/ranking',
    api({ summary: 'Top 100 of the active season', tag: 'ranking', access: 'user', reply: rankingReplySchema }),
    async (request, reply) => {
      await guard.identity(request);
      return reply.type('application/json; charset=utf-8').send(ranking.json);
    },
  );

  app.get(
    '/api/users/me/records',
    api({ summary: 'Ended seasons', tag: 'seasons', access: 'user', reply: recordsReplySchema }),
    async (request) => {
      const { user } = await guard.user(request);
      return { records: await seasonRecords(ctx.db, user.id) };
    },
  );

  /** The active season's rate after each rated match, oldest first. */
  app.get(
    '/api/users/me/rating-history',
    api({ summary: 'Rate after each rated match', tag: 'users', access: 'user', reply: ratingHistoryReplySchema }),
    async (request): Promise<z.infer<typeof ratingHistoryReplySchema>> => {
      const { user } = await guard.user(request);
      const season = await markedActiveSeason(ctx.db);
      return { season_id: season?.id ?? null, points: season ? await ratingHistory(ctx.db, user.id, season.id) : [] };
    },
  );
}

/** Admin scope: the manual ranking calculation. */
export function registerRankingAdminRoutes(admin: FastifyInstance, ranking: RankingService): void {
  admin.post(
    '/api/debug/ranking/calculate',
    api({ summary: 'Computes the ranking now', tag: 'debug', access: 'admin' }),
    async () => ({ rankings_count: await ranking.refresh() }),
  );
}
