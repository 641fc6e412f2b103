import { statsQuerySchema, statsReplySchema } from '@rankmatch/shared';
import { type RouteDef, route } from '../http/route.ts';
import type { StatsCache } from './cache.ts';

/** The statistics of a season and a rating band, from memory. */
export function statsRoutes(stats: StatsCache): RouteDef[] {
  return [
    route(
      {
        method: 'GET',
        url: '/api/public/stats',
        errors: ['SEASON_NOT_FOUND'],
        summary: 'Season statistics for a rating band',
        tag: 'players',
        access: 'public',
        query: statsQuerySchema,
        reply: statsReplySchema,
      },
      async ({ query, reply }) => {
        reply.type('application/json; charset=utf-8');
        return reply.send(await stats.reply(query.season, query.band));
      },
    ),
  ];
}
