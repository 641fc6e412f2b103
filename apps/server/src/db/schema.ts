import type { DiscordAnnounceKind, NotificationPrefs, SeasonAwardMap } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
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
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

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
    /** The player asked to delete their account (deletion/): it is deleted a grace period later unless cancelled. */
    deletionRequestedAt: unix('deletion_requested_at'),
    /** The account was deleted: this row is its anonymised remainder (a new id, no Discord binding). */
    deletedAt: unix('deleted_at'),
  },
  (t) => [
    index('users_trainer_name_idx').on(t.trainerName),
    index('users_discord_username_idx').on(t.discordUsername),
    // The deletion job's look-up: the few accounts waiting out their grace period.
    index('users_deletion_due_idx')
      .on(t.deletionRequestedAt)
      .where(sql`${t.deletionRequestedAt} is not null and ${t.deletedAt} is null`),
  ],
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

/** The live part of the bundled badge catalogue (an admin may change a shop badge's price and stock). */
export const badges = pgTable('badges', {
  id: text('id').primaryKey(),
  isActive: boolean('is_active').notNull().default(true),
  currentSales: integer('current_sales').notNull().default(0),
  /** Overrides of the catalogue's price and max_sales (null: the catalogue's). */
  price: integer('price'),
  maxSales: integer('max_sales'),
});

/**
 * Badge purchases. Keyed by our id (created before the provider's session, so the stock unit is reserved first);
 * the provider's session id is unique. pending (reserves a unit until expires_at) → paid → fulfilled, or expired /
 * failed; fulfilled → refunded.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    badgeId: text('badge_id')
      .notNull()
      .references(() => badges.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    checkoutUrl: text('checkout_url'),
    paymentIntent: text('payment_intent'),
    /** Why a paid order could not be fulfilled. */
    problem: text('problem'),
    createdAt: unix('created_at').notNull(),
    expiresAt: unix('expires_at').notNull(),
    paidAt: unix('paid_at'),
    fulfilledAt: unix('fulfilled_at'),
    refundedAt: unix('refunded_at'),
    updatedAt: unix('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('orders_session_idx').on(t.sessionId),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_badge_status_idx').on(t.badgeId, t.status),
    index('orders_payment_intent_idx').on(t.paymentIntent),
  ],
);

/** The built-in test payment's own sessions (it plays the provider when no Stripe key is configured). */
export const testPayments = pgTable('test_payments', {
  id: text('id').primaryKey(),
  orderId: text('order_id').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  /** open | complete | expired */
  status: text('status').notNull(),
  /** unpaid | paid */
  paymentStatus: text('payment_status').notNull(),
  paymentIntent: text('payment_intent').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  createdAt: unix('created_at').notNull(),
  expiresAt: unix('expires_at').notNull(),
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
    /** admin | season | achievement | purchase | seed (see grantBadges) */
    source: text('source').notNull(),
    /** Why: the season id, achievement id, order id or admin id behind the grant. */
    reference: text('reference'),
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
    /** Which catalogue badge each reward tier gives (null: the catalogue's entries for the season's number). */
    awards: jsonb('awards').$type<SeasonAwardMap>(),
    /** The season end began (by its date, an admin, or another season's activation); it finishes at ended_at. */
    endingStartedAt: unix('ending_started_at'),
    endedAt: unix('ended_at'),
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

/**
 * The hidden matchmaking rating (MMR) of every player who has played a rated match: a belief N(mu, sigma²) about their
 * skill on the rate's scale, carried across seasons (engine rating/mmr.ts). Written by settlement and result
 * corrections only; season_id is the season of the last match it includes (a match of another season widens sigma).
 */
export const playerMmr = pgTable('player_mmr', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mu: doublePrecision('mu').notNull(),
  sigma: doublePrecision('sigma').notNull(),
  seasonId: text('season_id').notNull(),
  updatedAt: unix('updated_at').notNull(),
});

/** The frozen result of an ended season for every player who played it (written once by the season end). */
export const seasonRecords = pgTable(
  'season_records',
  {
    seasonId: text('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    finalRate: integer('final_rate').notNull(),
    maxRate: integer('max_rate').notNull(),
    /** Place in the season's final ranking order (null: not ranked, e.g. banned). */
    finalRank: integer('final_rank'),
    totalMatches: integer('total_matches').notNull(),
    wins: integer('wins').notNull(),
    /** Effective penalty when the season ended (the gold licence needs 0). */
    effectivePenalty: integer('effective_penalty').notNull(),
  },
  (t) => [primaryKey({ columns: [t.seasonId, t.userId] }), index('season_records_user_idx').on(t.userId)],
);

/** The badges a season end handed out, by tier (the season tab's summary and the player's past seasons). */
export const seasonAwards = pgTable(
  'season_awards',
  {
    seasonId: text('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** rank_1 | rank_2 | rank_3 | top_10 | top_100 | matches | gold_licence */
    tier: text('tier').notNull(),
    badgeId: text('badge_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.seasonId, t.userId, t.tier] })],
);

/** Achievements a player reached (with or without a badge). Keys name the season where they are per season. */
export const userAchievements = pgTable(
  'user_achievements',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** e.g. first_win, role_wins:TOP_LANE, matches:100@<season>, gold_licence@<season> */
    key: text('key').notNull(),
    achievementId: text('achievement_id').notNull(),
    seasonId: text('season_id'),
    badgeId: text('badge_id'),
    earnedAt: unix('earned_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('user_achievements_earned_idx').on(t.userId, t.earnedAt)],
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
    /** The open ready check that holds this entry (waves skip it); cleared when the check fails for a ready player. */
    readyCheckId: bigint('ready_check_id', { mode: 'number' }),
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
    /** P(team A wins) by the players' MMR (μ and σ) when the wave made the match; null for older matches. */
    predictedA: doublePrecision('predicted_a'),
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
    /** The MMR the match was rated from (set when it settles; a correction re-rates from it). */
    mmrMu: doublePrecision('mmr_mu'),
    mmrSigma: doublePrecision('mmr_sigma'),
    /** Set when an admin gave this player back what the match cost them (a teammate left or stayed AFK). */
    refundedAt: unix('refunded_at'),
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
    /** Why the named player was reported ('' when nobody is named): shared VIOLATION_REASONS. */
    violationReason: text('violation_reason').notNull().default(''),
    violationNote: text('violation_note').notNull().default(''),
    /** The reporter's screenshot (trust/evidence.ts). */
    evidenceId: bigint('evidence_id', { mode: 'number' }).references(() => evidence.id, { onDelete: 'set null' }),
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
    /** The scheduled turn (unix seconds) of a scheduled wave; null for a wave an admin triggered. */
    slot: unix('slot'),
    /** The entries the engine was given and left waiting, as given (what the wave decided not to match). */
    missed: jsonb('missed'),
  },
  (t) => [index('wave_runs_ran_idx').on(t.ranAt)],
);

/**
 * Each scheduled turn of a locked job, claimed by the instance that runs it, so that a turn runs once across
 * instances. Owned by jobs/ (the scheduler claims, the prune job drops old turns).
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    /** The turn's scheduled minute (unix seconds). */
    slot: unix('slot').notNull(),
    instance: text('instance').notNull(),
    claimedAt: unix('claimed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot] })],
);

/**
 * The statistics of a season, folded so far (the stats job adds the settled matches not yet in stats_folded in
 * batches); an instance's snapshot starts from it and adds only the rest. Owned by stats/.
 */
export const statsSnapshots = pgTable('stats_snapshots', {
  seasonId: text('season_id')
    .primaryKey()
    .references(() => seasons.id, { onDelete: 'cascade' }),
  /** The engine's SeasonCounts. */
  counts: jsonb('counts').notNull(),
  matchCount: integer('match_count').notNull().default(0),
  updatedAt: unix('updated_at').notNull(),
});

/** The matches counted in stats_snapshots (each exactly once). */
export const statsFolded = pgTable(
  'stats_folded',
  {
    seasonId: text('season_id')
      .notNull()
      .references(() => statsSnapshots.seasonId, { onDelete: 'cascade' }),
    matchId: bigint('match_id', { mode: 'number' })
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.seasonId, t.matchId] })],
);

export const schema = {
  users,
  sessions,
  oauthStates,
  discordCredentials,
  settings,
  badges,
  userBadges,
  orders,
  testPayments,
  seasons,
  seasonStats,
  rankingSnapshots,
  seasonRecords,
  seasonAwards,
  userAchievements,
  auditLog,
  queueEntries,
  matches,
  matchPlayers,
  matchReports,
  waveRuns,
  statsSnapshots,
  statsFolded,
};

/** A device that receives push notifications (one Web Push subscription). Removed on 404/410, logout and ban. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session that subscribed: its logout removes the device. */
    sessionId: text('session_id'),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    label: text('label').notNull().default(''),
    createdAt: unix('created_at').notNull(),
    lastSentAt: unix('last_sent_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** A player's notification choices (push kinds, Discord DMs, the queue alert); no row = the defaults. */
export const notificationPrefs = pgTable('notification_prefs', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  prefs: jsonb('prefs').$type<NotificationPrefs>().notNull(),
  /** The last queue alert sent (at most one per evening). */
  lastNearAlertAt: unix('last_near_alert_at'),
  /** When the push service said the player's last device was gone (404/410): my page tells them. */
  devicesLostAt: unix('devices_lost_at'),
  updatedAt: unix('updated_at').notNull(),
});

/**
 * Every notification to deliver, once: a push to one device, a Discord DM to one player, a message to the community
 * channel. (event_key, channel, target) is unique, so the same event never reaches the same device twice; a worker
 * claims due rows (SKIP LOCKED: one instance each) and sends them outside any request or wave.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventKey: text('event_key').notNull(),
    /** 'push' | 'discord_dm' | 'discord_channel' */
    channel: text('channel').notNull(),
    /** The subscription id (push), the user id (discord_dm) or the announcement kind (discord_channel). */
    target: text('target').notNull(),
    userId: text('user_id'),
    payload: jsonb('payload').notNull(),
    /** 'pending' | 'sending' | 'sent' | 'failed' | 'gone' */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: unix('next_attempt_at').notNull(),
    lastError: text('last_error'),
    createdAt: unix('created_at').notNull(),
    sentAt: unix('sent_at'),
  },
  (t) => [
    uniqueIndex('notification_outbox_event_idx').on(t.eventKey, t.channel, t.target),
    index('notification_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('notification_outbox_created_idx').on(t.createdAt),
  ],
);

/** The community's Discord channel (one row, id 1): the webhook (a secret: replies mask it) and the kinds announced. */
export const discordSettings = pgTable('discord_settings', {
  id: integer('id').primaryKey(),
  webhookUrl: text('webhook_url').notNull().default(''),
  kinds: jsonb('kinds').$type<Record<DiscordAnnounceKind, boolean>>().notNull(),
  updatedAt: unix('updated_at').notNull(),
  updatedBy: text('updated_by').notNull(),
});

/**
 * A screenshot a player sent with a violation report or a dispute, decoded and re-encoded (WebP, metadata stripped,
 * at most 1920 px): kept in the database so every instance serves it. Shown only to its uploader and admins.
 */
export const evidence = pgTable(
  'evidence',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uploaderId: text('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    matchId: bigint('match_id', { mode: 'number' })
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    data: bytea('data').notNull(),
    createdAt: unix('created_at').notNull(),
  },
  (t) => [
    index('evidence_match_idx').on(t.matchId, t.uploaderId),
    index('evidence_uploader_idx').on(t.uploaderId, t.createdAt),
  ],
);

/** A player's contest of a settled result (one per player and match), resolved by an admin's case action. */
export const disputes = pgTable(
  'disputes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    matchId: bigint('match_id', { mode: 'number' })
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    evidenceId: bigint('evidence_id', { mode: 'number' }).references(() => evidence.id, { onDelete: 'set null' }),
    /** 'open' | 'upheld' | 'corrected' | 'voided' */
    status: text('status').notNull().default('open'),
    createdAt: unix('created_at').notNull(),
    resolvedAt: unix('resolved_at'),
    resolvedBy: text('resolved_by'),
    resolutionNote: text('resolution_note').notNull().default(''),
  },
  (t) => [uniqueIndex('disputes_match_user_idx').on(t.matchId, t.userId)],
);

/**
 * What needs an admin's look (the 通報・異議 tab): a dispute, a contradicted or held match, a player over the
 * violations threshold, a lone dissenter, an opposing pair. `key` names the subject (one open case per key).
 */
export const moderationCases = pgTable(
  'moderation_cases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    status: text('status').notNull().default('open'),
    severity: integer('severity').notNull(),
    matchId: bigint('match_id', { mode: 'number' }).references(() => matches.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    otherUserId: text('other_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The numbers that raised it (shown as the list's line). */
    details: jsonb('details').$type<Record<string, number | string | string[]>>().notNull().default({}),
    openedAt: unix('opened_at').notNull(),
    closedAt: unix('closed_at'),
    closedBy: text('closed_by'),
    action: text('action'),
    note: text('note').notNull().default(''),
    /** When the players whose report or dispute opened it were told it was closed (once per case). */
    reportersToldAt: unix('reporters_told_at'),
  },
  (t) => [
    uniqueIndex('moderation_cases_open_key_idx').on(t.key).where(sql`${t.status} = 'open'`),
    index('moderation_cases_status_idx').on(t.status, t.severity, t.openedAt),
  ],
);

/** An admin's warning to a player (a case action), shown to the player once. */
export const warnings = pgTable(
  'warnings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    caseId: bigint('case_id', { mode: 'number' }).references(() => moderationCases.id, { onDelete: 'set null' }),
    matchId: bigint('match_id', { mode: 'number' }),
    reason: text('reason').notNull(),
    createdAt: unix('created_at').notNull(),
    createdBy: text('created_by').notNull(),
    seenAt: unix('seen_at'),
  },
  (t) => [index('warnings_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A player's avoid list (the queue join's `blocking`): players they do not want in their match, at most
 * AVOID_LIST_MAX. Never shown to the avoided player.
 */
export const playerAvoids = pgTable(
  'player_avoids',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    avoidedUserId: text('avoided_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: unix('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.avoidedUserId] }), index('player_avoids_avoided_idx').on(t.avoidedUserId)],
);

/**
 * Every refit of the MMR's parameters (issue 33), applied or not: the season end's (one per ended season) and the
 * admins'. The applied ones form the timeline of parameters: a match is rated by the parameters of the latest
 * applied refit whose `effective_from` is at or before the match was made (none: the configuration's).
 */
export const ratingRefits = pgTable(
  'rating_refits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** season_end or admin. */
    trigger: text('trigger').notNull(),
    /** The ended season a season_end refit followed. */
    seasonId: text('season_id'),
    actorId: text('actor_id').notNull(),
    createdAt: unix('created_at').notNull(),
    applied: boolean('applied').notNull(),
    /** Set when applied: matches made from then on are rated with `params`. */
    effectiveFrom: unix('effective_from'),
    /** The fitted parameters (MmrConfig). */
    params: jsonb('params').$type<Record<string, number>>().notNull(),
    /** The refit's report: matches read, log-loss before and after, the decision. */
    report: jsonb('report').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    uniqueIndex('rating_refits_one_per_season').on(t.seasonId).where(sql`${t.trigger} = 'season_end'`),
    index('rating_refits_applied_idx').on(t.effectiveFrom).where(sql`${t.applied}`),
  ],
);

/** How far the trust scan has looked at closed matches (one row, id 1): matches close in id order. */
export const trustScan = pgTable('trust_scan', {
  id: integer('id').primaryKey(),
  lastMatchId: bigint('last_match_id', { mode: 'number' }).notNull(),
  updatedAt: unix('updated_at').notNull(),
});

/**
 * A matching suspension: the player may sign in and see their pages but not queue until `ends_at` (an admin's
 * sanction, or the ready check's escalating timeout for a player who did not answer). Lifting keeps the row.
 */
export const suspensions = pgTable(
  'suspensions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** admin | ready_check */
    kind: text('kind').notNull(),
    /** Shown to the player. */
    reason: text('reason').notNull(),
    caseId: bigint('case_id', { mode: 'number' }).references(() => moderationCases.id, { onDelete: 'set null' }),
    startsAt: unix('starts_at').notNull(),
    endsAt: unix('ends_at').notNull(),
    /** The admin's id; null for the site's own (the ready check). */
    createdBy: text('created_by'),
    liftedAt: unix('lifted_at'),
    liftedBy: text('lifted_by'),
  },
  (t) => [index('suspensions_user_idx').on(t.userId, t.endsAt)],
);

/**
 * A wave's proposed match waiting for its ten players to press 準備完了: open → started (the match is made, match_id)
 * or failed (someone did not answer by the deadline). `plan` is the match as the wave made it.
 */
export const readyChecks = pgTable(
  'ready_checks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    seasonId: text('season_id')
      .notNull()
      .references(() => seasons.id),
    waveId: integer('wave_id'),
    status: text('status').notNull().default('open'),
    openedAt: unix('opened_at').notNull(),
    deadlineAt: unix('deadline_at').notNull(),
    closedAt: unix('closed_at'),
    matchId: bigint('match_id', { mode: 'number' }),
    plan: jsonb('plan').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('ready_checks_open_idx').on(t.status, t.deadlineAt)],
);

/** The ten players of a ready check and when each pressed 準備完了 (null: not yet, or never). */
export const readyCheckPlayers = pgTable(
  'ready_check_players',
  {
    readyCheckId: bigint('ready_check_id', { mode: 'number' })
      .notNull()
      .references(() => readyChecks.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readyAt: unix('ready_at'),
    /** True while the check is open: a player is in one open check at most. */
    isOpen: boolean('is_open').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.readyCheckId, t.userId] }),
    uniqueIndex('ready_check_players_one_open').on(t.userId).where(sql`${t.isOpen}`),
    index('ready_check_players_user_idx').on(t.userId, t.readyCheckId),
  ],
);
