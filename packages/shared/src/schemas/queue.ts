import { ROLES } from '../constants.ts';
import { z } from '../validation.ts';
import { blockingSchema } from './avoids.ts';
import { roleSchema, unixSecondsSchema, userIdSchema } from './common.ts';

// Queue (spec §3 queue info/status, §5 join rules) and the match a wave creates.

export const DECK_TYPES = ['A', 'B', 'C'] as const;
export const DECK_TYPE_LABELS: Record<(typeof DECK_TYPES)[number] | 'none', string> = {
  none: '未選択',
  A: 'デッキA',
  B: 'デッキB',
  C: 'デッキC',
};

export const ROLE_LABELS: Record<(typeof ROLES)[number], string> = {
  TOP_LANE: '上ルート',
  MIDDLE: '中央',
  BOTTOM_LANE: '下ルート',
  SUPPORT: 'サポート',
  TANK: 'タンク',
};

export const QUEUE_MESSAGES = {
  ROLES_INVALID: '希望ロールは TOP_LANE・MIDDLE・BOTTOM_LANE・SUPPORT・TANK から重複なく1〜5個選んでください',
  DECK_TYPE_INVALID: 'デッキは A・B・C のいずれかを選んでください',
} as const;

/**
 * POST /api/queue/join. Joining again updates the preferences. `blocking` (the spec's field, which its client sends
 * empty) adds players to the avoid list kept on my page; empty, null or absent, the list stays as it is.
 */
export const queueJoinSchema = z
  .object({
    blocking: blockingSchema.nullish(),
    deck_type: z.enum(DECK_TYPES, QUEUE_MESSAGES.DECK_TYPE_INVALID).nullish(),
    roles: z
      .array(z.enum(ROLES, QUEUE_MESSAGES.ROLES_INVALID), QUEUE_MESSAGES.ROLES_INVALID)
      .max(ROLES.length, QUEUE_MESSAGES.ROLES_INVALID)
      .refine((r) => new Set(r).size === r.length, QUEUE_MESSAGES.ROLES_INVALID)
      .optional(),
  })
  .default({});

export const queueEntrySchema = z.object({
  user_id: userIdSchema,
  deck_type: z.enum(DECK_TYPES).nullable(),
  roles: z.array(roleSchema),
  joined_at: unixSecondsSchema,
  waves_missed: z.number().int(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

export const queueStatusSchema = z.object({ in_queue: z.boolean(), entry: queueEntrySchema.nullable() });

/** The fields a queue diff may carry (spec §4). */
export const QUEUE_DIFF_FIELDS = [
  'total_waiting',
  'ongoing_matches',
  'ongoing_match_players',
  'previous_matched_unixtime',
  'previous_user_count',
] as const;

export const queueInfoSchema = z.object({
  total_waiting: z.number().int(),
  ongoing_matches: z.number().int(),
  ongoing_match_players: z.array(userIdSchema),
  previous_matched_unixtime: unixSecondsSchema.nullable(),
  previous_user_count: z.number().int(),
  /** Mean wait (seconds) of the players matched in recent waves; null before any. */
  average_wait_time: z.number().nullable(),
  next_wave_unixtime: unixSecondsSchema,
  /** Matching hours open now (a wave runs at next_wave_unixtime if a season is active). */
  is_matching_open: z.boolean(),
  is_season_active: z.boolean(),
});
export type QueueInfo = z.infer<typeof queueInfoSchema>;
export type QueueDiff = Partial<Pick<QueueInfo, (typeof QUEUE_DIFF_FIELDS)[number]>>;
