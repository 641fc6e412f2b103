import { z } from 'zod';

// The admin's view of the MMR's parameters and their refits (issue 33): the parameters in force, the refits made
// (after each season end, and by admins), and a refit's preview.

export const mmrParamsSchema = z.object({
  beta: z.number(),
  initialSigma: z.number(),
  tau: z.number(),
  seasonSigma: z.number(),
});
export type MmrParams = z.infer<typeof mmrParamsSchema>;

export const REFIT_REASONS = ['better', 'too_few_matches', 'not_better', 'not_significant'] as const;
export type RefitReasonCode = (typeof REFIT_REASONS)[number];

/** Why a refit applied or kept its parameters, in the admin's words. */
export const REFIT_REASON_JA: Record<RefitReasonCode, string> = {
  better: '直近の試合（学習に使っていない後半）をより良く予測したため適用',
  too_few_matches: '確定した試合が少ないため見送り',
  not_better: '直近の試合の予測が良くならないため見送り',
  not_significant: '改善が誤差の範囲（2標準誤差未満）のため見送り',
};

const lossPairSchema = z.object({ current: z.number().nullable(), candidate: z.number().nullable() });

export const refitReportSchema = z.object({
  matches: z.number().int(),
  fitted: z.number().int(),
  held_out: z.number().int(),
  current: mmrParamsSchema,
  candidate: mmrParamsSchema,
  fit_logloss: lossPairSchema,
  held_out_logloss: lossPairSchema,
  z: z.number(),
  apply: z.boolean(),
  reason: z.enum(REFIT_REASONS),
});
export type RefitReportView = z.infer<typeof refitReportSchema>;

export const refitEntrySchema = z.object({
  id: z.string(),
  trigger: z.enum(['season_end', 'admin']),
  season_id: z.string().nullable(),
  actor_id: z.string(),
  created_at: z.number().int(),
  applied: z.boolean(),
  effective_from: z.number().int().nullable(),
  report: refitReportSchema,
});
export type RefitEntry = z.infer<typeof refitEntrySchema>;

export const ratingParamsViewSchema = z.object({
  /** The parameters new matches are rated by. */
  current: mmrParamsSchema,
  /** The refit they come from (null: the server's configuration). */
  current_refit_id: z.string().nullable(),
  bounds: z.record(z.string(), z.tuple([z.number(), z.number()])),
  /** The newest refits first. */
  refits: z.array(refitEntrySchema),
});
export type RatingParamsView = z.infer<typeof ratingParamsViewSchema>;
