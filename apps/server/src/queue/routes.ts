import { queueInfoSchema, queueJoinSchema, queueOutlookSchema, queueStatusSchema } from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import type { Work } from '../events/unit.ts';
import { type RouteDef, route } from '../http/route.ts';
import { queueOutlook } from './outlook.ts';
import { findEntry, joinQueue, leaveQueue, queueInfo } from './service.ts';

/** What happens before a player's own leave, in its transaction (the ready check holding their entry fails). */
export type LeaveHook = (work: Work, userId: string, now: number) => Promise<void>;

/** The queue's numbers and outlook, and a player's join and leave. */
export function queueRoutes(ctx: AppContext, beforeLeave: LeaveHook): RouteDef[] {
  return [
    route(
      {
        method: 'GET',
        url: '/api/queue',
        summary: 'Queue numbers',
        tag: 'queue',
        access: 'public',
        reply: queueInfoSchema,
      },
      ({ now }) => queueInfo(ctx.db, now),
    ),
    route(
      {
        method: 'GET',
        url: '/api/queue/outlook',
        summary: 'When to come: the queue by hour, the next wave, players near my rate',
        description: "Anyone; with a valid token, near_waiting counts the players waiting within the caller's window.",
        tag: 'queue',
        access: 'public',
        reply: queueOutlookSchema,
      },
      async ({ viewer, now }) => queueOutlook(ctx.db, now, (await viewer())?.userId ?? null),
    ),
    route(
      {
        method: 'GET',
        url: '/api/queue/me',
        summary: 'The caller in the queue',
        tag: 'queue',
        access: 'user',
        reply: queueStatusSchema,
      },
      async ({ user }) => {
        const entry = await findEntry(ctx.db, user.id);
        return { in_queue: entry !== null, entry };
      },
    ),
    route(
      {
        method: 'POST',
        url: '/api/queue/join',
        errors: [
          'AVOID_LIST_FULL',
          'AVOID_PLAYER_NOT_FOUND',
          'AVOID_SELF',
          'QUEUE_IN_MATCH',
          'QUEUE_DELETION_PENDING',
          'QUEUE_NO_TRAINER_NAME',
          'QUEUE_PENALTY_BLOCKED',
          'QUEUE_PENALTY_TIMEOUT',
          'QUEUE_SEASON_CLOSED',
          'QUEUE_SUSPENDED',
        ],
        summary: 'Joins the queue',
        description:
          '`blocking` adds players to my avoid list (GET /api/users/me/avoids), with its rules; empty or absent, the ' +
          'list stays as it is (the spec sends an empty list).',
        tag: 'queue',
        access: 'user',
        body: queueJoinSchema,
        reply: queueStatusSchema,
        writes: true,
      },
      async ({ work, user, body, now }) => ({ in_queue: true, entry: await joinQueue(work, user, body, now) }),
    ),
    route(
      {
        method: 'POST',
        url: '/api/queue/leave',
        summary: 'Leaves the queue',
        tag: 'queue',
        access: 'user',
        reply: queueStatusSchema,
        writes: true,
      },
      async ({ work, user, now }) => {
        await beforeLeave(work, user.id, now);
        await leaveQueue(work, user.id);
        return { in_queue: false, entry: null };
      },
    ),
  ];
}
