import { asc, count, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../audit/log.ts';
import { DUMMY_ID_PREFIX } from '../auth/dummy-accounts.ts';
import type { Guard } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { queueEntries, users } from '../db/schema.ts';
import type { EventBus } from '../events/bus.ts';
import { parse } from '../http/validate.ts';
import type { WaveRunner } from '../matches/wave-runner.ts';
import { joinQueue } from '../queue/service.ts';

// Admin debug and test tools (every environment, admins only, every call audited).

const fillSchema = z.object({ count: z.number().int().min(1).max(100).default(20) }).default({ count: 20 });

export function registerDebugRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guard: Guard,
  deps: { bus: EventBus; waves: WaveRunner },
): void {
  const audit = (actorId: string, action: string, after: unknown) =>
    recordAudit(ctx.db, {
      actorId,
      action,
      targetType: 'system',
      targetId: 'queue',
      before: null,
      after,
      now: ctx.now(),
    });

  app.post('/api/debug/gather-match', async (request) => {
    const { user } = await guard.admin(request);
    const processed = await deps.waves.gather();
    await audit(user.id, 'debug.gather', { processed_matches: processed });
    return { processed_matches: processed };
  });

  app.post('/api/debug/matchmaking/trigger', async (request) => {
    const { user } = await guard.admin(request);
    const outcome = await deps.waves.run({ force: true });
    await audit(user.id, 'debug.matchmaking', outcome);
    const message = outcome.ran
      ? `マッチングを実行しました: ${outcome.created_matches.length}試合を作成（${outcome.matched}人 / 待機${outcome.candidates}人）`
      : outcome.reason === 'no_season'
        ? 'マッチングを実行できません: 有効なシーズンがありません'
        : 'マッチングを実行できません: 別のインスタンスが実行中です';
    return { message, ...outcome };
  });

  app.get('/api/debug/queue', async (request) => {
    await guard.admin(request);
    const [row] = await ctx.db.select({ n: count() }).from(queueEntries);
    return { queue_count: row?.n ?? 0 };
  });

  /** Puts the first N test accounts (default 20) in the queue, skipping those who may not join. */
  app.post('/api/debug/queue/fill', async (request) => {
    const { user } = await guard.admin(request);
    const body = parse(fillSchema, request.body ?? {});
    const candidates = await ctx.db
      .select()
      .from(users)
      .where(like(users.id, `${DUMMY_ID_PREFIX}%`))
      .orderBy(asc(users.id));
    const enqueued: string[] = [];
    const skipped: { user_id: string; reason: string }[] = [];
    for (const candidate of candidates.filter((c) => c.isDummy && !c.isBanned && !c.isAdmin).slice(0, body.count)) {
      try {
        await joinQueue(
          ctx.db,
          candidate,
          { roles: candidate.preferredRole ? [candidate.preferredRole] : [] },
          ctx.now(),
        );
        enqueued.push(candidate.id);
      } catch (err) {
        skipped.push({ user_id: candidate.id, reason: (err as Error).message });
      }
    }
    await deps.bus.publish({ type: 'queue_changed' });
    await audit(user.id, 'debug.queue_fill', { enqueued, skipped });
    return { enqueued, skipped };
  });

  app.delete('/api/debug/queue', async (request) => {
    const { user } = await guard.admin(request);
    const removed = await ctx.db.delete(queueEntries).returning({ id: queueEntries.userId });
    await deps.bus.publish({ type: 'queue_changed' });
    await audit(user.id, 'debug.queue_clear', { removed: removed.length });
    return { removed: removed.length };
  });
}
