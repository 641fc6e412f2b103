import { matchIdParamsSchema, matchSummarySchema, playerPageSchema, userIdParamsSchema } from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { api } from '../docs/contract.ts';
import { parse } from '../http/validate.ts';
import { matchSummary, playerPage } from './service.ts';

/** Public: player pages and settled matches. */
export function registerPlayerRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/api/players/:id',
    api({
      errors: ['USER_NOT_FOUND'],
      summary: "A player's page: profile, season, chart, characters, matches",
      tag: 'players',
      access: 'public',
      reply: playerPageSchema,
    }),
    async (request) => {
      const { id } = parse(userIdParamsSchema, request.params);
      return playerPage(ctx.db, id);
    },
  );

  app.get(
    '/api/matches/:id/summary',
    api({
      errors: ['MATCH_SUMMARY_NOT_FOUND'],
      summary: 'A settled match: teams, result, rate changes',
      tag: 'players',
      access: 'public',
      reply: matchSummarySchema,
    }),
    async (request) => {
      const { id } = parse(matchIdParamsSchema, request.params);
      return matchSummary(ctx.db, Number(id));
    },
  );
}
