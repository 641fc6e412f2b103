import type { StatsCache } from '../stats/cache.ts';

/**
 * What the first visitors read, computed before the server says it is ready: the active season's statistics. Without
 * it the first replies could come from no snapshot at all, and a season end during the start (the demo's past season)
 * left the statistics believing for a few seconds that no season runs: /stats was empty right after "serving".
 */
export async function warmUp(services: { stats: StatsCache }): Promise<void> {
  await services.stats.refreshActive();
}
