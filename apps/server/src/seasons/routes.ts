import { activeSeasonReplySchema, type SeasonsReply, seasonsReplySchema } from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { api } from '../docs/contract.ts';
import { presentSeason } from './presenter.ts';
import { isSeasonOpen, listSeasons, markedActiveSeason, nextSeason } from './queries.ts';

export function registerSeasonRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get(
    '/api/seasons/active',
    api({
      summary: 'The active and the next season',
      tag: 'seasons',
      access: 'public',
      reply: activeSeasonReplySchema,
    }),
    async () => {
      const now = ctx.now();
      const [current, next] = await Promise.all([markedActiveSeason(db), nextSeason(db, now)]);
      return {
        is_season_active: isSeasonOpen(current, now),
        current_season: current ? presentSeason(current) : null,
        next_season: next ? presentSeason(next) : null,
      };
    },
  );

  /** Public: every season that has started (by the app clock), newest first; seasons still to come stay hidden. */
  app.get(
    '/api/public/seasons',
    api({
      summary: 'Seasons that have started, newest first',
      tag: 'seasons',
      access: 'public',
      reply: seasonsReplySchema,
    }),
    async (): Promise<SeasonsReply> => {
      const now = ctx.now();
      const started = (await listSeasons(db))
        .filter((s) => s.startDate <= now)
        .sort((a, b) => b.startDate - a.startDate || a.id.localeCompare(b.id));
      return { seasons: started.map(presentSeason) };
    },
  );
}
