import { readyCheckReplySchema, readyCheckSchema, readyPressSchema } from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import { type RouteDef, route } from '../http/route.ts';
import { pressReady } from './press.ts';
import { myReadyCheck } from './view.ts';

/** A player's ready check: what it shows (after a reload too) and their 準備完了. */
export function readyRoutes(ctx: AppContext): RouteDef[] {
  return [
    route(
      {
        method: 'GET',
        url: '/api/queue/ready-check',
        summary: "The caller's ready check: open, or closed in the last 5 minutes",
        description:
          'null when there is none. A failed check says what became of the caller (my_outcome, timeout_until).',
        tag: 'queue',
        access: 'user',
        reply: readyCheckReplySchema,
      },
      async ({ user, now }) => ({ ready_check: await myReadyCheck(ctx.db, user.id, now) }),
    ),
    route(
      {
        method: 'POST',
        url: '/api/queue/ready-check/ready',
        errors: ['READY_CHECK_NOT_FOUND', 'READY_CHECK_CLOSED'],
        summary: 'Presses 準備完了 (the tenth press starts the match)',
        description:
          'Refused (409) once the deadline has come, even before the check is closed; a second press answers the same.',
        tag: 'queue',
        access: 'user',
        body: readyPressSchema,
        reply: readyCheckSchema,
        writes: true,
      },
      ({ work, user, body, now }) => pressReady(work, user.id, Number(body.ready_check_id), now),
    ),
  ];
}
