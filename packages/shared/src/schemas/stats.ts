import { VALIDATION_CODES as V, z } from '../validation.ts';
import { unixSecondsSchema } from './common.ts';
import { seasonIdSchema } from './community.ts';

// The statistics page (issue: statistics and player pages): one season, one rating band.

export const RATING_BANDS = ['all', 'lt1500', '1500_1699', 'ge1700'] as const;
export type RatingBand = (typeof RATING_BANDS)[number];
export const RATING_BAND_LABELS: Record<RatingBand, string> = {
  all: 'すべて',
  lt1500: '1500未満',
  '1500_1699': '1500〜1699',
  ge1700: '1700以上',
};

/** GET /api/public/stats?season=&band= (season: the active one by default). */
export const statsQuerySchema = z.object({
  season: seasonIdSchema.optional(),
  band: z.enum(RATING_BANDS, V.STATS_BAND_INVALID).default('all'),
});

const winCount = z.object({ games: z.number().int(), wins: z.number().int(), win_rate: z.number() });

export const statsReplySchema = z.object({
  season: z
    .object({
      season_id: z.string(),
      season_name: z.string(),
      start_date: unixSecondsSchema,
      end_date: unixSecondsSchema,
      /** When the season ended (possibly before end_date); null while it runs. */
      ended_at: unixSecondsSchema.nullable(),
    })
    .nullable(),
  band: z.enum(RATING_BANDS),
  computed_at: unixSecondsSchema.nullable(),
  matches: z.number().int(),
  results: z.object({ A: z.number().int(), B: z.number().int(), invalid: z.number().int() }),
  first_attack: winCount,
  characters: z.array(
    z.object({
      pokemon_id: z.string(),
      picks: z.number().int(),
      pick_rate: z.number(),
      bans: z.number().int(),
      ban_rate: z.number(),
      wins: z.number().int(),
      /** The win rate and its 95 % Wilson interval; null for a character never picked (only banned). */
      win_rate: z.number().nullable(),
      win_rate_low: z.number().nullable(),
      win_rate_high: z.number().nullable(),
    }),
  ),
  /**
   * Per role: the rated matches in which the two players of that role had different rates (games), and those won by
   * the team whose player in that role was rated higher (wins), with the 95 % Wilson interval of that share. By the
   * match's average rate, like the other match-level figures.
   */
  role_advantage: z.array(winCount.extend({ role: z.string(), win_rate_low: z.number(), win_rate_high: z.number() })),
  matches_per_day: z.array(z.object({ day: z.string(), matches: z.number().int() })),
  /** weekday (0 = Sunday) × hour, Japan time */
  heat_map: z.array(z.array(z.number().int())),
  /** Active players' current rates in bins of 50. */
  rating_histogram: z.array(z.object({ from: z.number().int(), count: z.number().int() })),
  /** Mean wait of the players matched, by hour of the day (Japan time), from the waves. */
  wait_by_hour: z.array(
    z.object({ hour: z.number().int(), waves: z.number().int(), average_wait_seconds: z.number().nullable() }),
  ),
  /** The season's ready checks: opened by the waves, started (all ten ready) and failed (someone did not answer). */
  ready_checks: z.object({ opened: z.number().int(), started: z.number().int(), failed: z.number().int() }),
});
export type StatsReply = z.infer<typeof statsReplySchema>;
