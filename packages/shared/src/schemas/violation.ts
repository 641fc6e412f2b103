import { TRUST_NOTE_MAX } from '../constants.ts';
import { longText } from '../text.ts';
import { VALIDATION_CODES as V, z } from '../validation.ts';

// What a violation report carries besides the named player (issue 34): a reason, a note and a screenshot. Apart
// from match.ts and trust.ts so that both can use it.

/** What a violation report (or a dispute) names as its reason. */
export const VIOLATION_REASONS = ['leave', 'afk', 'griefing', 'abuse', 'cheat', 'other'] as const;
export type ViolationReason = (typeof VIOLATION_REASONS)[number];
export const VIOLATION_REASON_LABELS: Record<ViolationReason, string> = {
  leave: '途中離脱',
  afk: '放置・AFK',
  griefing: '故意の妨害',
  abuse: '暴言・迷惑行為',
  cheat: '不正',
  other: 'その他',
};
/** The reasons an admin may confirm to give the named player's team-mates their rate back (issue 35). */
export const REFUND_REASONS: readonly ViolationReason[] = ['leave', 'afk'];

/** A report's or a dispute's note. */
export const trustNote = longText({ max: { length: TRUST_NOTE_MAX, message: V.TRUST_NOTE_TOO_LONG } });
export const evidenceIdSchema = z
  .number(V.EVIDENCE_ID_INVALID)
  .int(V.EVIDENCE_ID_INVALID)
  .positive(V.EVIDENCE_ID_INVALID);

/** The optional part of a result report that names a violator: why, a note, a screenshot. */
export const violationDetailsSchema = {
  violation_reason: z.enum(['', ...VIOLATION_REASONS], V.VIOLATION_REASON_INVALID).default(''),
  violation_note: trustNote.default(''),
  evidence_id: evidenceIdSchema.nullable().default(null),
};
