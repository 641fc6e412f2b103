import { activeSeasonReplySchema, type SeasonsReply, seasonsReplySchema } from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import { type RouteDef, route } from '../http/route.ts';
import { presentSeason } from './presenter.ts';
import { isSeasonOpen, listSeasons, markedActiveSeason, nextSeason } from './queries.ts';

/** Anyone: the active and next season, and the seasons that have started. */
export function seasonRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  const active = route(
    {
      method: 'GET',
      url: '/api/seasons/active',
      summary: 'The active and the next season',
      tag: 'seasons',
      access: 'public',
      reply: activeSeasonReplySchema,
      // Its open/closed flag follows the clock: kept half a minute at most.
      cache: { sharedSeconds: 30, staleSeconds: 60 },
    },
    async ({ now }) => {
      const [current, next] = await Promise.all([markedActiveSeason(db), nextSeason(db, now)]);
      return {
        is_season_active: isSeasonOpen(current, now),
        current_season: current ? presentSeason(current) : null,
        next_season: next ? presentSeason(next) : null,
      };
    },
  );

  /** Public: every season that has started (by the app clock), newest first; seasons still to come stay hidden. */
  const started = route(
    {
      method: 'GET',
      url: '/api/public/seasons',
      summary: 'Seasons that have started, newest first',
      tag: 'seasons',
      access: 'public',
      reply: seasonsReplySchema,
      // Changes when a season starts or an admin edits one.
      cache: { sharedSeconds: 60, staleSeconds: 300 },
    },
    async ({ now }): Promise<SeasonsReply> => {
      const started = (await listSeasons(db))
        .filter((s) => s.startDate <= now)
        .sort((a, b) => b.startDate - a.startDate || a.id.localeCompare(b.id));
      return { seasons: started.map(presentSeason) };
    },
  );
  return [active, started];
}
