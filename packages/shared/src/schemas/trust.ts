import { EVIDENCE_MAX_MB } from '../constants.ts';
import { hasVisibleCharacter } from '../text.ts';
import { VALIDATION_CODES as V, z } from '../validation.ts';
import { unixSecondsSchema, userIdSchema } from './common.ts';
import { matchIdSchema, REPORT_RESULTS, refundOptionSchema } from './match.ts';
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
  'refund',
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
  refund: '途中離脱・放置を認め、味方にレートを返還',
  dismiss: '対応不要として閉じる',
};

/**
 * Actions that close a case without acting on anyone: its reporters hear that it was reviewed. Every other action
 * (those added later included) tells them that action was taken.
 */
export const CASE_REVIEW_ONLY_ACTIONS: readonly CaseAction[] = ['uphold', 'dismiss'];

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
  /** The case's players named as 途中離脱 or 放置・AFK in its match(es): the action `refund` takes one. */
  refund_options: z.array(refundOptionSchema),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;
export const caseIdParamsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/, V.CASE_ID_INVALID) });

/** POST /api/admin/cases/:id/action: closes the case. */
export const caseActionSchema = z
  .object({
    action: z.enum(CASE_ACTIONS, V.CASE_ACTION_INVALID),
    /** correct: the result it should have been. */
    winner: z.enum(['A', 'B'], V.MATCH_CORRECTION_WINNER_INVALID).optional(),
    /** warn / suspend / penalty ±1: whom (a player of the case); refund: who left or stayed AFK. */
    user_id: userIdSchema.optional(),
    /** suspend: for how long. */
    duration: suspensionDurationSchema.optional(),
    /** refund: which match (a case about a player rather than one match names one of its matches). */
    match_id: matchIdSchema.optional(),
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

// What came of a report or a dispute (issue 35): its reporters are told once the case it opened or fed is closed —
// that action was taken, or that it was reviewed; never which action, nor anything about who reported.

export const REPORT_OUTCOMES = ['action_taken', 'reviewed'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];
/** What the player raised: a violation report naming someone, or a dispute of the result. */
export const REPORT_SUBJECTS = ['violation', 'dispute'] as const;
export type ReportSubject = (typeof REPORT_SUBJECTS)[number];

/** The outcome as the player reads it (notification and my page alike). */
export function reportOutcomeText(subject: ReportSubject, outcome: ReportOutcome): string {
  const what = subject === 'dispute' ? '異議申し立て' : '通報';
  return outcome === 'action_taken'
    ? `あなたの${what}を受けて、運営が対応を行いました。ご協力ありがとうございます`
    : `あなたの${what}を運営が確認しました。今回は対応の必要がないと判断しました`;
}
export const REPORT_OUTCOME_TITLES: Record<ReportSubject, string> = {
  violation: '通報の結果',
  dispute: '異議申し立ての結果',
};

export const reportOutcomeSchema = z.object({
  case_id: z.number().int(),
  subject: z.enum(REPORT_SUBJECTS),
  /** The match the player's report or dispute was about (their latest, when a case spans several). */
  match_id: z.string().nullable(),
  outcome: z.enum(REPORT_OUTCOMES),
  told_at: unixSecondsSchema,
});
export type ReportOutcomeEntry = z.infer<typeof reportOutcomeSchema>;
/** GET /api/users/me/report-outcomes: the last 30 days, newest first. */
export const myReportOutcomesSchema = z.object({ outcomes: z.array(reportOutcomeSchema) });
export type MyReportOutcomes = z.infer<typeof myReportOutcomesSchema>;
/** How far back my page lists what came of the player's reports. */
export const REPORT_OUTCOMES_DAYS = 30;

/** What a refunded player is told (notification and the history's marker). */
export const REFUND_TEXTS = {
  title: 'レートが返還されました',
  body: (matchId: string) =>
    `試合 #${matchId} で味方の途中離脱・放置が確認されたため、この試合で失ったレートを返還しました（勝敗数にも数えません）`,
  marker: '返還済み',
  markerHint: '味方の途中離脱・放置が確認されたため、この試合のレート変動は取り消されました',
} as const;
