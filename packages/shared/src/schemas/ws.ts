import { illFormedTextPath } from '../text.ts';
import { z } from '../validation.ts';
import { queueInfoSchema, queueStatusSchema } from './queue.ts';
import { readyCheckSchema } from './ready.ts';

// The WebSocket protocol at /api/ws, in one place: every client and server message, one parser each.

export const clientMessageSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('askQueueInfo') }),
  z.object({ action: z.literal('subscribeMatch'), matchId: z.string().regex(/^\d{1,18}$/) }),
  z.object({ action: z.literal('unsubscribeMatch'), matchId: z.string().regex(/^\d{1,18}$/) }),
  z.object({ action: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const matchUpdateSchema = z.object({
  match_id: z.string(),
  lobby_id: z.string().nullable(),
  host_user_id: z.string().nullable(),
  status: z.enum(['matched', 'done']),
  report_count: z.number().int(),
});
export type MatchUpdate = z.infer<typeof matchUpdateSchema>;

/** Why a player's rate, numbers or history changed: their match settled, an admin corrected it, an admin edited them. */
export const PROFILE_CHANGE_REASONS = ['settled', 'corrected', 'admin'] as const;
export type ProfileChangeReason = (typeof PROFILE_CHANGE_REASONS)[number];

export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('queueInfo'), data: queueInfoSchema }),
  z.object({ type: z.literal('queueDiff'), data: queueInfoSchema.partial() }),
  /** To the player: their own entry changed (a join or leave in another tab, a ban): every tab shows the same. */
  z.object({ type: z.literal('queueStatus'), data: queueStatusSchema }),
  /** To the ten players of a ready check: when it opens, at each press, and when it starts or fails. */
  z.object({ type: z.literal('readyCheck'), data: readyCheckSchema }),
  /** To the ten players of a new match; match_id is a string ('0' never names a match). */
  z.object({ type: z.literal('matchFound'), match_id: z.string() }),
  z.object({ type: z.literal('matchUpdate'), data: matchUpdateSchema }),
  z.object({ type: z.literal('matchSubscribed'), match_id: z.string() }),
  z.object({ type: z.literal('matchError'), match_id: z.string(), error: z.string(), code: z.string() }),
  z.object({ type: z.literal('error'), error: z.string(), code: z.string() }),
  z.object({ type: z.literal('pong') }),
  /** To the player: their rate, season numbers or history changed; every view of them reloads the profile. */
  z.object({ type: z.literal('profileChanged'), reason: z.enum(PROFILE_CHANGE_REASONS) }),
  /** To the player: a badge was granted (achievement, season reward, purchase or admin). */
  z.object({
    type: z.literal('badgeGranted'),
    badge_id: z.string(),
    source: z.string(),
    achievement_id: z.string().nullable(),
  }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/**
 * Parses a client frame; anything else is reported as unexpected rather than thrown. A frame whose JSON holds ill-formed
 * text (a lone surrogate, which the "\ud800" escape carries) is refused whole, even where the schema would drop it.
 */
export function parseClientMessage(raw: string): { ok: true; message: ClientMessage } | { ok: false } {
  try {
    const json: unknown = JSON.parse(raw);
    if (illFormedTextPath(json) !== null) return { ok: false };
    const result = clientMessageSchema.safeParse(json);
    return result.success ? { ok: true, message: result.data } : { ok: false };
  } catch {
    return { ok: false };
  }
}
