import { ROLES } from '../constants.ts';
import { z } from '../validation.ts';
import { unixSecondsSchema } from './common.ts';
import { predictedChanceSchema } from './match.ts';
import { historyEntrySchema, publicUserSchema, seasonRecordSchema } from './users.ts';

// Player pages and match summaries (issue: statistics and player pages): what anyone may see of a player and of a
// settled match.

export const PLAYER_RECENT_MATCHES = 20;
export const PLAYER_TOP_CHARACTERS = 5;

export const characterStatSchema = z.object({
  pokemon_id: z.string(),
  matches: z.number().int(),
  wins: z.number().int(),
  win_rate: z.number(),
});

/** GET /api/players/{id}: the public profile, the active season's numbers and chart, characters, matches, seasons. */
export const playerPageSchema = z.object({
  profile: publicUserSchema,
  owned_badges: z.array(z.string()),
  season: z.object({ season_id: z.string(), season_name: z.string() }).nullable(),
  rating_history: z.array(z.object({ at: unixSecondsSchema, rate: z.number().int() })),
  characters: z.array(characterStatSchema),
  recent_matches: z.array(historyEntrySchema),
  records: z.array(seasonRecordSchema),
});
export type PlayerPage = z.infer<typeof playerPageSchema>;

const summaryPlayerSchema = z.object({
  user_id: z.string(),
  trainer_name: z.string(),
  role: z.enum(ROLES).nullable(),
  pokemon_id: z.string(),
  rate_before: z.number().int(),
  rate_after: z.number().int(),
  rate_delta: z.number().int(),
});

/** GET /api/matches/{id}/summary: a settled match (open ones are not shown). */
export const matchSummarySchema = z.object({
  match_id: z.string(),
  season_id: z.string(),
  started_at: unixSecondsSchema,
  settled_at: unixSecondsSchema,
  /** null: invalid (void). */
  winner_team: z.enum(['A', 'B']).nullable(),
  first_attack: z.enum(['A', 'B']),
  predicted_a: predictedChanceSchema,
  team_a: z.array(summaryPlayerSchema),
  team_b: z.array(summaryPlayerSchema),
});
export type MatchSummary = z.infer<typeof matchSummarySchema>;
