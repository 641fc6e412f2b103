import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
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

/** Players waiting for a wave. One entry per player: joining again updates the preferences. */
export const queueEntries = pgTable(
  'queue_entries',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    deckType: text('deck_type'),
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    joinedAt: unix('joined_at').notNull(),
    wavesMissed: integer('waves_missed').notNull().default(0),
  },
  (t) => [index('queue_entries_joined_idx').on(t.joinedAt)],
);

/** A match a wave created. status: matched (in progress) → done (settled). */
export const matches = pgTable(
  'matches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    seasonId: text('season_id')
      .notNull()
      .references(() => seasons.id),
    waveId: integer('wave_id'),
    status: text('status').notNull().default('matched'),
    matchedAt: unix('matched_at').notNull(),
    startedAt: unix('started_at').notNull(),
    lobbyId: text('lobby_id'),
    hostUserId: text('host_user_id').notNull(),
    firstAttack: text('first_attack').notNull(),
    teamGap: doublePrecision('team_gap').notNull(),
    ratingSpread: integer('rating_spread').notNull(),
    winner: text('winner'),
    settledAt: unix('settled_at'),
    /** Why it settled: consensus, deadline_majority, deadline_no_majority or no_reports. */
    settleReason: text('settle_reason'),
    /** Violation reports are tallied once, when the report window closes. */
    penaltiesProcessed: boolean('penalties_processed').notNull().default(false),
    penaltyUserIds: jsonb('penalty_user_ids').$type<string[]>().notNull().default([]),
  },
  (t) => [index('matches_status_idx').on(t.status)],
);

/** The ten players of a match. `isOpen` marks a player's match in progress. */
export const matchPlayers = pgTable(
  'match_players',
  {
    matchId: bigint('match_id', { mode: 'number' })
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    team: text('team').notNull(),
    /** 0–4 within the team, in role order. */
    slot: integer('slot').notNull(),
    role: text('role').notNull(),
    rateBefore: integer('rate_before').notNull(),
    deckType: text('deck_type'),
    waitSeconds: integer('wait_seconds').notNull(),
    isOpen: boolean('is_open').notNull().default(true),
    /** Set when the match settles (equal to rate_before for an invalid match). */
    rateAfter: integer('rate_after'),
    rateDelta: integer('rate_delta'),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.userId] }),
    // A player can never be in two open matches, even if two waves raced.
    uniqueIndex('match_players_one_open').on(t.userId).where(sql`${t.isOpen}`),
    // A player's history, newest first.
    index('match_players_user_idx').on(t.userId, t.matchId),
  ],
);

/** One result report per player and match; a correction replaces it until the match settles. */
export const matchReports = pgTable(
  'match_reports',
  {
    matchId: bigint('match_id', { mode: 'number' })
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    team: text('team').notNull(),
    result: text('result').notNull(),
    bannedPokemon: text('banned_pokemon').notNull(),
    pickedPokemon: text('picked_pokemon').notNull(),
    pokemonMove1: text('pokemon_move1').notNull(),
    pokemonMove2: text('pokemon_move2').notNull(),
    violationReport: text('violation_report').notNull(),
    reportedAt: unix('reported_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.userId] })],
);

/** What each wave did (lichess-style metrics). */
export const waveRuns = pgTable(
  'wave_runs',
  {
    id: serial('id').primaryKey(),
    ranAt: unix('ran_at').notNull(),
    candidates: integer('candidates').notNull(),
    matched: integer('matched').notNull(),
    leftWaiting: integer('left_waiting').notNull(),
    matchCount: integer('match_count').notNull(),
    averageWaitSeconds: doublePrecision('average_wait_seconds'),
    metrics: jsonb('metrics').notNull(),
  },
  (t) => [index('wave_runs_ran_idx').on(t.ranAt)],
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
  queueEntries,
  matches,
  matchPlayers,
  matchReports,
  waveRuns,
};
