import {
  currentMatchSchema,
  debugQueueFillReplySchema,
  debugQueueFillSchema,
  debugReadyAllReplySchema,
  debugReportAllReplySchema,
  debugReportAllSchema,
  debugReportReplySchema,
  debugReportSchema,
  debugViewQuerySchema,
  matchIdParamsSchema,
} from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import { type RouteDef, route } from '../http/route.ts';
import { queueSize } from '../queue/service.ts';
import type { WavesModule } from '../waves/module.ts';
import { presentTestReport, presentWave } from './presenter.ts';
import { emptyQueue, fillQueue, gatherForAdmin, readyAll, reportAll, reportAs, viewAs, waveForAdmin } from './tools.ts';

// Admin debug and test tools (every environment): call the tool, present.

export function debugAdminRoutes(ctx: AppContext, waves: WavesModule): RouteDef[] {
  return [...waveRoutes(ctx, waves), ...queueRoutes(ctx), ...testMatchRoutes(ctx)];
}

function waveRoutes(ctx: AppContext, waves: WavesModule): RouteDef[] {
  return [
    route(
      {
        method: 'POST',
        url: '/api/debug/gather-match',
        summary: 'Settles matches whose window ended',
        tag: 'debug',
        access: 'admin',
      },
      async ({ user }) => ({ processed_matches: await gatherForAdmin(ctx, waves, user.id) }),
    ),
    route(
      {
        method: 'POST',
        url: '/api/debug/matchmaking/trigger',
        summary: 'Runs a wave now',
        tag: 'debug',
        access: 'admin',
      },
      async ({ user }) => presentWave(await waveForAdmin(ctx, waves, user.id)),
    ),
  ];
}

function queueRoutes(ctx: AppContext): RouteDef[] {
  return [
    route(
      { method: 'GET', url: '/api/debug/queue', summary: 'Queue count', tag: 'debug', access: 'admin' },
      async () => ({
        queue_count: await queueSize(ctx.db),
      }),
    ),
    route(
      {
        method: 'POST',
        url: '/api/debug/queue/fill',
        summary: 'Fills the queue up to count with test accounts',
        tag: 'debug',
        access: 'admin',
        body: debugQueueFillSchema,
        reply: debugQueueFillReplySchema,
        writes: true,
      },
      ({ work, user, body }) => fillQueue(ctx, work, user.id, body.count),
    ),
    route(
      {
        method: 'DELETE',
        url: '/api/debug/queue',
        summary: 'Empties the queue',
        tag: 'debug',
        access: 'admin',
        writes: true,
      },
      async ({ work, user }) => ({ removed: await emptyQueue(ctx, work, user.id) }),
    ),
  ];
}

function testMatchRoutes(ctx: AppContext): RouteDef[] {
  return [
    route(
      {
        method: 'POST',
        url: '/api/debug/ready-checks/ready-all',
        summary: 'Presses 準備完了 for every test account in an open ready check',
        description: 'Checks whose ten players are then all ready start their match (started_matches).',
        tag: 'debug',
        access: 'admin',
        reply: debugReadyAllReplySchema,
        writes: true,
      },
      ({ work, user }) => readyAll(ctx, work, user.id),
    ),
    route(
      {
        method: 'POST',
        url: '/api/debug/matches/report-all',
        summary: 'Reports for every player of the test matches',
        tag: 'debug',
        access: 'admin',
        body: debugReportAllSchema,
        reply: debugReportAllReplySchema,
        writes: true,
      },
      ({ work, user, body }) => reportAll(ctx, work, user.id, body.result),
    ),
    route(
      {
        method: 'GET',
        url: '/api/debug/matches/:id/view',
        errors: ['ADMIN_MATCH_NOT_FOUND', 'DEBUG_NOT_IN_MATCH'],
        summary: 'A match as one player sees it',
        tag: 'debug',
        access: 'admin',
        params: matchIdParamsSchema,
        query: debugViewQuerySchema,
        reply: currentMatchSchema,
      },
      ({ params, query }) => viewAs(ctx, Number(params.id), query.user_id),
    ),
    route(
      {
        method: 'POST',
        url: '/api/debug/matches/:id/report',
        errors: [
          'ADMIN_MATCH_NOT_FOUND',
          'DEBUG_NOT_TEST_ACCOUNT',
          'DEBUG_NOT_IN_MATCH',
          'MATCH_ALREADY_SETTLED',
          'REPORT_WINDOW_CLOSED',
          'REPORT_VIOLATOR_NOT_PARTICIPANT',
        ],
        summary: 'A report for one test account',
        tag: 'debug',
        access: 'admin',
        params: matchIdParamsSchema,
        body: debugReportSchema,
        reply: debugReportReplySchema,
        writes: true,
      },
      async ({ work, user, params, body }) => {
        const { userId, report, progress } = await reportAs(ctx, work, user.id, Number(params.id), body);
        return presentTestReport(userId, report, progress);
      },
    ),
  ];
}
