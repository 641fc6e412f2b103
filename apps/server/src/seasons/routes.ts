import type { SeasonsReply } from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { presentSeason } from './presenter.ts';
import { isSeasonOpen, listSeasons, markedActiveSeason, nextSeason } from './queries.ts';

export function registerSeasonRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/seasons/active', async () => {
    const now = ctx.now();
    const [current, next] = await Promise.all([markedActiveSeason(db), nextSeason(db, now)]);
    return {
      is_season_active: isSeasonOpen(current, now),
      current_season: current ? presentSeason(current) : null,
      next_season: next ? presentSeason(next) : null,
    };
  });

  /** Public: every season that has started (by the app clock), newest first; seasons still to come stay hidden. */
  app.get('/api/public/seasons', async (): Promise<SeasonsReply> => {
    const now = ctx.now();
    const started = (await listSeasons(db))
      .filter((s) => s.startDate <= now)
      .sort((a, b) => b.startDate - a.startDate || a.id.localeCompare(b.id));
    return { seasons: started.map(presentSeason) };
  });
}
