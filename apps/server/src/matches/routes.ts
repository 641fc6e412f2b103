import { reportDeadline } from '@rankmatch/engine';
import {
  currentMatchSchema,
  lobbyUpdateSchema,
  matchIdParamsSchema,
  matchReportSchema,
  matchUpdateSchema,
  myMatchReplySchema,
  reportReplySchema,
} from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { type RouteDef, route } from '../http/route.ts';
import { currentMatchOf, matchViewFor } from './queries.ts';
import type { ReportQueue } from './report-queue.ts';
import { transferHost, updateLobby } from './service.ts';

/** A player's match: the match screen, the result report, the lobby number and the host role. */
export function matchRoutes(ctx: AppContext, reports: ReportQueue): RouteDef[] {
  return [...currentMatchRoutes(ctx), reportRoute(ctx, reports), ...hostRoutes()];
}

/** The caller's match, as the match screen shows it. */
function currentMatchRoutes(ctx: AppContext): RouteDef[] {
  const { rules } = ctx.config;
  const currentView = async (userId: string, now: number) => {
    const match = await currentMatchOf(ctx.db, userId, now - reportDeadline(0, rules.settlement));
    return match ? matchViewFor(ctx, match, userId) : null;
  };
  return [
    /** The caller's open match (or a settled one still awaiting their report); 404 when there is none (spec §7). */
    route(
      {
        method: 'GET',
        url: '/api/matches/current',
        errors: ['MATCH_NOT_FOUND'],
        summary: 'The current match (404 when none)',
        tag: 'matches',
        access: 'user',
        reply: currentMatchSchema,
      },
      async ({ user, now }) => {
        const view = await currentView(user.id, now);
        if (!view) throw new AppError('MATCH_NOT_FOUND');
        return view;
      },
    ),
    /** The same, always 200: `{ match: null }` when there is none (the web app's poll, without a failed request). */
    route(
      {
        method: 'GET',
        url: '/api/matches/me',
        summary: 'The current match or null (200)',
        tag: 'matches',
        access: 'user',
        reply: myMatchReplySchema,
      },
      async ({ user, now }) => ({ match: await currentView(user.id, now) }),
    ),
  ];
}

/** A participant's result report; settles the match as soon as the reports decide it (in batches: ReportQueue). */
function reportRoute(ctx: AppContext, reports: ReportQueue): RouteDef {
  const { rules } = ctx.config;
  return route(
    {
      method: 'POST',
      url: '/api/matches/:id/report',
      errors: [
        'MATCH_NOT_FOUND',
        'MATCH_NOT_PARTICIPANT',
        'MATCH_ALREADY_SETTLED',
        'REPORT_WINDOW_CLOSED',
        'REPORT_VIOLATOR_NOT_PARTICIPANT',
        'EVIDENCE_NOT_USABLE',
      ],
      summary: 'Reports the result',
      tag: 'matches',
      access: 'user',
      params: matchIdParamsSchema,
      body: matchReportSchema,
      reply: reportReplySchema,
    },
    async ({ user, params, body, now }) => {
      const started = performance.now();
      const progress = await reports.submit({ matchId: Number(params.id), userId: user.id, report: body, now, rules });
      if (progress.settled) ctx.metrics.settlementSeconds.observe((performance.now() - started) / 1000);
      return { ok: true as const, report_count: progress.update.report_count, status: progress.update.status };
    },
  );
}

/** The host's lobby number and the host's role. */
function hostRoutes(): RouteDef[] {
  return [
    route(
      {
        method: 'POST',
        url: '/api/matches/lobby/update',
        errors: ['MATCH_NOT_FOUND', 'MATCH_NOT_HOST', 'LOBBY_HOST_MISMATCH'],
        summary: 'The host sets the lobby number',
        tag: 'matches',
        access: 'user',
        body: lobbyUpdateSchema,
        reply: matchUpdateSchema,
        writes: true,
      },
      ({ work, user, body }) =>
        updateLobby(work, { userId: user.id, lobbyId: body.lobby_id, hostUserId: body.host_user_id }),
    ),
    route(
      {
        method: 'POST',
        url: '/api/matches/host/transfer',
        errors: ['MATCH_NOT_FOUND', 'HOST_TAKEOVER_TOO_EARLY'],
        summary: 'Hands over or takes over the host',
        description:
          "The host hands the role to the next player (team A's order, then team B's); anyone else may take it when " +
          'there is still no lobby after lobby_create_timeout.',
        tag: 'matches',
        access: 'user',
        noBody: 'None is read (the web app sends {}): who takes the role follows from the caller and the match',
        reply: matchUpdateSchema,
        writes: true,
      },
      ({ work, user, now }) => transferHost(work, { userId: user.id, now }),
    ),
  ];
}
