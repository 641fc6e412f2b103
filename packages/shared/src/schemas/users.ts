import { isPlayableCharacterId } from '../characters.ts';
import { BIO_MAX, FAVORITE_POKEMON_MAX, TRAINER_NAME_MAX } from '../constants.ts';
import { AWARD_TIERS } from '../season-awards.ts';
import { longText, nameText } from '../text.ts';
import { VALIDATION_CODES as V, z } from '../validation.ts';
import { badgeIdSchema, badgeSlotSchema, roleSchema, unixSecondsSchema, userIdSchema } from './common.ts';
import { suspensionSchema } from './sanctions.ts';

// Profile validation (spec §5), defined once: the server validates with it and the web form reuses it.

export const trainerNameSchema = nameText({
  required: V.TRAINER_NAME_REQUIRED,
  max: { length: TRAINER_NAME_MAX, message: V.TRAINER_NAME_TOO_LONG },
});

/** Trimmed, a leading @ removed; empty or 1–15 of [A-Za-z0-9_]. */
export const twitterIdSchema = z
  .string()
  .transform((v) => v.trim().replace(/^@/, ''))
  .refine((v) => v === '' || /^[A-Za-z0-9_]{1,15}$/.test(v), V.TWITTER_ID_INVALID);

export const bioSchema = longText({ max: { length: BIO_MAX, message: V.BIO_TOO_LONG } });

/** Known roster characters, stored as upper-case pokemon_id; at most 3, no duplicates. */
export const favoritePokemonSchema = z
  .array(z.string().refine(isPlayableCharacterId, V.FAVORITE_POKEMON_UNKNOWN))
  .max(FAVORITE_POKEMON_MAX, V.FAVORITE_POKEMON_TOO_MANY)
  .transform((list) => list.map((id) => id.toUpperCase()))
  .refine((list) => new Set(list).size === list.length, V.FAVORITE_POKEMON_DUPLICATE);

/** PUT /api/users/me/profile. trainer_name is required; omitted optional fields stay as they are. */
export const profileUpdateSchema = z
  .object({
    trainer_name: trainerNameSchema,
    twitter_id: twitterIdSchema.optional(),
    favorite_pokemon: favoritePokemonSchema.optional(),
    current_badge: badgeSlotSchema.optional(),
    current_badge_2: badgeSlotSchema.optional(),
    bio: bioSchema.optional(),
  })
  .refine((p) => !p.current_badge || p.current_badge !== p.current_badge_2, {
    message: V.BADGE_SLOTS_SAME,
    path: ['current_badge_2'],
  });
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** POST /api/users: the record is created from the signed-in identity; the body may be empty or `{}`. */
export const createUserSchema = z.object({}).passthrough().optional();

/** PUT /api/users/me/badges/equip */
export const equipBadgesSchema = z
  .object({ primary_badge: badgeSlotSchema, secondary_badge: badgeSlotSchema })
  .refine((p) => !p.primary_badge || p.primary_badge !== p.secondary_badge, {
    message: V.BADGE_SLOTS_SAME,
    path: ['secondary_badge'],
  });

export const historyEntrySchema = z.object({
  match_id: z.string(),
  /** 1 win, 0 lose, 2 invalid */
  winlose: z.number().int(),
  deck_type: z.string(),
  started_date: unixSecondsSchema,
  rate_delta: z.number().int(),
  /** An admin gave the player back what the match cost them (a team-mate left): rate_delta is 0 and it counts for nothing. */
  refunded: z.boolean(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const seasonRecordSchema = z.object({
  season_id: z.string(),
  season_name: z.string(),
  final_rate: z.number().int(),
  max_rate: z.number().int(),
  win_rate: z.number(),
  final_rank: z.number().int().nullable(),
  total_matches: z.number().int(),
  wins: z.number().int(),
  win_count: z.number().int(),
  /** The badges the season's end handed out to this player. */
  badges: z.array(z.object({ tier: z.enum(AWARD_TIERS), badge_id: z.string() })),
});
export type SeasonRecord = z.infer<typeof seasonRecordSchema>;

/** Fields of the static part (cached 24 h by the client). */
export const PROFILE_STATIC_FIELDS = [
  'user_id',
  'auth0_sub',
  'discord_username',
  'discord_avatar_url',
  'trainer_name',
  'twitter_id',
  'favorite_pokemon',
  'current_badge',
  'current_badge_2',
  'owned_badges',
  'bio',
  'created_at',
  'updated_at',
  'is_admin',
  'is_dummy',
] as const;

/** Fields of the dynamic part (cached 5 minutes by the client). */
export const PROFILE_DYNAMIC_FIELDS = [
  'rate',
  'max_rate',
  'match_count',
  'win_count',
  'win_rate',
  'penalty_count',
  'penalty_correction',
  'effective_penalty',
  'penalty_timeout_until',
  'season_data',
  'latest_matches',
  'suspension',
] as const;

/** The signed-in user's own full profile (spec §3: static part, dynamic part, is_admin). */
export const userProfileSchema = z.object({
  user_id: userIdSchema,
  auth0_sub: z.string(),
  discord_username: z.string(),
  discord_avatar_url: z.string(),
  trainer_name: z.string(),
  twitter_id: z.string(),
  favorite_pokemon: z.array(z.string()),
  current_badge: badgeIdSchema.nullable(),
  current_badge_2: badgeIdSchema.nullable(),
  owned_badges: z.array(badgeIdSchema),
  bio: z.string(),
  created_at: unixSecondsSchema,
  updated_at: unixSecondsSchema,
  is_admin: z.boolean(),
  is_dummy: z.boolean(),
  rate: z.number().int(),
  max_rate: z.number().int(),
  match_count: z.number().int(),
  win_count: z.number().int(),
  win_rate: z.number(),
  penalty_count: z.number().int(),
  penalty_correction: z.number().int(),
  effective_penalty: z.number().int(),
  penalty_timeout_until: unixSecondsSchema.nullable(),
  /** The active season this dynamic part belongs to (null when no season is active). */
  season_data: z.object({ season_id: z.string(), season_name: z.string() }).nullable(),
  latest_matches: z.array(historyEntrySchema),
  /** The matching suspension in force now (the one ending last), or null: the queue panel and my page say it. */
  suspension: suspensionSchema.nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** Another user, as anyone may see them. */
export const publicUserSchema = userProfileSchema.pick({
  user_id: true,
  discord_username: true,
  discord_avatar_url: true,
  trainer_name: true,
  twitter_id: true,
  favorite_pokemon: true,
  current_badge: true,
  current_badge_2: true,
  bio: true,
  rate: true,
  max_rate: true,
  match_count: true,
  win_count: true,
  win_rate: true,
  created_at: true,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const ownedBadgesReplySchema = z.object({ owned_badges: z.array(badgeIdSchema) });

export const dummyUserSchema = z.object({
  user_id: userIdSchema,
  trainer_name: z.string(),
  discord_username: z.string(),
  rate: z.number().int(),
  preferred_role: roleSchema.nullable(),
});
export type DummyUser = z.infer<typeof dummyUserSchema>;

/** A table's rows about the player, as stored (snake_case columns; secrets such as tokens and push keys left out). */
const storedRowsSchema = z.array(z.record(z.string(), z.unknown()));

/** Everything the site holds about the signed-in player (GET /api/users/me/data): my page's データのダウンロード. */
export const personalDataSchema = z.object({
  exported_at: z.number().int(),
  user_id: userIdSchema,
  /** Table name → the player's rows in it. */
  tables: z.record(z.string(), storedRowsSchema),
});
export type PersonalData = z.infer<typeof personalDataSchema>;

/**
 * An account's deletion (my page → アカウントの削除): when it was asked for, when the deletion job carries it out
 * (ACCOUNT_DELETION_GRACE_DAYS later) and when it did; all null when none was asked for.
 */
export const accountDeletionSchema = z.object({
  requested_at: unixSecondsSchema.nullable(),
  due_at: unixSecondsSchema.nullable(),
  deleted_at: unixSecondsSchema.nullable(),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/** GET, POST and DELETE /api/users/me/deletion: the signed-in player's own (never deleted while they are in). */
export const myDeletionSchema = accountDeletionSchema.pick({ requested_at: true, due_at: true });
export type MyDeletion = z.infer<typeof myDeletionSchema>;

/** POST /api/users/me/deletion: the player ticked the confirmation. */
export const deletionRequestSchema = z.object({
  confirm: z.boolean().refine((v) => v, V.ACCOUNT_DELETION_UNCONFIRMED),
});
