import type { FastifyInstance } from 'fastify';
import type { Guard } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { presentMatch } from './presenter.ts';
import { matchRoster, openMatchOf } from './queries.ts';

export function registerMatchRoutes(app: FastifyInstance, ctx: AppContext, guard: Guard): void {
  /** The caller's open match; 404 when there is none. */
  app.get('/api/matches/current', async (request) => {
    const { user } = await guard.user(request);
    const match = await openMatchOf(ctx.db, user.id);
    if (!match) throw new AppError('MATCH_NOT_FOUND');
    const roster = await matchRoster(ctx.db, match);
    // Result reports arrive with the match lifecycle; until then none exist.
    return presentMatch(match, roster, { userId: user.id, reported: false, reportCount: 0 });
  });
}
