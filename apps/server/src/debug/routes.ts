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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminOf } from '../admin/scope.ts';
import { recordAudit } from '../audit/log.ts';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { api } from '../docs/contract.ts';
import type { DomainEvents } from '../events/domain.ts';
import { AppError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { MatchNotifier } from '../matches/notify.ts';
import { findMatch, playersOf } from '../matches/queries.ts';
import { reportIn } from '../matches/service.ts';
import type { MatchProgress } from '../matches/settlement.ts';
import { matchViewFor } from '../matches/view.ts';
import { clearQueue, joinBlock, joinQueue, queueSize } from '../queue/service.ts';
import { findUser } from '../users/queries.ts';
import type { WaveRunner } from '../waves/runner.ts';
import {
  closestByRate,
  closestTo,
  openTestMatches,
  playableTestAccounts,
  testReport,
  waitingPlayers,
} from './test-players.ts';

// Admin debug and test tools (every environment, admin scope). Each call's audit entry is written in the same
// transaction as what it changed.

export function registerDebugRoutes(
  admin: FastifyInstance,
  ctx: AppContext,
  deps: { events: DomainEvents; waves: WaveRunner; notifier: MatchNotifier },
): void {
  const { rules } = ctx.config;
  const audit = (request: FastifyRequest, tx: Tx, action: string, after: unknown, targetId = 'queue') =>
    recordAudit(tx, {
      actorId: adminOf(request).user.id,
      action,
      targetType: targetId === 'queue' ? 'system' : 'match',
      targetId,
      before: null,
      after,
      now: ctx.now(),
    });

  admin.post(
    '/api/debug/gather-match',
    api({ summary: 'Settles matches whose window ended', tag: 'debug', access: 'admin' }),
    async (request) => {
      const processed = await deps.waves.gather((tx, n) =>
        audit(request, tx, 'debug.gather', { processed_matches: n }),
      );
      return { processed_matches: processed };
    },
  );

  admin.post(
    '/api/debug/matchmaking/trigger',
    api({ summary: 'Runs a wave now', tag: 'debug', access: 'admin' }),
    async (request) => {
      const outcome = await deps.waves.run({
        force: true,
        audit: (tx, result) => audit(request, tx, 'debug.matchmaking', result),
      });
      const message = outcome.ran
        ? `マッチングを実行しました: ${outcome.created_matches.length}試合を作成（${outcome.matched}人 / 待機${outcome.candidates}人）`
        : outcome.reason === 'no_season'
          ? 'マッチングを実行できません: 有効なシーズンがありません'
          : 'マッチングを実行できません: 別のマッチングが実行中です';
      return { message, ...outcome };
    },
  );

  admin.get('/api/debug/queue', api({ summary: 'Queue count', tag: 'debug', access: 'admin' }), async () => {
    return { queue_count: await queueSize(ctx.db) };
  });

  /**
   * Fills the queue up to N players (default 10) with test accounts who may join now, so the next wave can match
   * them: on an empty queue the N whose ratings (the MMR the waves match on) lie closest together; around players
   * already waiting (a player trying a match from the browser), the ones closest to theirs, as many as complete the N.
   */
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
      const body = parse(debugQueueFillSchema, request.body ?? {});
      const now = ctx.now();
      const reply = await ctx.db.transaction(async (tx) => {
        const skipped: { user_id: string; reason: string }[] = [];
        const eligible: Awaited<ReturnType<typeof playableTestAccounts>> = [];
        const waiting = await waitingPlayers(tx);
        const queued = new Set(waiting.map((w) => w.userId));
        for (const candidate of await playableTestAccounts(tx)) {
          if (queued.has(candidate.id)) continue;
          const block = await joinBlock(tx, candidate, now);
          if (block) skipped.push({ user_id: candidate.id, reason: block.message });
          else eligible.push(candidate);
        }
        const average = waiting.reduce((sum, w) => sum + w.rate, 0) / Math.max(1, waiting.length);
        const chosen =
          waiting.length === 0
            ? closestByRate(eligible, body.count)
            : closestTo(eligible, average, Math.max(0, body.count - waiting.length));
        for (const account of chosen) {
          await joinQueue(tx, account, { roles: account.preferredRole ? [account.preferredRole] : [] }, now);
        }
        const enqueued = chosen.map((a) => a.id);
        await audit(request, tx, 'debug.queue_fill', { requested: body.count, enqueued, skipped });
        return { enqueued, skipped };
      });
      await deps.events.publish({ type: 'queue.changed' });
      return reply;
    },
  );

  admin.delete(
    '/api/debug/queue',
    api({ summary: 'Empties the queue', tag: 'debug', access: 'admin' }),
    async (request) => {
      const removed = await ctx.db.transaction(async (tx) => {
        const removed = await clearQueue(tx);
        await audit(request, tx, 'debug.queue_clear', { removed });
        return removed;
      });
      await deps.events.publish({ type: 'queue.changed' });
      return { removed };
    },
  );

  /** Every player of the open test matches who has not reported reports the same result (default: team A wins). */
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
      const now = ctx.now();
      const progress: MatchProgress[] = [];
      const reply = await ctx.db.transaction(async (tx) => {
        const ids = await openTestMatches(tx);
        let reported = 0;
        for (const matchId of ids) {
          const match = await findMatch(tx, matchId);
          if (!match) continue;
          for (const player of await playersOf(tx, match)) {
            const report = testReport(player.userId, result);
            const step = await reportIn(tx, { matchId, userId: player.userId, report, now, rules });
            reported += 1;
            progress.push(step);
            if (step.update.status !== 'matched') break;
          }
        }
        const settled = progress.filter((p) => p.settled).length;
        await audit(request, tx, 'debug.report_all', { result, matches: ids.map(String), reported, settled });
        return { matches: ids.length, reported, settled };
      });
      await deps.notifier.progressed(progress);
      return reply;
    },
  );

  /** The match exactly as one of its players sees it (GET /api/matches/current for that player). */
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
      const [match, user] = await Promise.all([findMatch(ctx.db, Number(id)), findUser(ctx.db, user_id)]);
      if (!match) throw new AppError('ADMIN_MATCH_NOT_FOUND');
      if (!user) throw new AppError('USER_NOT_FOUND');
      return matchViewFor(ctx, match, user.id);
    },
  );

  /** A report on behalf of one test account of the match, through the players' own report path. */
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
      const user = await findUser(ctx.db, body.user_id);
      if (!user) throw new AppError('USER_NOT_FOUND');
      if (!user.isDummy) throw new AppError('DEBUG_NOT_TEST_ACCOUNT');
      const report = testReport(user.id, body.result, body.violation_report);
      const progress = await ctx.db.transaction(async (tx) => {
        const step = await reportIn(tx, { matchId: Number(id), userId: user.id, report, now: ctx.now(), rules }).catch(
          (err: unknown) => {
            throw err instanceof AppError && err.code === 'MATCH_NOT_PARTICIPANT'
              ? new AppError('DEBUG_NOT_IN_MATCH')
              : err;
          },
        );
        await audit(request, tx, 'debug.report', { user_id: user.id, result: body.result }, id);
        return step;
      });
      await deps.notifier.progressed([progress]);
      return {
        user_id: user.id,
        report: {
          result: report.result,
          picked_pokemon: report.picked_pokemon,
          violation_report: report.violation_report,
        },
        status: progress.update.status,
        report_count: progress.update.report_count,
      };
    },
  );
}
