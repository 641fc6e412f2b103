import {
  adminMatchDetailSchema,
  adminMatchFilterSchema,
  adminMatchListSchema,
  matchCorrectionSchema,
  matchIdParamsSchema,
} from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import { adminOf } from '../admin/scope.ts';
import type { AppContext } from '../context.ts';
import { api } from '../docs/contract.ts';
import type { DomainEvents } from '../events/domain.ts';
import { AppError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { correctMatchResult } from './correction.ts';
import { presentAdminListItem, presentAdminMatch } from './presenter.ts';
import { adminMatchList, findMatch, matchRoster, reportsOf } from './queries.ts';

/** Admin scope: the match tab (spec 001 §2 match management) and the result correction. */
export function registerMatchAdminRoutes(
  admin: FastifyInstance,
  ctx: AppContext,
  ranking: { nudge(): void },
  events: DomainEvents,
): void {
  const { rules } = ctx.config;

  async function detail(matchId: number) {
    const match = await findMatch(ctx.db, matchId);
    if (!match) throw new AppError('ADMIN_MATCH_NOT_FOUND');
    const [roster, reports] = await Promise.all([matchRoster(ctx.db, match), reportsOf(ctx.db, match.id)]);
    return presentAdminMatch(match, roster, reports, rules);
  }

  admin.get(
    '/api/admin/matches',
    api({
      summary: 'Matches',
      tag: 'admin',
      access: 'admin',
      query: adminMatchFilterSchema,
      reply: adminMatchListSchema,
    }),
    async (request) => {
      const { status } = parse(adminMatchFilterSchema, request.query ?? {});
      const rows = await adminMatchList(ctx.db, status);
      return { matches: rows.map((r) => presentAdminListItem(r.match, r.players, r.reports, r.hostName)) };
    },
  );

  admin.get(
    '/api/admin/matches/:id',
    api({
      errors: ['ADMIN_MATCH_NOT_FOUND'],
      summary: 'A match in detail',
      tag: 'admin',
      access: 'admin',
      reply: adminMatchDetailSchema,
    }),
    async (request) => {
      const { id } = parse(matchIdParamsSchema, request.params);
      return detail(Number(id));
    },
  );

  /** Voids or corrects a settled match: that match is re-rated, later ratings shift by the difference. */
  admin.post(
    '/api/admin/matches/:id/result',
    api({
      errors: ['ADMIN_MATCH_NOT_FOUND', 'MATCH_NOT_SETTLED', 'NO_CHANGES'],
      summary: "Corrects or voids a settled match's result",
      tag: 'admin',
      access: 'admin',
      body: matchCorrectionSchema,
      reply: adminMatchDetailSchema,
    }),
    async (request) => {
      const { id } = parse(matchIdParamsSchema, request.params);
      const { winner } = parse(matchCorrectionSchema, request.body);
      const { seasonId, userIds } = await correctMatchResult(ctx.db, {
        matchId: Number(id),
        winner: winner === 'invalid' ? null : winner,
        actorId: adminOf(request).user.id,
        now: ctx.now(),
        rules,
      });
      ranking.nudge();
      await events.publish(
        { type: 'match.corrected', match_id: id, season_id: seasonId },
        { type: 'profile.changed', user_ids: userIds, reason: 'corrected' },
      );
      return detail(Number(id));
    },
  );
}
