import { EVIDENCE_MAX_MB } from '../constants.ts';
import { hasVisibleCharacter } from '../text.ts';
import { VALIDATION_CODES as V, z } from '../validation.ts';
import { unixSecondsSchema, userIdSchema } from './common.ts';
import { matchIdSchema, REPORT_RESULTS } from './match.ts';
import { suspensionDurationSchema } from './sanctions.ts';
import { evidenceIdSchema, trustNote as note, VIOLATION_REASONS } from './violation.ts';

// Results and conduct a community can trust (issue 34): reasons and evidence of violation reports, disputes of a
// settled result, the reporter record, and the admins' moderation queue (通報・異議). The rules that flag players and
// matches are the engine's (packages/engine/src/trust); the limits people meet are here, said once.

/** Why a player contests a settled result. */
export const DISPUTE_REASONS = ['wrong_result', 'should_be_void', 'should_count', 'cheat', 'other'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];
export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  wrong_result: '勝敗が逆になっている',
  should_be_void: '無効試合にするべき',
  should_count: '無効ではなく勝敗がついた',
  cheat: '不正・談合があった',
  other: 'その他',
};

/** A dispute may be filed this long after the match settled (24 hours). */
export const DISPUTE_WINDOW_SECONDS = 24 * 3600;

/** Screenshots: what is accepted, and the limits that keep anyone from filling the disk. */
export const EVIDENCE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const EVIDENCE_MAX_BYTES = EVIDENCE_MAX_MB * 1024 * 1024;
/** Longest side after re-encoding (pixels). */
export const EVIDENCE_MAX_SIDE = 1920;
/** Uploads per player and match (a report's and a dispute's, and a retry). */
export const EVIDENCE_PER_PLAYER_MATCH = 3;
/** Uploads per match, all players together. */
export const EVIDENCE_PER_MATCH = 15;
/** Uploads per player in 24 hours. */
export const EVIDENCE_PER_PLAYER_DAY = 20;
/** An upload that no report or dispute took within this time is deleted. */
export const EVIDENCE_UNATTACHED_SECONDS = 3600;

/** POST /api/evidence?match_id=… (the image's bytes as the body): the stored, re-encoded image. */
export const evidenceQuerySchema = z.object({ match_id: matchIdSchema });
export const evidenceReplySchema = z.object({
  evidence_id: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type EvidenceReply = z.infer<typeof evidenceReplySchema>;
export const evidenceParamsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/, V.EVIDENCE_ID_INVALID) });

/** POST /api/matches/:id/dispute. */
export const disputeInputSchema = z
  .object({
    reason: z.enum(DISPUTE_REASONS, V.DISPUTE_REASON_INVALID),
    note: note.default(''),
    evidence_id: evidenceIdSchema.nullable().default(null),
  })
  .strict();
export type DisputeInput = z.input<typeof disputeInputSchema>;

export const DISPUTE_STATUSES = ['open', 'upheld', 'corrected', 'voided'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  open: '異議申し立て中',
  upheld: '結果を維持',
  corrected: '結果を訂正',
  voided: '無効試合に変更',
};

export const disputeSchema = z.object({
  dispute_id: z.number().int(),
  match_id: z.string(),
  user_id: z.string(),
  reason: z.enum(DISPUTE_REASONS),
  note: z.string(),
  evidence_id: z.number().int().nullable(),
  status: z.enum(DISPUTE_STATUSES),
  created_at: unixSecondsSchema,
  resolved_at: unixSecondsSchema.nullable(),
  /** What the admin told the players (empty when nothing). */
  resolution_note: z.string(),
});
export type Dispute = z.infer<typeof disputeSchema>;

/** GET /api/matches/:id/trust: a player's view of a settled match's disputes (players of the match only). */
export const matchTrustSchema = z.object({
  match_id: z.string(),
  /** Some player's dispute is still open: the match page shows 異議申し立て中. */
  disputed: z.boolean(),
  /** Until when the caller may still file (null: they cannot, e.g. filed already or too late). */
  dispute_until: unixSecondsSchema.nullable(),
  mine: disputeSchema.nullable(),
});
export type MatchTrust = z.infer<typeof matchTrustSchema>;

/** A player's reports against the results their matches settled on (the admin's user page and cases). */
export const reporterRecordSchema = z.object({
  reports: z.number().int(),
  agreed: z.number().int(),
  dissented: z.number().int(),
  /** Dissented while every other reporter of the match agreed. */
  alone: z.number().int(),
  /** The Wilson interval (95 %) of the share of reports dissenting alone. */
  alone_rate_low: z.number(),
  alone_rate_high: z.number(),
});
export type ReporterRecord = z.infer<typeof reporterRecordSchema>;

// The moderation queue

export const CASE_KINDS = ['dispute', 'contradicted', 'held', 'violations', 'lone_dissent', 'collusion'] as const;
export type CaseKind = (typeof CASE_KINDS)[number];
export const CASE_KIND_LABELS: Record<CaseKind, string> = {
  dispute: '異議申し立て',
  contradicted: '早期確定後に多数の報告が反対',
  held: '報告が割れて期限まで確定せず',
  violations: '違反報告が基準を超えたプレイヤー',
  lone_dissent: '一人だけ異なる報告が多いプレイヤー',
  collusion: '相手チームとの早期報告が繰り返し覆るペア',
};
export const CASE_STATUSES = ['open', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const CASE_ACTIONS = [
  'uphold',
  'correct',
  'void',
  'warn',
  'suspend',
  'penalty_add',
  'penalty_remove',
  'dismiss',
] as const;
export type CaseAction = (typeof CASE_ACTIONS)[number];
export const CASE_ACTION_LABELS: Record<CaseAction, string> = {
  uphold: '結果を維持',
  correct: '結果を訂正',
  void: '無効試合にする',
  warn: '警告',
  suspend: 'マッチング停止',
  penalty_add: 'ペナルティ +1',
  penalty_remove: 'ペナルティ −1',
  dismiss: '対応不要として閉じる',
};

export const caseSummarySchema = z.object({
  case_id: z.number().int(),
  kind: z.enum(CASE_KINDS),
  status: z.enum(CASE_STATUSES),
  /** Higher first: 3 a dispute or a contradicted result, 2 collusion or a liar, 1 the rest. */
  severity: z.number().int(),
  match_id: z.string().nullable(),
  user_id: z.string().nullable(),
  other_user_id: z.string().nullable(),
  /** One line for the list, e.g. who and the numbers that raised it. */
  summary: z.string(),
  opened_at: unixSecondsSchema,
  closed_at: unixSecondsSchema.nullable(),
  closed_by: z.string().nullable(),
  action: z.enum(CASE_ACTIONS).nullable(),
  note: z.string(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

export const caseListQuerySchema = z.object({
  status: z.enum(CASE_STATUSES, V.CASE_STATUS_FILTER_INVALID).default('open'),
});
export const caseListSchema = z.object({
  cases: z.array(caseSummarySchema),
  open_count: z.number().int(),
  /** Median seconds from opening to closing over the cases closed in the last 30 days (null: none). */
  median_close_seconds: z.number().nullable(),
});
export type CaseList = z.infer<typeof caseListSchema>;

export const caseReportSchema = z.object({
  user_id: z.string(),
  trainer_name: z.string().nullable(),
  team: z.enum(['A', 'B']),
  result: z.enum(REPORT_RESULTS),
  reported_at: unixSecondsSchema,
  violation_report: z.string(),
  violation_reason: z.enum(['', ...VIOLATION_REASONS]),
  violation_note: z.string(),
  evidence_id: z.number().int().nullable(),
});
export const casePlayerSchema = z.object({
  user_id: z.string(),
  trainer_name: z.string().nullable(),
  team: z.enum(['A', 'B']).nullable(),
  penalty_count: z.number().int(),
  record: reporterRecordSchema,
  /** Violation reports naming this player over the last 30 days (distinct matches). */
  reported_in_matches: z.number().int(),
});
export const caseDetailSchema = z.object({
  case: caseSummarySchema,
  match: z
    .object({
      match_id: z.string(),
      status: z.enum(['matched', 'done']),
      winner: z.enum(['A', 'B']).nullable(),
      settle_reason: z.string().nullable(),
      started_at: unixSecondsSchema,
      settled_at: unixSecondsSchema.nullable(),
      reports: z.array(caseReportSchema),
      disputes: z.array(disputeSchema),
    })
    .nullable(),
  players: z.array(casePlayerSchema),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;
export const caseIdParamsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/, V.CASE_ID_INVALID) });

/** POST /api/admin/cases/:id/action: closes the case. */
export const caseActionSchema = z
  .object({
    action: z.enum(CASE_ACTIONS, V.CASE_ACTION_INVALID),
    /** correct: the result it should have been. */
    winner: z.enum(['A', 'B'], V.MATCH_CORRECTION_WINNER_INVALID).optional(),
    /** warn / suspend / penalty ±1: whom (a player of the case). */
    user_id: userIdSchema.optional(),
    /** suspend: for how long. */
    duration: suspensionDurationSchema.optional(),
    /** Told to the players with a dispute's outcome, and kept with the case; suspend: the reason the player sees. */
    note: note.default(''),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.action !== 'suspend') return;
    if (!input.duration) ctx.addIssue({ code: 'custom', path: ['duration'], message: V.SUSPENSION_DURATION_INVALID });
    if (!hasVisibleCharacter(input.note)) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: V.SANCTION_REASON_REQUIRED });
    }
  });
export type CaseActionInput = z.input<typeof caseActionSchema>;

/** A warning an admin gave (shown to the player once). */
export const warningSchema = z.object({
  warning_id: z.number().int(),
  reason: z.string(),
  match_id: z.string().nullable(),
  created_at: unixSecondsSchema,
});
export const warningParamsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/, V.WARNING_ID_INVALID) });
export const myWarningsSchema = z.object({ warnings: z.array(warningSchema) });
export type Warning = z.infer<typeof warningSchema>;
