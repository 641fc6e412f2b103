import { queueInfoSchema, queueJoinSchema, queueOutlookSchema, queueStatusSchema } from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import type { Guard } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { api } from '../docs/contract.ts';
import type { DomainEvents } from '../events/domain.ts';
import { parse } from '../http/validate.ts';
import { queueOutlook } from './outlook.ts';
import { findEntry, joinQueue, leaveQueue, queueInfo } from './service.ts';

export function registerQueueRoutes(app: FastifyInstance, ctx: AppContext, guard: Guard, events: DomainEvents): void {
  app.get(
    '/api/queue',
    api({ summary: 'Queue numbers', tag: 'queue', access: 'public', reply: queueInfoSchema }),
    async () => queueInfo(ctx.db, ctx.now()),
  );

  app.get(
    '/api/queue/outlook',
    api({
      summary: 'When to come: the queue by hour, the next wave, players near my rate',
      description: "Anyone; with a valid token, near_waiting counts the players waiting within the caller's window.",
      tag: 'queue',
      access: 'public',
      reply: queueOutlookSchema,
    }),
    async (request) => {
      const userId = await ctx.tokens.subjectOf(request.headers.authorization);
      return queueOutlook(ctx.db, ctx.now(), userId);
    },
  );

  app.get(
    '/api/queue/me',
    api({ summary: 'The caller in the queue', tag: 'queue', access: 'user', reply: queueStatusSchema }),
    async (request) => {
      const { user } = await guard.user(request);
      const entry = await findEntry(ctx.db, user.id);
      return { in_queue: entry !== null, entry };
    },
  );

  app.post(
    '/api/queue/join',
    api({
      errors: [
        'QUEUE_IN_MATCH',
        'QUEUE_NO_TRAINER_NAME',
        'QUEUE_PENALTY_BLOCKED',
        'QUEUE_PENALTY_TIMEOUT',
        'QUEUE_SEASON_CLOSED',
      ],
      summary: 'Joins the queue',
      tag: 'queue',
      access: 'user',
      body: queueJoinSchema,
      reply: queueStatusSchema,
    }),
    async (request) => {
      const { user } = await guard.user(request);
      const body = parse(queueJoinSchema, request.body ?? {});
      const entry = await joinQueue(ctx.db, user, body, ctx.now());
      await events.publish({ type: 'queue.changed' });
      return { in_queue: true, entry };
    },
  );

  app.post(
    '/api/queue/leave',
    api({ summary: 'Leaves the queue', tag: 'queue', access: 'user', reply: queueStatusSchema }),
    async (request) => {
      const { user } = await guard.user(request);
      const left = await leaveQueue(ctx.db, user.id);
      if (left) await events.publish({ type: 'queue.changed' });
      return { in_queue: false, entry: null };
    },
  );
}
