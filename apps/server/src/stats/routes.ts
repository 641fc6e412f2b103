import { statsQuerySchema, statsReplySchema } from '@rankmatch/shared';
import { validate, weakTag } from '../http/cache.ts';
import type { CachePolicy } from '../http/contract.ts';
import { type RouteDef, route } from '../http/route.ts';
import type { StatsCache } from './cache.ts';

// Counted per snapshot (every 10 minutes, and as settlements are folded in): a shared cache may keep it a minute.
const STATS_CACHE: CachePolicy = { sharedSeconds: 60, staleSeconds: 300 };

/** The statistics of a season and a rating band, from memory. */
export function statsRoutes(stats: StatsCache): RouteDef[] {
  // The reply's bytes are kept per snapshot and band, so their validator is hashed once per body, not per request.
  const tags = new WeakMap<Buffer, string>();
  const tagOf = (body: Buffer) => {
    const known = tags.get(body);
    if (known) return known;
    const tag = weakTag(body);
    tags.set(body, tag);
    return tag;
  };
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
        cache: STATS_CACHE,
      },
      async ({ query, request, reply }) => {
        const body = await stats.reply(query.season, query.band);
        // Sent as bytes, so route() cannot hash a returned object: the validator is set here.
        if (validate(request, reply, STATS_CACHE, tagOf(body))) return reply.code(304).send();
        reply.type('application/json; charset=utf-8');
        return reply.send(body);
      },
    ),
  ];
}
