import type { AppContext } from '../context.ts';
import { type Module, on } from '../module.ts';
import { StatsCache } from './cache.ts';
import { statsRoutes } from './routes.ts';

export interface StatsModule extends Module {
  cache: StatsCache;
}

/** Season statistics: the cache every instance keeps, its jobs, the public read. */
export function statsModule(ctx: AppContext): StatsModule {
  const cache = new StatsCache(ctx);
  return {
    name: 'stats',
    cache,
    routes: statsRoutes(cache),
    // The persisted fold of a corrected season is counted again (once, here; each instance recounts its own memory).
    handlers: [on('match.corrected', (event) => cache.forget(event.season_id))],
  };
}
