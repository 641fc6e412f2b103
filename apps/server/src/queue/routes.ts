import { queueJoinSchema } from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import type { Guard } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import type { DomainEvents } from '../events/domain.ts';
import { parse } from '../http/validate.ts';
import { findEntry, joinQueue, leaveQueue, queueInfo } from './service.ts';

export function registerQueueRoutes(app: FastifyInstance, ctx: AppContext, guard: Guard, events: DomainEvents): void {
  app.get('/api/queue', async () => queueInfo(ctx.db, ctx.now()));

  app.get('/api/queue/me', async (request) => {
    const { user } = await guard.user(request);
    const entry = await findEntry(ctx.db, user.id);
    return { in_queue: entry !== null, entry };
  });

  app.post('/api/queue/join', async (request) => {
    const { user } = await guard.user(request);
    const body = parse(queueJoinSchema, request.body ?? {});
    const entry = await joinQueue(ctx.db, user, body, ctx.now());
    await events.publish({ type: 'queue.changed' });
    return { in_queue: true, entry };
  });

  app.post('/api/queue/leave', async (request) => {
    const { user } = await guard.user(request);
    const left = await leaveQueue(ctx.db, user.id);
    if (left) await events.publish({ type: 'queue.changed' });
    return { in_queue: false, entry: null };
  });
}
