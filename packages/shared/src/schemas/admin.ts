import { getBadge } from '../badges.ts';
import { ADMIN_SEARCH_LIMIT } from '../constants.ts';
import { nameText, plainText } from '../text.ts';
import { VALIDATION_CODES as V, z } from '../validation.ts';
import { rateSchema } from './auth.ts';
import { badgeIdSchema, unixSecondsSchema, userIdSchema } from './common.ts';
import { REPORT_RESULTS } from './match.ts';
import { reporterRecordSchema } from './trust.ts';
import { accountDeletionSchema } from './users.ts';

// The admin panel's user management, audit log and test tools (spec admin §2, §3, §5, §7).

export const ADMIN_SEARCH_TYPES = ['all', 'discord_name', 'trainer_name'] as const;
export type AdminSearchType = (typeof ADMIN_SEARCH_TYPES)[number];

/** POST /api/admin/users/search: substring, case-insensitive, on the chosen names (and the exact user id). */
export const adminUserSearchSchema = z.object({
  query: nameText({
    required: V.ADMIN_SEARCH_QUERY_REQUIRED,
    max: { length: 64, message: V.ADMIN_SEARCH_QUERY_TOO_LONG },
    allowHidden: true,
  }),
  search_type: z.enum(ADMIN_SEARCH_TYPES, V.ADMIN_SEARCH_TYPE_INVALID).default('all'),
  limit: z
    .number(V.ADMIN_SEARCH_LIMIT_RANGE)
    .int(V.ADMIN_SEARCH_LIMIT_RANGE)
    .min(1, V.ADMIN_SEARCH_LIMIT_RANGE)
    .max(ADMIN_SEARCH_LIMIT, V.ADMIN_SEARCH_LIMIT_RANGE)
    .default(ADMIN_SEARCH_LIMIT),
});
export type AdminUserSearch = z.input<typeof adminUserSearchSchema>;

/** A row of the search result (spec admin §3 plus the marks the list shows). */
export const adminUserSummarySchema = z.object({
  user_id: z.string(),
  trainer_name: z.string(),
  discord_username: z.string(),
  rate: z.number().int(),
  max_rate: z.number().int(),
  match_count: z.number().int(),
  win_count: z.number().int(),
  win_rate: z.number(),
  penalty_count: z.number().int(),
  penalty_correction: z.number().int(),
  effective_penalty: z.number().int(),
  is_banned: z.boolean(),
  is_admin: z.boolean(),
  is_dummy: z.boolean(),
  created_at: unixSecondsSchema,
  /** A pending deletion (requested, due) or a deleted account: the grace period an admin can see. */
  deletion: accountDeletionSchema,
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;

export const adminUserSearchReplySchema = z.object({
  data: z.object({ users: z.array(adminUserSummarySchema), count: z.number().int() }),
});
export type AdminUserSearchReply = z.infer<typeof adminUserSearchReplySchema>;

/** How a user came to own a badge (admin award, season reward, achievement, purchase, demo data). */
export const BADGE_SOURCES = ['admin', 'season', 'achievement', 'purchase', 'seed'] as const;
export type BadgeSource = (typeof BADGE_SOURCES)[number];
export const BADGE_SOURCE_LABELS: Record<BadgeSource, string> = {
  admin: '運営から付与',
  season: 'シーズン報酬',
  achievement: '実績',
  purchase: '購入',
  seed: 'デモデータ',
};

export const ownedBadgeRecordSchema = z.object({
  badge_id: z.string(),
  source: z.string(),
  reference: z.string().nullable(),
  acquired_at: unixSecondsSchema,
});
export type OwnedBadgeRecord = z.infer<typeof ownedBadgeRecordSchema>;

/** GET /api/admin/users/{user_id}: the user entity of spec admin §3. */
export const adminUserDetailSchema = adminUserSummarySchema.extend({
  discord_avatar_url: z.string(),
  last_penalty_time: unixSecondsSchema.nullable(),
  penalty_timeout_until: unixSecondsSchema.nullable(),
  current_badge: z.string().nullable(),
  current_badge_2: z.string().nullable(),
  owned_badges: z.array(z.string()),
  owned_badge_records: z.array(ownedBadgeRecordSchema),
  /** The season the rate block belongs to (null when no season is active). */
  season: z.object({ season_id: z.string(), season_name: z.string() }).nullable(),
  /** Open WebSocket-independent facts an admin needs before a ban. */
  in_queue: z.boolean(),
  open_match_id: z.string().nullable(),
  /** Their reports against the results their matches settled on (issue 34). */
  reporter_record: reporterRecordSchema,
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const PENALTY_EDIT_MAX = 99;
const penaltyEditSchema = z
  .number(V.PENALTY_EDIT_RANGE)
  .int(V.PENALTY_EDIT_RANGE)
  .min(0, V.PENALTY_EDIT_RANGE)
  .max(PENALTY_EDIT_MAX, V.PENALTY_EDIT_RANGE);

/**
 * PUT /api/admin/users/{user_id}: any subset of the editable fields (the panel sends only what changed).
 * `owned_badges` is the whole new list: badges missing from it are taken back (and unequipped).
 */
export const adminUserUpdateSchema = z
  .object({
    rate: rateSchema.optional(),
    penalty_count: penaltyEditSchema.optional(),
    penalty_correction: penaltyEditSchema.optional(),
    is_banned: z.boolean(V.FLAG_INVALID).optional(),
    is_admin: z.boolean(V.FLAG_INVALID).optional(),
    owned_badges: z
      .array(badgeIdSchema)
      .max(500)
      .refine((ids) => ids.every((id) => getBadge(id) !== undefined), V.BADGE_UNKNOWN)
      .refine((ids) => new Set(ids).size === ids.length, V.BADGE_LIST_DUPLICATE)
      .optional(),
  })
  .strict();
export type AdminUserUpdate = z.input<typeof adminUserUpdateSchema>;

// Audit log

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.string(),
  /** The actor's trainer name when the user still exists. */
  actor_name: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: unixSecondsSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const filterText = plainText(64).trim().optional();
/** GET /api/admin/audit?actor=&action=&target=&limit=&before_id= — action matches a prefix (`user.` finds every user edit). */
export const auditQuerySchema = z.object({
  actor: filterText,
  action: filterText,
  target: filterText,
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before_id: z.coerce.number().int().positive().optional(),
});
export const auditReplySchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as before_id for the next (older) page; null when this was the last. */
  next_before_id: z.number().int().nullable(),
});
export type AuditReply = z.infer<typeof auditReplySchema>;

// Match result correction (beyond the spec: admins may void or correct a settled match)

export const MATCH_CORRECTION_WINNERS = ['A', 'B', 'invalid'] as const;
export const matchCorrectionSchema = z.object({
  winner: z.enum(MATCH_CORRECTION_WINNERS, V.MATCH_CORRECTION_WINNER_INVALID),
});
export type MatchCorrection = z.infer<typeof matchCorrectionSchema>;

// Test tools (/match_test and the overview's test box)

/** The queue is filled up to `count` players (around those already waiting, if any). */
export const debugQueueFillSchema = z
  .object({ count: z.number().int().min(1).max(100).default(10) })
  .default({ count: 10 });
export const debugQueueFillReplySchema = z.object({
  enqueued: z.array(z.string()),
  skipped: z.array(z.object({ user_id: z.string(), reason: z.string() })),
});

/** POST /api/debug/matches/report-all: every player of the open test matches reports (default: team A wins). */
export const debugReportAllSchema = z
  .object({ result: z.enum(REPORT_RESULTS, V.REPORT_RESULT_INVALID).default('A-win') })
  .default({ result: 'A-win' });
export const debugReportAllReplySchema = z.object({
  matches: z.number().int(),
  reported: z.number().int(),
  settled: z.number().int(),
});

/** POST /api/debug/ready-checks/ready-all: every test account in an open ready check pressed 準備完了. */
export const debugReadyAllReplySchema = z.object({
  readied: z.number().int(),
  /** The matches the checks that became complete started. */
  started_matches: z.array(z.string()),
});

/** POST /api/debug/matches/{id}/report: a report on behalf of one test account of the match. */
export const debugReportSchema = z.object({
  user_id: userIdSchema,
  result: z.enum(REPORT_RESULTS, V.REPORT_RESULT_INVALID),
  /** Required for invalid: the player to blame; optional otherwise (a violation report). */
  violation_report: z.string().trim().max(64).default(''),
});
export const debugReportReplySchema = z.object({
  user_id: z.string(),
  report: z.object({ result: z.enum(REPORT_RESULTS), picked_pokemon: z.string(), violation_report: z.string() }),
  status: z.string(),
  report_count: z.number().int(),
});

export const debugViewQuerySchema = z.object({ user_id: userIdSchema });
