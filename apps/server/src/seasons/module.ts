import type { AppContext } from '../context.ts';
import type { Module } from '../module.ts';
import { activateSeason } from './activation.ts';
import { type SeasonTab, seasonAdminRoutes } from './admin-routes.ts';
import {
  defineSeasonEnd,
  endSeasonNow,
  finishPendingEnds,
  REWARD_BATCH,
  type SeasonEndOptions,
  type SeasonEndResult,
} from './end.ts';
import { seasonRoutes } from './routes.ts';

export interface SeasonsModule extends Module {
  /** The season end's knobs (tests make the reward batches small). */
  endOptions: SeasonEndOptions;
  /** Finishes the ends that are due now (after an activation began one). */
  finishPending(): Promise<void>;
  /** Ends a season now, as an admin does (a run of the season end's job). */
  endNow(seasonId: string, actorId: string): Promise<SeasonEndResult>;
}

/** Seasons: which one is active, their dates and awards, and their end (records, rewards, the penalty rule). */
export function seasonsModule(ctx: AppContext, needs: { ranking: SeasonTab['ranking'] }): SeasonsModule {
  const endOptions: SeasonEndOptions = { batchSize: REWARD_BATCH };
  const job = defineSeasonEnd(ctx, endOptions);
  const { ranking } = needs;
  const finishPending = () => finishPendingEnds(job);
  const endNow = (seasonId: string, actorId: string) => endSeasonNow(ctx, job, seasonId, actorId);
  const tab: SeasonTab = {
    ranking,
    activate: async (id, actor) => {
      const { season, ended } = await ctx.write((work) => activateSeason(work, id, actor));
      // The season that was running ends: its ranking is frozen and its rewards handed out.
      if (ended) await finishPending();
      await ranking.refresh();
      return season;
    },
    endNow: async (id, actorId) => {
      await endNow(id, actorId);
      await ranking.refresh();
    },
  };
  return {
    name: 'seasons',
    endOptions,
    finishPending,
    endNow,
    routes: [...seasonRoutes(ctx), ...seasonAdminRoutes(ctx, tab)],
  };
}
