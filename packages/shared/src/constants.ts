// Business constants and limits (spec player side §9, admin side §9). Defined once; server and web import them.

export const INITIAL_RATE = 1500;
/** A season rate with fewer rated matches than this is shown as provisional (暫定): it is still finding its level. */
export const PROVISIONAL_MATCHES = 10;
/** Whether a season rate after `matchCount` rated matches is provisional. */
export const isProvisional = (matchCount: number): boolean => matchCount < PROVISIONAL_MATCHES;
/** The spec's special test id that logs in with rate 1800. */
export const SPECIAL_TEST_USER_ID = 'dummy_special';
export const SPECIAL_TEST_RATE = 1800;

export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
export const OAUTH_STATE_LIFETIME_SECONDS = 10 * 60;

export const PROFILE_CACHE_STATIC_MS = 24 * 60 * 60 * 1000;
export const PROFILE_CACHE_DYNAMIC_MS = 5 * 60 * 1000;

export const TRAINER_NAME_MAX = 32;
export const TWITTER_ID_MAX = 15;
export const BIO_MAX = 200;
export const FAVORITE_POKEMON_MAX = 3;

export const PENALTY_BLOCK_THRESHOLD = 6;

/** Season rewards and achievements (spec §9): the gold licence needs 50 matches; role achievements 30 wins. */
export const GOLD_LICENCE_MATCHES = 50;
export const ROLE_WINS_TARGET = 30;

export const TEAM_SIZE = 5;
export const MATCH_SIZE = TEAM_SIZE * 2;
export const REPORTS_NEEDED = 2;
export const RANKING_SIZE = 100;
export const RECENT_HISTORY_SIZE = 10;
export const MATCHING_INTERVAL_SECONDS = 120;

export const LOBBY_CREATE_TIMEOUT = { default: 150, min: 60, max: 300 } as const;
export const LOBBY_JOIN_TIMEOUT = { default: 250, min: 60, max: 600 } as const;
/** The ready check's time to press 準備完了, seconds (0 = no ready check: a wave makes its matches at once). */
export const READY_CHECK_SECONDS = { default: 60, min: 20, max: 180 } as const;
/**
 * The matching timeout, minutes, of a player who did not press 準備完了, by how many times that happened within
 * READY_NO_SHOW_WINDOW_DAYS (this one included): the 1st a warning only (0), the 2nd 5, the 3rd 15, the 4th and later
 * the last step (60).
 */
export const READY_NO_SHOW_TIMEOUT_MINUTES = [0, 5, 15, 60] as const;
/** The days over which no-shows of ready checks are counted toward the next step. */
export const READY_NO_SHOW_WINDOW_DAYS = 7;
/** The matching timeout in minutes (0: a warning only) of a player's nth no-show (1-based) within the window. */
export const noShowTimeoutMinutes = (misses: number): number =>
  misses < 1 ? 0 : (READY_NO_SHOW_TIMEOUT_MINUTES[Math.min(misses, READY_NO_SHOW_TIMEOUT_MINUTES.length) - 1] ?? 0);
/**
 * GET /api/queue/ready-check keeps showing a closed check this long: a player who missed the push (a tab asleep, a
 * phone off the network for a few minutes) still learns on their return why they are out of the queue.
 */
export const READY_CHECK_SHOWN_SECONDS = 15 * 60;
export const MARKDOWN_SETTING_MAX = 20_000;

export const ADMIN_SEARCH_LIMIT = 20;
export const DEFAULT_THEME_COLOR = '#ff6b35';

/** Player roles in a match (spec §6). */
export const ROLES = ['TOP_LANE', 'MIDDLE', 'BOTTOM_LANE', 'SUPPORT', 'TANK'] as const;
export type Role = (typeof ROLES)[number];

/** Battle types of characters (roster `type`). */
export const BATTLE_TYPES = ['アタック', 'スピード', 'バランス', 'ディフェンス', 'サポート'] as const;
export type BattleType = (typeof BATTLE_TYPES)[number];

export const BADGE_TYPES = ['basic', 'gradient', 'image'] as const;
export type BadgeType = (typeof BADGE_TYPES)[number];
export const BADGE_PRICES = [0, 100, 500, 1000, 1500, 5000, 10000] as const;
/** Condition texts with a meaning (spec §3 Badge). */
export const BADGE_CONDITION_NOT_PURCHASABLE = '現在購入不可';
export const BADGE_CONDITION_SHOP = '支援ページから購入可能';

/** HTTP request body limit. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** My page's data download: at most this many per player per hour (each reads every table about them). */
export const PERSONAL_DATA_DOWNLOADS_PER_HOUR = 5;

/** An account deletion waits this many days after the request; signing in and cancelling within them keeps it. */
export const ACCOUNT_DELETION_GRACE_DAYS = 7;
export const ACCOUNT_DELETION_GRACE_SECONDS = ACCOUNT_DELETION_GRACE_DAYS * 86_400;
/** When a deletion requested at `requestedAt` (unix seconds) is carried out. */
export const deletionDueAt = (requestedAt: number) => requestedAt + ACCOUNT_DELETION_GRACE_SECONDS;
/** Requests and cancellations of a deletion, together, per player per hour (each is audited). */
export const ACCOUNT_DELETION_CHANGES_PER_HOUR = 5;
/** The name every page shows for a deleted account (its matches stay in other players' history). */
export const DELETED_PLAYER_NAME = '退会したプレイヤー';
/** Orders of a deleted account are kept this long as records of sales (帳簿書類の保存: tax law's 7 years). */
export const ORDER_RECORD_RETENTION_YEARS = 7;

/**
 * マッチングを避けるプレイヤー (the queue join's `blocking`): a player lists at most this many players they do not want
 * in their match, on either team.
 */
export const AVOID_LIST_MAX = 10;
/**
 * The avoid list yields once the avoiding or the avoided player has missed this many waves (3 waves, 6 minutes): the
 * list never keeps anybody waiting longer than that.
 */
export const AVOID_YIELD_AFTER_WAVES = 3;
/** Additions and removals of the avoid list, together, per player per hour. */
export const AVOID_LIST_CHANGES_PER_HOUR = 30;
/** Trainer-name searches (the avoid list's form) per player per minute, and the players one search shows. */
export const PLAYER_SEARCHES_PER_MINUTE = 20;
export const PLAYER_SEARCH_RESULTS = 10;

/** A violation report's or a dispute's note (characters as people count them). */
export const TRUST_NOTE_MAX = 200;
/** The reason an admin gives a player for a matching suspension or a warning (shown to the player). */
export const SANCTION_REASON_MAX = 200;
/** A screenshot's largest upload (megabytes). */
export const EVIDENCE_MAX_MB = 5;
