import { reportDeadline } from '@rankmatch/engine';
import {
  adminMatchFilterSchema,
  lobbyUpdateSchema,
  type MatchUpdate,
  matchIdParamsSchema,
  matchReportSchema,
} from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import type { Guard } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { readSettings } from '../settings/service.ts';
import type { MatchNotifier } from './notify.ts';
import { presentAdminListItem, presentAdminMatch, presentMatch } from './presenter.ts';
import { adminMatchList, currentMatchOf, findMatch, matchRoster, reportsOf } from './queries.ts';
import { submitReport, transferHost, updateLobby } from './service.ts';

export function registerMatchRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guard: Guard,
  notifier: MatchNotifier,
): void {
  const { rules } = ctx.config;

  /** The caller's open match (or a settled one still awaiting their report); 404 when there is none. */
  app.get('/api/matches/current', async (request) => {
    const { user } = await guard.user(request);
    const match = await currentMatchOf(ctx.db, user.id, ctx.now() - reportDeadline(0, rules.settlement));
    if (!match) throw new AppError('MATCH_NOT_FOUND');
    const [roster, reports, settings] = await Promise.all([
      matchRoster(ctx.db, match),
      reportsOf(ctx.db, match.id),
      readSettings(ctx.db),
    ]);
    return presentMatch(match, roster, {
      reported: reports.some((r) => r.userId === user.id),
      reportCount: reports.length,
      rules,
      lobbyTimeouts: { create: settings.lobby_create_timeout, join: settings.lobby_join_timeout },
    });
  });

  /** A participant's result report; settles the match as soon as the reports decide it. */
  app.post('/api/matches/:id/report', async (request) => {
    const { user } = await guard.user(request);
    const { id } = parse(matchIdParamsSchema, request.params);
    const report = parse(matchReportSchema, request.body);
    const progress = await submitReport(ctx.db, {
      matchId: Number(id),
      userId: user.id,
      report,
      now: ctx.now(),
      rules,
    });
    await notifier.progressed([progress]);
    return { ok: true as const, report_count: progress.update.report_count, status: progress.update.status };
  });

  app.post('/api/matches/lobby/update', async (request): Promise<MatchUpdate> => {
    const { user } = await guard.user(request);
    const body = parse(lobbyUpdateSchema, request.body);
    const update = await updateLobby(ctx.db, {
      userId: user.id,
      lobbyId: body.lobby_id,
      hostUserId: body.host_user_id,
    });
    await notifier.updated(update);
    return update;
  });

  app.post('/api/matches/host/transfer', async (request): Promise<MatchUpdate> => {
    const { user } = await guard.user(request);
    const update = await transferHost(ctx.db, { userId: user.id, now: ctx.now() });
    await notifier.updated(update);
    return update;
  });

  // Admin (spec 001 §2 match management)

  app.get('/api/admin/matches', async (request) => {
    await guard.admin(request);
    const { status } = parse(adminMatchFilterSchema, request.query ?? {});
    const rows = await adminMatchList(ctx.db, status);
    return { matches: rows.map((r) => presentAdminListItem(r.match, r.players, r.reports, r.hostName)) };
  });

  app.get('/api/admin/matches/:id', async (request) => {
    await guard.admin(request);
    const { id } = parse(matchIdParamsSchema, request.params);
    const match = await findMatch(ctx.db, Number(id));
    if (!match) throw new AppError('ADMIN_MATCH_NOT_FOUND');
    const [roster, reports] = await Promise.all([matchRoster(ctx.db, match), reportsOf(ctx.db, match.id)]);
    return presentAdminMatch(match, roster, reports, rules);
  });
}
