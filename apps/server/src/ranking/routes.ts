import { rankingReplySchema } from '@rankmatch/shared';
import { type RouteDef, route } from '../http/route.ts';
import type { RankingSnapshot } from './snapshot.ts';

/** The top 100, served from memory: the snapshot is serialised once per run. */
export function rankingRoutes(ranking: RankingSnapshot): RouteDef[] {
  return [
    route(
      {
        method: 'GET',
        url: '/api/public/ranking',
        summary: 'Top 100 of the active season',
        tag: 'ranking',
        access: 'public',
        reply: rankingReplySchema,
        // Recomputed every 5 minutes and after settlements: a shared cache may keep it a minute.
        cache: { sharedSeconds: 60, staleSeconds: 300, version: () => ranking.version },
      },
      ({ reply }) => reply.type('application/json; charset=utf-8').send(ranking.json),
    ),
    route(
      {
        method: 'GET',
        url: '/api/users/ranking',
        summary: 'Top 100 of the active season',
        tag: 'ranking',
        access: 'identity',
        reply: rankingReplySchema,
      },
      ({ reply }) => reply.type('application/json; charset=utf-8').send(ranking.json),
    ),
  ];
}
