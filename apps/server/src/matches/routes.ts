import { reportDeadline } from '@rankmatch/engine';
import {
  currentMatchSchema,
  lobbyUpdateSchema,
  type MatchUpdate,
  matchIdParamsSchema,
  matchReportSchema,
  matchUpdateSchema,
  myMatchReplySchema,
  reportReplySchema,
} from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import type { Guard } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { api } from '../docs/contract.ts';
import { AppError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { MatchNotifier } from './notify.ts';
import { currentMatchOf } from './queries.ts';
import { ReportQueue } from './report-queue.ts';
import { transferHost, updateLobby } from './service.ts';
import { matchViewFor } from './view.ts';

export function registerMatchRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guard: Guard,
  notifier: MatchNotifier,
  metrics: Metrics | null = null,
): void {
  registerCurrentMatchRoutes(app, ctx, guard);
  registerReportRoute(app, ctx, guard, notifier, metrics);
  registerHostRoutes(app, ctx, guard, notifier);
}

/** The caller's match, as the match screen shows it. */
function registerCurrentMatchRoutes(app: FastifyInstance, ctx: AppContext, guard: Guard): void {
  const { rules } = ctx.config;
  const currentView = async (userId: string) => {
    const match = await currentMatchOf(ctx.db, userId, ctx.now() - reportDeadline(0, rules.settlement));
    return match ? matchViewFor(ctx, match, userId) : null;
  };

  /** The caller's open match (or a settled one still awaiting their report); 404 when there is none (spec §7). */
  app.get(
    '/api/matches/current',
    api({
      errors: ['MATCH_NOT_FOUND'],
      summary: 'The current match (404 when none)',
      tag: 'matches',
      access: 'user',
      reply: currentMatchSchema,
    }),
    async (request) => {
      const { user } = await guard.user(request);
      const view = await currentView(user.id);
      if (!view) throw new AppError('MATCH_NOT_FOUND');
      return view;
    },
  );

  /** The same, always 200: `{ match: null }` when there is none (the web app's poll, without a failed request). */
  app.get(
    '/api/matches/me',
    api({ summary: 'The current match or null (200)', tag: 'matches', access: 'user', reply: myMatchReplySchema }),
    async (request) => {
      const { user } = await guard.user(request);
      return { match: await currentView(user.id) };
    },
  );
}

function registerReportRoute(
  app: FastifyInstance,
  ctx: AppContext,
  guard: Guard,
  notifier: MatchNotifier,
  metrics: Metrics | null,
): void {
  const { rules } = ctx.config;
  const reports = new ReportQueue(ctx.db);

  /** A participant's result report; settles the match as soon as the reports decide it. */
  app.post(
    '/api/matches/:id/report',
    api({
      errors: [
        'MATCH_NOT_FOUND',
        'MATCH_NOT_PARTICIPANT',
        'MATCH_ALREADY_SETTLED',
        'REPORT_WINDOW_CLOSED',
        'REPORT_VIOLATOR_NOT_PARTICIPANT',
      ],
      summary: 'Reports the result',
      tag: 'matches',
      access: 'user',
      body: matchReportSchema,
      reply: reportReplySchema,
    }),
    async (request) => {
      const { user } = await guard.user(request);
      const { id } = parse(matchIdParamsSchema, request.params);
      const report = parse(matchReportSchema, request.body);
      const started = performance.now();
      const progress = await reports.submit({
        matchId: Number(id),
        userId: user.id,
        report,
        now: ctx.now(),
        rules,
      });
      if (progress.settled) metrics?.settlementSeconds.observe((performance.now() - started) / 1000);
      await notifier.progressed([progress]);
      return { ok: true as const, report_count: progress.update.report_count, status: progress.update.status };
    },
  );
}

/** The host's lobby number and the host's role. */
function registerHostRoutes(app: FastifyInstance, ctx: AppContext, guard: Guard, notifier: MatchNotifier): void {
  app.post(
    '/api/matches/lobby/update',
    api({
      errors: ['MATCH_NOT_FOUND', 'MATCH_NOT_HOST', 'LOBBY_HOST_MISMATCH'],
      summary: 'The host sets the lobby number',
      tag: 'matches',
      access: 'user',
      body: lobbyUpdateSchema,
      reply: matchUpdateSchema,
    }),
    async (request): Promise<MatchUpdate> => {
      const { user } = await guard.user(request);
      const body = parse(lobbyUpdateSchema, request.body);
      const update = await updateLobby(ctx.db, {
        userId: user.id,
        lobbyId: body.lobby_id,
        hostUserId: body.host_user_id,
      });
      await notifier.updated(update);
      return update;
    },
  );

  app.post(
    '/api/matches/host/transfer',
    api({
      errors: ['MATCH_NOT_FOUND', 'HOST_TAKEOVER_TOO_EARLY'],
      summary: 'Hands over or takes over the host',
      description:
        "The host hands the role to the next player (team A's order, then team B's); anyone else may take it when " +
        'there is still no lobby after lobby_create_timeout.',
      tag: 'matches',
      access: 'user',
      noBody: 'None is read (the web app sends {}): who takes the role follows from the caller and the match',
      reply: matchUpdateSchema,
    }),
    async (request): Promise<MatchUpdate> => {
      const { user } = await guard.user(request);
      const update = await transferHost(ctx.db, { userId: user.id, now: ctx.now() });
      await notifier.updated(update);
      return update;
    },
  );
}
