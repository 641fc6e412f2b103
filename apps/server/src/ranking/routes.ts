import { rankingReplySchema } from '@rankmatch/shared';
import { encodedRoute, type RouteDef } from '../http/route.ts';
import type { RankingSnapshot } from './snapshot.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The top 100, served from memory: the snapshot is serialised and compressed once per run. */
export function rankingRoutes(ranking: RankingSnapshot): RouteDef[] {
  const encoded = { body: () => ranking.encoded, type: JSON_TYPE };
  return [
    encodedRoute({
      method: 'GET',
      url: '/api/public/ranking',
      summary: 'Top 100 of the active season',
      tag: 'ranking',
      access: 'public',
      reply: rankingReplySchema,
      // Recomputed every 5 minutes and after settlements: a shared cache may keep it a minute.
      cache: { sharedSeconds: 60, staleSeconds: 300, version: () => ranking.version },
      encoded,
    }),
    encodedRoute({
      method: 'GET',
      url: '/api/users/ranking',
      summary: 'Top 100 of the active season',
      tag: 'ranking',
      access: 'identity',
      reply: rankingReplySchema,
      encoded,
    }),
  ];
}
