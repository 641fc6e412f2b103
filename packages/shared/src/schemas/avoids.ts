import { AVOID_LIST_MAX, TRAINER_NAME_MAX } from '../constants.ts';
import { nameText } from '../text.ts';
import { VALIDATION_CODES as V, z } from '../validation.ts';
import { unixSecondsSchema, userIdSchema } from './common.ts';

// マッチングを避けるプレイヤー: a player's avoid list (the spec's queue join `blocking`), managed from my page and
// honoured by the waves (docs/matchmaking.md). Only the player who avoids sees it: nothing tells the avoided player.

/** One player of my avoid list. */
export const avoidedPlayerSchema = z.object({
  user_id: userIdSchema,
  trainer_name: z.string(),
  discord_avatar_url: z.string(),
  /** When they were added (unix seconds). */
  created_at: unixSecondsSchema,
});
export type AvoidedPlayer = z.infer<typeof avoidedPlayerSchema>;

/** GET /api/users/me/avoids, and the reply of every change: the list, oldest first, and its size limit. */
export const avoidListSchema = z.object({
  players: z.array(avoidedPlayerSchema),
  max: z.number().int().positive(),
});
export type AvoidList = z.infer<typeof avoidListSchema>;

/** POST /api/users/me/avoids: adds a player (by id: the search's result or a player page). Adding again is a no-op. */
export const avoidAddSchema = z.object({ user_id: z.string(V.USER_ID_INVALID).pipe(userIdSchema) });

/** The queue join's `blocking` (the spec sends an empty list): player ids, at most AVOID_LIST_MAX. */
export const blockingSchema = z
  .array(userIdSchema, V.BLOCKING_INVALID)
  .max(AVOID_LIST_MAX, V.BLOCKING_TOO_MANY)
  .transform((ids) => [...new Set(ids)]);

/** GET /api/users/me/avoids/search?q=: players whose trainer name contains q. */
export const playerSearchQuerySchema = z.object({
  q: nameText({
    required: V.PLAYER_SEARCH_QUERY_REQUIRED,
    max: { length: TRAINER_NAME_MAX, message: V.PLAYER_SEARCH_QUERY_TOO_LONG },
    allowHidden: true,
  }),
});

export const playerSearchResultSchema = z.object({
  user_id: userIdSchema,
  trainer_name: z.string(),
  discord_avatar_url: z.string(),
  /** The active season's rate (the start rate without one): to tell players of the same name apart. */
  rate: z.number(),
  /** Already in my avoid list. */
  avoided: z.boolean(),
});
export type PlayerSearchResult = z.infer<typeof playerSearchResultSchema>;
export const playerSearchReplySchema = z.object({ players: z.array(playerSearchResultSchema) });
