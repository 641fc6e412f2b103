import {
  adminMatchDetailSchema,
  adminMatchFilterSchema,
  adminMatchListSchema,
  matchCorrectionSchema,
  matchIdParamsSchema,
  matchRefundSchema,
} from '@rankmatch/shared';
import { lastRecordedAt } from '../audit/log.ts';
import type { AppContext } from '../context.ts';
import { type Executor, readAll } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { type RouteDef, route } from '../http/route.ts';
import { correctMatchResult } from './correction.ts';
import { presentAdminListItem, presentAdminMatch } from './presenter.ts';
import { adminMatchList, findMatch, matchRoster, reportsOf } from './queries.ts';
import { REFUND_ERRORS, refundOptions, refundTeammates } from './refund.ts';

/** A match as the admin's match view shows it. */
async function adminMatchDetail(db: Executor, matchId: number, rules: AppContext['config']['rules']) {
  const match = await findMatch(db, matchId);
  if (!match) throw new AppError('ADMIN_MATCH_NOT_FOUND');
  const [roster, reports, correctedAt, refunds] = await readAll(
    db,
    () => matchRoster(db, match),
    () => reportsOf(db, match.id),
    () => lastRecordedAt(db, { action: 'match.correct', targetType: 'match', targetId: String(match.id) }),
    () => refundOptions(db, [match.id]),
  );
  return presentAdminMatch(match, roster, reports, rules, correctedAt, refunds);
}

/** The match tab (spec 001 §2 match management), the result correction and the refund for a leaver's team-mates. */
export function matchAdminRoutes(ctx: AppContext): RouteDef[] {
  const { rules } = ctx.config;
  const detail = (db: Executor, matchId: number) => adminMatchDetail(db, matchId, rules);
  return [
    route(
      {
        method: 'GET',
        url: '/api/admin/matches',
        summary: 'Matches',
        tag: 'admin',
        access: 'admin',
        query: adminMatchFilterSchema,
        reply: adminMatchListSchema,
      },
      async ({ query }) => {
        const rows = await adminMatchList(ctx.db, query.status);
        return { matches: rows.map((r) => presentAdminListItem(r.match, r.players, r.reports, r.hostName)) };
      },
    ),
    route(
      {
        method: 'GET',
        url: '/api/admin/matches/:id',
        errors: ['ADMIN_MATCH_NOT_FOUND'],
        summary: 'A match in detail',
        tag: 'admin',
        access: 'admin',
        params: matchIdParamsSchema,
        reply: adminMatchDetailSchema,
      },
      ({ params }) => detail(ctx.db, Number(params.id)),
    ),
    ...matchWriteRoutes(ctx),
  ];
}

/** Corrections and refunds: both through the correction seam, each audited, answering with the match. */
function matchWriteRoutes(ctx: AppContext): RouteDef[] {
  const { rules } = ctx.config;
  const detail = (db: Executor, matchId: number) => adminMatchDetail(db, matchId, rules);
  return [
    /** Voids or corrects a settled match: that match is re-rated, later ratings shift by the difference. */
    route(
      {
        method: 'POST',
        url: '/api/admin/matches/:id/result',
        errors: ['ADMIN_MATCH_NOT_FOUND', 'MATCH_NOT_SETTLED', 'NO_CHANGES'],
        summary: "Corrects or voids a settled match's result",
        tag: 'admin',
        access: 'admin',
        params: matchIdParamsSchema,
        body: matchCorrectionSchema,
        reply: adminMatchDetailSchema,
        writes: true,
      },
      async ({ work, user, params, body, now }) => {
        const matchId = Number(params.id);
        const winner = body.winner === 'invalid' ? null : body.winner;
        await correctMatchResult(work, { matchId, winner, actorId: user.id, now, rules });
        return detail(work.tx, matchId);
      },
    ),
    /** Confirms a player left or stayed AFK: their team-mates who lost rate in the match get it back (audited). */
    route(
      {
        method: 'POST',
        url: '/api/admin/matches/:id/refund',
        errors: ['ADMIN_MATCH_NOT_FOUND', 'MATCH_NOT_SETTLED', ...REFUND_ERRORS],
        summary: "Gives a leaver's team-mates back the rate the match cost them",
        tag: 'admin',
        access: 'admin',
        params: matchIdParamsSchema,
        body: matchRefundSchema,
        reply: adminMatchDetailSchema,
        writes: true,
      },
      async ({ work, user, params, body, now }) => {
        const matchId = Number(params.id);
        await refundTeammates(work, { matchId, leaverId: body.user_id, actorId: user.id, now, rules });
        return detail(work.tx, matchId);
      },
    ),
  ];
}
