import { ROLES } from '../constants.ts';
import { VALIDATION_CODES as V, z } from '../validation.ts';

/** Discord snowflakes, test-account ids (dummy_…) and similar: letters, digits, _ and -, 1–64. */
export const userIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, V.USER_ID_INVALID);
export const unixSecondsSchema = z.number().int().nonnegative();
export const roleSchema = z.enum(ROLES);
export const badgeIdSchema = z.string().regex(/^badge_\d{3}$/, V.BADGE_UNKNOWN);
/** A badge slot: a badge id, or null / '' to clear it. */
export const badgeSlotSchema = z
  .union([badgeIdSchema, z.literal(''), z.null()])
  .transform((v) => (v === '' ? null : v));

export const okReplySchema = z.object({ ok: z.literal(true) });
export type OkReply = z.infer<typeof okReplySchema>;

export const userIdParamsSchema = z.object({ id: userIdSchema });
export const adminUserIdParamsSchema = z.object({ user_id: userIdSchema });
