import type { AppContext } from '../context.ts';
import { type Module, on } from '../module.ts';
import { rankingAdminRoutes } from './admin-routes.ts';
import { rankingRoutes } from './routes.ts';
import { RankingSnapshot } from './snapshot.ts';

export interface RankingModule extends Module {
  snapshot: RankingSnapshot;
}

/** The public top 100: a snapshot computed by one instance's job, served from every instance's memory. */
export function rankingModule(ctx: AppContext): RankingModule {
  const snapshot = new RankingSnapshot(ctx.db, ctx.now, ctx.jobs);
  const nudge = () => snapshot.nudge();
  return {
    name: 'ranking',
    snapshot,
    routes: [...rankingRoutes(snapshot), ...rankingAdminRoutes(snapshot)],
    // Rates change with a settlement, a correction or an admin's edit: each tells the players' screens with
    // profile.changed, and the ranking follows the same event (and the season's own: its header and dates).
    handlers: [
      on('profile.changed', nudge),
      on('season.ended', nudge),
      on('season.activated', nudge),
      on('season.updated', nudge),
      on('account.deleted', nudge),
    ],
    close: () => snapshot.stop(),
  };
}
