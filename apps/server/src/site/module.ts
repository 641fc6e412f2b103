import type { AppContext } from '../context.ts';
import type { Module } from '../module.ts';
import type { StatsCache } from '../stats/cache.ts';
import { siteRoutes } from './routes.ts';

/** What the shell and crawlers read (the pages themselves are the web app's: app.ts). */
export function siteModule(ctx: AppContext, needs: { stats: Pick<StatsCache, 'activeMatchCount'> }): Module {
  return { name: 'site', routes: siteRoutes(ctx, needs.stats) };
}
