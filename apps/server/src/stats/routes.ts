import { statsQuerySchema } from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import { parse } from '../http/validate.ts';
import type { StatsService } from './service.ts';

/** Public: the statistics of a season and a rating band, from memory. */
export function registerStatsRoutes(app: FastifyInstance, stats: StatsService): void {
  app.get('/api/public/stats', async (request, reply) => {
    const { season, band } = parse(statsQuerySchema, request.query ?? {});
    reply.type('application/json; charset=utf-8');
    return reply.send(await stats.reply(season, band));
  });
}
