import { matchIdParamsSchema, userIdParamsSchema } from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { parse } from '../http/validate.ts';
import { matchSummary, playerPage } from './service.ts';

/** Public: player pages and settled matches. */
export function registerPlayerRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/players/:id', async (request) => {
    const { id } = parse(userIdParamsSchema, request.params);
    return playerPage(ctx.db, id);
  });

  app.get('/api/matches/:id/summary', async (request) => {
    const { id } = parse(matchIdParamsSchema, request.params);
    return matchSummary(ctx.db, Number(id));
  });
}
