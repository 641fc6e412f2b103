import type { AppContext } from '../context.ts';
import { Coalescing } from '../events/coalesce.ts';
import { type Module, on } from '../module.ts';
import type { SeasonRow } from '../seasons/queries.ts';
import { achievementRoutes } from './routes.ts';
import { ACHIEVEMENT_MAX_WAIT_MS, ACHIEVEMENT_QUIET_MS, evaluateSettled, recordAchievements } from './service.ts';

export interface AchievementsModule extends Module {
  /** Records and grants what the players newly reached (the demo dates them with `reachedAt`). */
  evaluate(
    season: SeasonRow,
    userIds: string[],
    options?: Parameters<typeof recordAchievements>[3],
  ): ReturnType<typeof recordAchievements>;
}

/** Achievements: evaluated after every settlement, and listed and re-checked by the player. */
export function achievementsModule(ctx: AppContext): AchievementsModule {
  // Settlements are evaluated in batches once they pause for ACHIEVEMENT_QUIET_MS (at most ACHIEVEMENT_MAX_WAIT_MS
  // after the first): a burst of settlements is one evaluation after the burst instead of several inside it, where
  // they would compete with the reports for the database; a lone settlement's toast comes a tenth of a second later.
  const settled = new Coalescing<{ match_id: string; season_id: string }>((events) => evaluateSettled(ctx, events), {
    quietMs: ACHIEVEMENT_QUIET_MS,
    maxWaitMs: ACHIEVEMENT_MAX_WAIT_MS,
  });
  return {
    name: 'achievements',
    routes: achievementRoutes(ctx),
    handlers: [on('match.settled', (event) => settled.push(event))],
    evaluate: (season, userIds, options) => recordAchievements(ctx, season, userIds, options),
  };
}
