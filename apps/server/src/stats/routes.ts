import { statsQuerySchema, statsReplySchema } from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import { api } from '../docs/contract.ts';
import { parse } from '../http/validate.ts';
import type { StatsService } from './service.ts';

/** Public: the statistics of a season and a rating band, from memory. */
export function registerStatsRoutes(app: FastifyInstance, stats: StatsService): void {
  app.get(
    '/api/public/stats',
    api({
      errors: ['SEASON_NOT_FOUND'],
      summary: 'Season statistics for a rating band',
      tag: 'players',
      access: 'public',
      query: statsQuerySchema,
      reply: statsReplySchema,
    }),
    async (request, reply) => {
      const { season, band } = parse(statsQuerySchema, request.query ?? {});
      reply.type('application/json; charset=utf-8');
      return reply.send(await stats.reply(season, band));
    },
  );
}
