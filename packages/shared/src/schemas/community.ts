import { badgeSchema } from '../badges.ts';
import {
  BATTLE_TYPES,
  DEFAULT_THEME_COLOR,
  LOBBY_CREATE_TIMEOUT,
  LOBBY_JOIN_TIMEOUT,
  MARKDOWN_SETTING_MAX,
  READY_CHECK_SECONDS,
} from '../constants.ts';
import { AWARD_TIERS, seasonAwardMapSchema } from '../season-awards.ts';
import { dateSecondsSchema, hasControlCharacters, longText, nameText } from '../text.ts';
import { VALIDATION_CODES as V, type ValidationCode, z } from '../validation.ts';
import { badgeIdSchema, unixSecondsSchema, userIdSchema } from './common.ts';
import { seasonRecordSchema } from './users.ts';

// Site settings, master data, seasons, ranking and season records (issue "community data").

export const SETTING_IDS = [
  'rules_content',
  'announcement_content',
  'lobby_create_timeout',
  'lobby_join_timeout',
  'ready_check_seconds',
] as const;
export type SettingId = (typeof SETTING_IDS)[number];

export const SETTING_DEFAULTS: Record<SettingId, string> = {
  rules_content: '',
  announcement_content: '',
  lobby_create_timeout: String(LOBBY_CREATE_TIMEOUT.default),
  lobby_join_timeout: String(LOBBY_JOIN_TIMEOUT.default),
  ready_check_seconds: String(READY_CHECK_SECONDS.default),
};

const markdown = longText({ max: { length: MARKDOWN_SETTING_MAX, message: V.MARKDOWN_TOO_LONG } });
/** Timeouts arrive as numbers or numeric strings (spec: input fields); stored as their decimal text. */
const seconds = (range: { min: number; max: number }, message: ValidationCode) =>
  z
    .union([z.number(), z.string().regex(/^\s*\d+\s*$/, message)], message)
    .transform((v) => Number(v))
    .refine((v) => Number.isInteger(v) && v >= range.min && v <= range.max, message)
    .transform((v) => String(v));

/** 0 (no ready check) or within READY_CHECK_SECONDS. */
const readyCheckSeconds = seconds({ min: 0, max: READY_CHECK_SECONDS.max }, V.READY_CHECK_RANGE).refine(
  (v) => v === '0' || Number(v) >= READY_CHECK_SECONDS.min,
  V.READY_CHECK_RANGE,
);

/** PUT /api/master/settings: validated per id. */
export const settingUpdateSchema = z.discriminatedUnion(
  'id',
  [
    z.object({ id: z.literal('rules_content'), value: markdown }),
    z.object({ id: z.literal('announcement_content'), value: markdown }),
    z.object({ id: z.literal('lobby_create_timeout'), value: seconds(LOBBY_CREATE_TIMEOUT, V.TIMEOUT_CREATE_RANGE) }),
    z.object({ id: z.literal('lobby_join_timeout'), value: seconds(LOBBY_JOIN_TIMEOUT, V.TIMEOUT_JOIN_RANGE) }),
    z.object({ id: z.literal('ready_check_seconds'), value: readyCheckSeconds }),
  ],
  { error: V.SETTING_VALUE_INVALID },
);

export const settingsSchema = z.object({
  rules_content: z.string(),
  announcement_content: z.string(),
  lobby_create_timeout: z.number().int(),
  lobby_join_timeout: z.number().int(),
  /** 0: no ready check. */
  ready_check_seconds: z.number().int(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const characterSchema = z.object({
  pokemon_id: z.string(),
  name_ja: z.string(),
  name_en: z.string(),
  index_number: z.number().int(),
  type: z.union([z.enum(BATTLE_TYPES), z.literal('-')]),
  moves: z.object({ move_1a: z.string(), move_1b: z.string(), move_2a: z.string(), move_2b: z.string() }),
  icon_url: z.string().nullable(),
});

/** GET /api/master and /api/public/master */
export const masterReplySchema = z.object({
  settings: settingsSchema,
  badges: z.array(badgeSchema),
  pokemon: z.array(characterSchema),
});
export type MasterReply = z.infer<typeof masterReplySchema>;

export const pokemonRoleParamsSchema = z.object({ role: z.enum(BATTLE_TYPES, V.POKEMON_ROLE_UNKNOWN) });

// Seasons

export const seasonSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  start_date: unixSecondsSchema,
  end_date: unixSecondsSchema,
  image_url: z.string(),
  theme_color: z.string(),
  is_active: z.boolean(),
  /** When the season ended (final ranking frozen, rewards handed out); null while it runs or before it starts. */
  ended_at: unixSecondsSchema.nullable(),
});
export type Season = z.infer<typeof seasonSchema>;

/** The admin's view of a season: the rewards in force and, once ended, what the end handed out. */
export const adminSeasonSchema = seasonSchema.extend({
  awards: seasonAwardMapSchema,
  /** false: the awards are the catalogue's defaults for the season's number. */
  awards_custom: z.boolean(),
  ending_started_at: unixSecondsSchema.nullable(),
  /**
   * While the end waits for the season's last matches: the latest of their report deadlines (the records are frozen
   * once those matches are settled); null when nothing is waited for.
   */
  ending_waits_until: unixSecondsSchema.nullable(),
  summary: z
    .object({
      players: z.number().int(),
      ranked: z.number().int(),
      /** tier → badges granted */
      awards: z.partialRecord(z.enum(AWARD_TIERS), z.number().int()),
    })
    .nullable(),
});
export type AdminSeason = z.infer<typeof adminSeasonSchema>;

/** GET /api/admin/seasons: each season also says whether it can be deleted, and why not (its matches). */
export const adminSeasonListItemSchema = adminSeasonSchema.extend({
  /** Matches played in the season: a season with any keeps them (and cannot be deleted). */
  match_count: z.number().int(),
  /** Neither active nor played in (the rules of DELETE /api/admin/seasons/{id}). */
  deletable: z.boolean(),
});
export type AdminSeasonListItem = z.infer<typeof adminSeasonListItemSchema>;
export const adminSeasonListSchema = z.array(adminSeasonListItemSchema);

export const seasonIdSchema = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, V.SEASON_ID_INVALID);
const imageUrlSchema = z
  .string()
  .trim()
  .refine((v) => !hasControlCharacters(v), V.TEXT_CONTROL_CHARACTERS)
  .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v) || /^\/(?!\/)\S*$/.test(v), V.SEASON_IMAGE_URL_INVALID);
const themeColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, V.THEME_COLOR_INVALID);

const seasonFields = {
  name: nameText({ required: V.SEASON_NAME_REQUIRED, max: { length: 60, message: V.SEASON_NAME_TOO_LONG } }),
  description: longText({ max: { length: 2000, message: V.SEASON_DESCRIPTION_TOO_LONG } }).default(''),
  start_date: dateSecondsSchema,
  end_date: dateSecondsSchema,
  image_url: imageUrlSchema.default(''),
  theme_color: themeColorSchema.default(DEFAULT_THEME_COLOR),
  /** The rewards; null or absent: the catalogue's defaults for the season's number. */
  awards: seasonAwardMapSchema.nullable().optional(),
};
const datesInOrder = (s: { start_date: number; end_date: number }) => s.start_date < s.end_date;

/** POST /api/admin/seasons */
export const seasonCreateSchema = z
  .object({ id: seasonIdSchema, ...seasonFields })
  .refine(datesInOrder, { message: V.SEASON_DATES_ORDER, path: ['end_date'] });

/** PUT /api/admin/seasons/{id}: the id cannot change (an id in the body must match). */
export const seasonUpdateSchema = z
  .object({ id: seasonIdSchema.optional(), ...seasonFields })
  .refine(datesInOrder, { message: V.SEASON_DATES_ORDER, path: ['end_date'] });

export const seasonParamsSchema = z.object({ id: seasonIdSchema });

export const activeSeasonReplySchema = z.object({
  is_season_active: z.boolean(),
  current_season: seasonSchema.nullable(),
  next_season: seasonSchema.nullable(),
});

/** GET /api/public/seasons: the seasons that have started (start_date ≤ now), newest first. */
export const seasonsReplySchema = z.object({ seasons: z.array(seasonSchema) });
export type SeasonsReply = z.infer<typeof seasonsReplySchema>;

// Ranking

export const rankingEntrySchema = z.object({
  rank: z.number().int(),
  user_id: userIdSchema,
  trainer_name: z.string(),
  discord_username: z.string(),
  discord_avatar_url: z.string(),
  rate: z.number().int(),
  max_rate: z.number().int(),
  win_rate: z.number(),
  match_count: z.number().int(),
  twitter_id: z.string(),
  current_badge: badgeIdSchema.nullable(),
  current_badge_2: badgeIdSchema.nullable(),
});
export type RankingEntry = z.infer<typeof rankingEntrySchema>;

export const rankingReplySchema = z.object({
  rankings: z.array(rankingEntrySchema),
  /** When the snapshot was computed (unix seconds); null before the first run. */
  updated_at: unixSecondsSchema.nullable(),
  season_id: z.string().nullable(),
});
export type RankingReply = z.infer<typeof rankingReplySchema>;

export const recordsReplySchema = z.object({ records: z.array(seasonRecordSchema) });

/** GET /api/users/me/rating-history: the active season's rate after each settled match. */
export const ratingHistoryReplySchema = z.object({
  season_id: z.string().nullable(),
  points: z.array(z.object({ at: unixSecondsSchema, rate: z.number().int() })),
});

// Public system data

export const systemReplySchema = z.object({
  server_time: unixSecondsSchema,
  is_season_active: z.boolean(),
  active_season: seasonSchema.nullable(),
  matching: z.object({
    /** Matching hours are open now. */
    is_open: z.boolean(),
    /** The hours in words, e.g. 平日 14:00〜翌4:00 / 土日 終日（日本時間）. */
    hours_text: z.string(),
  }),
  player_count: z.number().int(),
  /** Settled matches of the active season, void ones included (the statistics page's 試合数). */
  match_count: z.number().int(),
  /** The server's rules in words (Japanese), shown by the rules tab's fallback text. */
  rules: z.object({
    matchmaking: z.string(),
    settlement: z.string(),
    rating: z.string(),
    penalty: z.string(),
  }),
});
export type SystemReply = z.infer<typeof systemReplySchema>;

/** GET /api/site: what the web app's shell shows from configuration. */
export const siteReplySchema = z.object({
  stats_dashboard_url: z.string().nullable(),
  operator_name: z.string().nullable(),
  operator_contact: z.string().nullable(),
  ad_slot_url: z.string().nullable(),
});
export type SiteReply = z.infer<typeof siteReplySchema>;

// Admin

export const awardBadgeSchema = z.object({ user_id: userIdSchema, badge_id: badgeIdSchema });
