import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Times are unix seconds (bigint, read as JS numbers), as the API replies with them.
const unix = (name: string) => bigint(name, { mode: 'number' });
const nowUnix = sql`(extract(epoch from now()))::bigint`;

/** A player. Static profile fields, account flags and penalties; per-season numbers live in season_stats. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** 'discord|<id>' or 'dummy|<id>' */
    authSub: text('auth_sub').notNull(),
    isDummy: boolean('is_dummy').notNull().default(false),
    discordUsername: text('discord_username').notNull().default(''),
    discordAvatarUrl: text('discord_avatar_url').notNull().default(''),
    trainerName: text('trainer_name').notNull().default(''),
    twitterId: text('twitter_id').notNull().default(''),
    bio: text('bio').notNull().default(''),
    favoritePokemon: jsonb('favorite_pokemon').$type<string[]>().notNull().default([]),
    currentBadge: text('current_badge'),
    currentBadge2: text('current_badge_2'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isBanned: boolean('is_banned').notNull().default(false),
    /** The rate the player starts each season with (1500; test accounts may be created with another). */
    startRate: integer('start_rate').notNull().default(1500),
    /** Role a test account prefers (test accounts only). */
    preferredRole: text('preferred_role'),
    penaltyCount: integer('penalty_count').notNull().default(0),
    penaltyCorrection: integer('penalty_correction').notNull().default(0),
    penaltyTimeoutUntil: unix('penalty_timeout_until'),
    lastPenaltyAt: unix('last_penalty_at'),
    matchesSincePenalty: integer('matches_since_penalty').notNull().default(0),
    createdAt: unix('created_at').notNull().default(nowUnix),
    updatedAt: unix('updated_at').notNull().default(nowUnix),
  },
  (t) => [index('users_trainer_name_idx').on(t.trainerName), index('users_discord_username_idx').on(t.discordUsername)],
);

/** Server-side sessions behind our access tokens; logout revokes. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    /** The signed-in identity (Discord or test-account id). Not a foreign key: an identity may have no user record yet. */
    userId: text('user_id').notNull(),
    isDummy: boolean('is_dummy').notNull().default(false),
    createdAt: unix('created_at').notNull(),
    expiresAt: unix('expires_at').notNull(),
    revokedAt: unix('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time OAuth state with its PKCE verifier (10 minutes). */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  returnTo: text('return_to').notNull(),
  expiresAt: unix('expires_at').notNull(),
});

/** Discord tokens, kept to refresh name and avatar. Never leaves the server. */
export const discordCredentials = pgTable('discord_credentials', {
  userId: text('user_id').primaryKey(),
  /** The Discord profile last read, so a user record can be (re)created for the identity. */
  profile: jsonb('profile').$type<{ username: string; global_name: string | null; avatar: string | null }>().notNull(),
  accessToken: text('access_token').notNull(),
  refreshToken: text('refresh_token'),
  expiresAt: unix('expires_at').notNull(),
  updatedAt: unix('updated_at').notNull(),
});

/** Site settings (id, value): rules_content, announcement_content, lobby timeouts. */
export const settings = pgTable('settings', {
  id: text('id').primaryKey(),
  value: text('value').notNull(),
  updatedAt: unix('updated_at').notNull().default(nowUnix),
  updatedBy: text('updated_by'),
});

/** The live part of the bundled badge catalogue. */
export const badges = pgTable('badges', {
  id: text('id').primaryKey(),
  isActive: boolean('is_active').notNull().default(true),
  currentSales: integer('current_sales').notNull().default(0),
});

export const userBadges = pgTable(
  'user_badges',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badgeId: text('badge_id')
      .notNull()
      .references(() => badges.id),
    /** award | purchase | earned | seed */
    source: text('source').notNull(),
    acquiredAt: unix('acquired_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.badgeId] })],
);

export const seasons = pgTable(
  'seasons',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    startDate: unix('start_date').notNull(),
    endDate: unix('end_date').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    themeColor: text('theme_color').notNull().default('#ff6b35'),
    isActive: boolean('is_active').notNull().default(false),
    createdAt: unix('created_at').notNull().default(nowUnix),
  },
  // At most one active season, enforced by the database.
  (t) => [uniqueIndex('seasons_one_active').on(t.isActive).where(sql`${t.isActive}`)],
);

/** A player's numbers in one season. The profile's dynamic part is the active season's row. */
export const seasonStats = pgTable(
  'season_stats',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seasonId: text('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    rate: integer('rate').notNull(),
    maxRate: integer('max_rate').notNull(),
    matchCount: integer('match_count').notNull().default(0),
    winCount: integer('win_count').notNull().default(0),
    /** When max_rate was reached: the last tie-break of the ranking. */
    maxRateAt: unix('max_rate_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.seasonId] }), index('season_stats_season_idx').on(t.seasonId, t.maxRate)],
);

/** The ranking job's output: one row per season, replaced on each run. Every instance serves the same list. */
export const rankingSnapshots = pgTable('ranking_snapshots', {
  seasonId: text('season_id')
    .primaryKey()
    .references(() => seasons.id, { onDelete: 'cascade' }),
  entries: jsonb('entries').notNull(),
  computedAt: unix('computed_at').notNull(),
});

/** Every admin write: who, what, target, before/after, when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: text('actor_id').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: unix('created_at').notNull(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

export const schema = {
  users,
  sessions,
  oauthStates,
  discordCredentials,
  settings,
  badges,
  userBadges,
  seasons,
  seasonStats,
  rankingSnapshots,
  auditLog,
};
