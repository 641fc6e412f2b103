import { z } from '../validation.ts';
import { unixSecondsSchema, userIdSchema } from './common.ts';

// The ready check (issue 35): a wave's proposed match waits for its ten players to press 準備完了 within the site's
// time (setting ready_check_seconds; 0 = off, the match is made at once). All ready → the match starts; anyone not
// → no match: the ready go back to the queue keeping their wait, the others leave it (escalating matching timeout).

export const READY_CHECK_STATUSES = ['open', 'started', 'failed'] as const;
export type ReadyCheckStatus = (typeof READY_CHECK_STATUSES)[number];

/** What became of the reader when the check failed: back in the queue (they were ready) or out of it. */
export const READY_CHECK_OUTCOMES = ['requeued', 'removed'] as const;
export type ReadyCheckOutcome = (typeof READY_CHECK_OUTCOMES)[number];

/** Why a no-show may not queue for a while (the reason their matching suspension records and shows). */
export const READY_CHECK_NO_SHOW_REASON = '準備確認に応答しませんでした';

export const readyCheckPlayerSchema = z.object({
  user_id: userIdSchema,
  trainer_name: z.string(),
  ready: z.boolean(),
});

/** GET /api/queue/ready-check, POST …/ready, and the `readyCheck` push: the check as one of its players sees it. */
export const readyCheckSchema = z.object({
  ready_check_id: z.string(),
  status: z.enum(READY_CHECK_STATUSES),
  opened_at: unixSecondsSchema,
  deadline_at: unixSecondsSchema,
  players: z.array(readyCheckPlayerSchema),
  ready_count: z.number().int(),
  me_ready: z.boolean(),
  /** The match it started (status started). */
  match_id: z.string().nullable(),
  /** Failed checks only: what became of the reader. */
  my_outcome: z.enum(READY_CHECK_OUTCOMES).nullable(),
  /** Failed checks only, for a player removed: until when they may not queue (null: a warning only). */
  timeout_until: unixSecondsSchema.nullable(),
});
export type ReadyCheck = z.infer<typeof readyCheckSchema>;

/** GET /api/queue/ready-check: the player's open check, or the one that closed in the last minutes, or null. */
export const readyCheckReplySchema = z.object({ ready_check: readyCheckSchema.nullable() });

/** POST /api/queue/ready-check/ready */
export const readyPressSchema = z.object({ ready_check_id: z.string().regex(/^\d{1,18}$/) });
