import { z } from 'zod';

// The rows of Unitemate's tables as its code writes them (backend/src/handlers, models, services). Values are read
// leniently where their exports differ: numbers arrive as numbers (DynamoDB JSON text, analysis scripts) or as strings
// (json.dump(..., default=str) of DynamoDB's Decimals: "rates stored as strings"), times as unix seconds or ISO text
// (the master data seed), optional fields as absent, null or "".

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/** A number or its decimal text. */
const decimal = z.union([z.number(), z.string().trim().regex(NUMBER_TEXT)]).transform(Number);
/** An integer, also written "1500" or "1500.0". */
export const int = decimal.pipe(z.number().int());
/** Unix seconds, or an ISO time. */
export const unixTime = z
  .union([int, z.iso.datetime({ offset: true }).transform((v) => Math.floor(Date.parse(v) / 1000))])
  .pipe(z.number().int().nonnegative());
const text = z.string().nullish();
const textList = z.array(z.string()).nullish();

export const pastSeasonSchema = z.object({
  season_id: z.string().min(1),
  season_name: text,
  total_matches: int.default(0),
  win_count: int.default(0),
  final_rate: int,
  max_rate: int,
  final_rank: int.nullish(),
  earned_badges: textList,
});
export type PastSeason = z.infer<typeof pastSeasonSchema>;

export const userRowSchema = z.object({
  namespace: z.string(),
  user_id: z.string(),
  auth0_sub: text,
  discord_username: text,
  discord_discriminator: text,
  discord_avatar_url: text,
  trainer_name: text,
  /** The legacy name of trainer_name (user_repository reads it when trainer_name is missing). */
  app_username: text,
  twitter_id: text,
  preferred_roles: textList,
  favorite_pokemon: textList,
  owned_badges: textList,
  current_badge: text,
  current_badge_2: text,
  bio: text,
  past_seasons: z.array(pastSeasonSchema).nullish(),
  rate: int.default(1500),
  max_rate: int.nullish(),
  match_count: int.default(0),
  win_count: int.default(0),
  win_rate: decimal.nullish(),
  assigned_match_id: int.nullish(),
  last_match_id: int.nullish(),
  last_rate_delta: int.nullish(),
  penalty_count: int.default(0),
  penalty_correction: int.default(0),
  last_penalty_time: unixTime.nullish(),
  penalty_timeout_until: unixTime.nullish(),
  is_admin: z.boolean().default(false),
  is_banned: z.boolean().default(false),
  is_dummy: z.boolean().nullish(),
  created_at: unixTime.nullish(),
  updated_at: unixTime.nullish(),
});
export type UserRow = z.infer<typeof userRowSchema>;

const playerObject = z.object({
  user_id: z.string().min(1),
  trainer_name: text,
  discord_username: text,
  discord_avatar_url: text,
  twitter_id: text,
  rate: int.default(1500),
  best_rate: int.nullish(),
  current_badge: text,
  current_badge_2: text,
  role: text,
  preferred_roles: textList,
  favorite_pokemon: textList,
  bio: text,
});
/** A player of a match: the current object form, or the legacy [user_id, rate] pair match_judge still reads. */
const matchPlayerSchema = z.union([
  playerObject,
  z
    .tuple([z.string().min(1)], int)
    .transform(([userId, rate]) => playerObject.parse({ user_id: userId, rate: rate ?? 1500 })),
]);
export type MatchPlayerRow = z.infer<typeof playerObject>;

const reportSchema = z.object({
  user_id: z.string().min(1),
  result: z.string(),
  violation_report: text,
  /** The misspelt name of violation_report in early reports (match_judge reads both). */
  vioration_report: text,
  banned_pokemon: text,
  picked_pokemon: text,
  pokemon_move1: text,
  pokemon_move2: text,
  report_unixtime: unixTime,
});
export type MatchReportRow = z.infer<typeof reportSchema>;

export const matchRowSchema = z.object({
  namespace: z.string(),
  match_id: int,
  status: z.string(),
  matched_unixtime: unixTime,
  team_a: z.array(matchPlayerSchema),
  team_b: z.array(matchPlayerSchema),
  user_reports: z.array(reportSchema).nullish(),
  penalty_player: textList,
  judge_timeout_count: int.nullish(),
  lobby_id: text,
  host_user_id: text,
  final_result: text,
  vc_a: z.unknown(),
  vc_b: z.unknown(),
  vc_link_a: text,
  vc_link_b: text,
});
export type MatchRow = z.infer<typeof matchRowSchema>;

/** A record row as match_judge writes it (user_id, match_id, pokemon, rate_delta, started_date, winlose). */
export const recordRowSchema = z.object({
  user_id: z.string(),
  match_id: int,
  pokemon: text,
  rate_delta: int,
  started_date: unixTime.nullish(),
  /** 0 lose, 1 win, 2 invalid. */
  winlose: int.nullish(),
});
export type RecordRow = z.infer<typeof recordRowSchema>;

const masterBase = { data_type: z.string(), id: z.string() };
export const settingRowSchema = z.object({ ...masterBase, value: z.unknown() });
export const badgeRowSchema = z.object({
  ...masterBase,
  display: text,
  condition: text,
  price: int.nullish(),
  max_sales: int.nullish(),
  current_sales: int.default(0),
  is_active: z.boolean().nullish(),
});
export const seasonRowSchema = z.object({
  ...masterBase,
  name: z.string(),
  description: text,
  start_date: unixTime,
  end_date: unixTime,
  image_url: text,
  theme_color: text,
  is_active: z.boolean().default(false),
  created_at: unixTime.nullish(),
});
/** Master data rows the import does not use (POKEMON, ROLE): only their keys are read. */
export const otherMasterRowSchema = z.object(masterBase);

export type SettingRow = z.infer<typeof settingRowSchema>;
export type BadgeRow = z.infer<typeof badgeRowSchema>;
export type SeasonRow = z.infer<typeof seasonRowSchema>;
export type MasterRow =
  | ({ kind: 'SETTING' } & SettingRow)
  | ({ kind: 'BADGE' } & BadgeRow)
  | ({ kind: 'SEASON' } & SeasonRow)
  | ({ kind: 'OTHER' } & z.infer<typeof otherMasterRowSchema>);

/** The schema of a master data row by its data_type. */
export function masterSchemaOf(dataType: string) {
  if (dataType === 'SETTING') return settingRowSchema;
  if (dataType === 'BADGE') return badgeRowSchema;
  if (dataType === 'SEASON') return seasonRowSchema;
  return otherMasterRowSchema;
}
