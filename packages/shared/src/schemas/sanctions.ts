import { SANCTION_REASON_MAX } from '../constants.ts';
import { hasControlCharacters, hasVisibleCharacter, isWellFormedText } from '../text.ts';
import { VALIDATION_CODES as V, visibleLength, z } from '../validation.ts';
import { unixSecondsSchema, userIdSchema } from './common.ts';

// Sanctions in proportion (issue 35): beside the site-wide ban, a matching suspension for a set time (the player still
// signs in and sees their pages, and is told until when and why) and a warning shown once. The ready check's
// escalating timeouts are suspensions too, of kind ready_check.

export const SUSPENSION_KINDS = ['admin', 'ready_check'] as const;
export type SuspensionKind = (typeof SUSPENSION_KINDS)[number];
export const SUSPENSION_KIND_LABELS: Record<SuspensionKind, string> = {
  admin: '運営による停止',
  ready_check: '準備確認に応答なし',
};

/** The durations an admin chooses from. */
export const SUSPENSION_DURATION_KEYS = ['1h', '24h', '3d', '7d', '30d'] as const;
export type SuspensionDuration = (typeof SUSPENSION_DURATION_KEYS)[number];
export const SUSPENSION_DURATION_SECONDS: Record<SuspensionDuration, number> = {
  '1h': 3600,
  '24h': 24 * 3600,
  '3d': 3 * 24 * 3600,
  '7d': 7 * 24 * 3600,
  '30d': 30 * 24 * 3600,
};
export const SUSPENSION_DURATION_LABELS: Record<SuspensionDuration, string> = {
  '1h': '1時間',
  '24h': '24時間',
  '3d': '3日',
  '7d': '7日',
  '30d': '30日',
};
export const suspensionDurationSchema = z.enum(SUSPENSION_DURATION_KEYS, V.SUSPENSION_DURATION_INVALID);

/** What an admin tells the player (a suspension's or a warning's reason): one line, something visible, ≤ 200. */
export const sanctionReasonSchema = z
  .string(V.SANCTION_REASON_REQUIRED)
  .trim()
  .refine(isWellFormedText, V.TEXT_ILL_FORMED)
  .refine((v) => !hasControlCharacters(v), V.TEXT_CONTROL_CHARACTERS)
  .refine(hasVisibleCharacter, V.SANCTION_REASON_REQUIRED)
  .refine((v) => visibleLength(v) <= SANCTION_REASON_MAX, V.SANCTION_REASON_TOO_LONG);

/** The player's own active suspension (their profile): until when and why. */
export const suspensionSchema = z.object({
  ends_at: unixSecondsSchema,
  reason: z.string(),
  kind: z.enum(SUSPENSION_KINDS),
});
export type Suspension = z.infer<typeof suspensionSchema>;

export const SUSPENSION_STATES = ['active', 'ended', 'lifted'] as const;
export type SuspensionState = (typeof SUSPENSION_STATES)[number];
export const SUSPENSION_STATE_LABELS: Record<SuspensionState, string> = {
  active: '停止中',
  ended: '期間終了',
  lifted: '解除済み',
};

/** A suspension as the admin's user tab lists it. */
export const adminSuspensionSchema = z.object({
  suspension_id: z.number().int(),
  kind: z.enum(SUSPENSION_KINDS),
  reason: z.string(),
  case_id: z.number().int().nullable(),
  starts_at: unixSecondsSchema,
  ends_at: unixSecondsSchema,
  state: z.enum(SUSPENSION_STATES),
  /** The admin who suspended (null: the site's own, the ready check), with their trainer name when they still exist. */
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  lifted_at: unixSecondsSchema.nullable(),
  lifted_by: z.string().nullable(),
  lifted_by_name: z.string().nullable(),
});
export type AdminSuspension = z.infer<typeof adminSuspensionSchema>;

/** A warning as the admin's user tab lists it (seen_at: when the player closed it). */
export const adminWarningSchema = z.object({
  warning_id: z.number().int(),
  reason: z.string(),
  case_id: z.number().int().nullable(),
  match_id: z.string().nullable(),
  created_at: unixSecondsSchema,
  created_by: z.string(),
  created_by_name: z.string().nullable(),
  seen_at: unixSecondsSchema.nullable(),
});
export type AdminWarning = z.infer<typeof adminWarningSchema>;

/** GET /api/admin/users/{user_id}/sanctions, and the reply of each sanction and lift: newest first. */
export const adminSanctionsSchema = z.object({
  suspensions: z.array(adminSuspensionSchema),
  warnings: z.array(adminWarningSchema),
});
export type AdminSanctions = z.infer<typeof adminSanctionsSchema>;

/** POST /api/admin/users/{user_id}/suspensions */
export const adminSuspendSchema = z
  .object({ duration: suspensionDurationSchema, reason: sanctionReasonSchema })
  .strict();
export type AdminSuspendInput = z.input<typeof adminSuspendSchema>;

/** POST /api/admin/users/{user_id}/warnings */
export const adminWarnSchema = z.object({ reason: sanctionReasonSchema }).strict();
export type AdminWarnInput = z.input<typeof adminWarnSchema>;

/** POST /api/admin/users/{user_id}/suspensions/{suspension_id}/lift */
export const adminSuspensionParamsSchema = z.object({
  user_id: userIdSchema,
  suspension_id: z.string().regex(/^[1-9]\d{0,17}$/, V.SUSPENSION_ID_INVALID),
});
