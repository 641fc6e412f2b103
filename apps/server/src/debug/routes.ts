import {
  currentMatchSchema,
  debugQueueFillReplySchema,
  debugQueueFillSchema,
  debugReportAllReplySchema,
  debugReportAllSchema,
  debugReportReplySchema,
  debugReportSchema,
  debugViewQuerySchema,
  matchIdParamsSchema,
} from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import { adminOf } from '../admin/scope.ts';
import { api } from '../docs/contract.ts';
import { parse } from '../http/validate.ts';
import { presentTestReport, presentWave } from './presenter.ts';
import type { DebugTools } from './tools.ts';

// Admin debug and test tools (every environment, admin scope): validate, call the tool, present.

export function registerDebugRoutes(admin: FastifyInstance, tools: DebugTools): void {
  registerWaveRoutes(admin, tools);
  registerQueueRoutes(admin, tools);
  registerTestMatchRoutes(admin, tools);
}

function registerWaveRoutes(admin: FastifyInstance, tools: DebugTools): void {
  admin.post(
    '/api/debug/gather-match',
    api({ summary: 'Settles matches whose window ended', tag: 'debug', access: 'admin' }),
    async (request) => ({ processed_matches: await tools.gather(adminOf(request).user.id) }),
  );

  admin.post(
    '/api/debug/matchmaking/trigger',
    api({ summary: 'Runs a wave now', tag: 'debug', access: 'admin' }),
    async (request) => presentWave(await tools.wave(adminOf(request).user.id)),
  );
}

function registerQueueRoutes(admin: FastifyInstance, tools: DebugTools): void {
  admin.get('/api/debug/queue', api({ summary: 'Queue count', tag: 'debug', access: 'admin' }), async () => ({
    queue_count: await tools.queueCount(),
  }));

  admin.post(
    '/api/debug/queue/fill',
    api({
      summary: 'Fills the queue up to count with test accounts',
      tag: 'debug',
      access: 'admin',
      body: debugQueueFillSchema,
      reply: debugQueueFillReplySchema,
    }),
    async (request) => {
      const { count } = parse(debugQueueFillSchema, request.body ?? {});
      return tools.fillQueue(adminOf(request).user.id, count);
    },
  );

  admin.delete(
    '/api/debug/queue',
    api({ summary: 'Empties the queue', tag: 'debug', access: 'admin' }),
    async (request) => ({ removed: await tools.clearQueue(adminOf(request).user.id) }),
  );
}

function registerTestMatchRoutes(admin: FastifyInstance, tools: DebugTools): void {
  admin.post(
    '/api/debug/matches/report-all',
    api({
      summary: 'Reports for every player of the test matches',
      tag: 'debug',
      access: 'admin',
      body: debugReportAllSchema,
      reply: debugReportAllReplySchema,
    }),
    async (request) => {
      const { result } = parse(debugReportAllSchema, request.body ?? {});
      return tools.reportAll(adminOf(request).user.id, result);
    },
  );

  admin.get(
    '/api/debug/matches/:id/view',
    api({
      errors: ['ADMIN_MATCH_NOT_FOUND', 'DEBUG_NOT_IN_MATCH'],
      summary: 'A match as one player sees it',
      tag: 'debug',
      access: 'admin',
      query: debugViewQuerySchema,
      reply: currentMatchSchema,
    }),
    async (request) => {
      const { id } = parse(matchIdParamsSchema, request.params);
      const { user_id } = parse(debugViewQuerySchema, request.query);
      return tools.view(Number(id), user_id);
    },
  );

  admin.post(
    '/api/debug/matches/:id/report',
    api({
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
      body: debugReportSchema,
      reply: debugReportReplySchema,
    }),
    async (request) => {
      const { id } = parse(matchIdParamsSchema, request.params);
      const body = parse(debugReportSchema, request.body);
      const { userId, report, progress } = await tools.report(adminOf(request).user.id, Number(id), body);
      return presentTestReport(userId, report, progress);
    },
  );
}
