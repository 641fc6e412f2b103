import { plainText } from '../text.ts';
import { VALIDATION_CODES as V, z } from '../validation.ts';
import { unixSecondsSchema } from './common.ts';

// Bringing players together (issue 24): push notifications to installed devices, Discord direct messages and the
// community channel, and the queue's outlook ("when to come").

/**
 * What a player can be notified of. `dispute` also carries what came of a violation report and a refund of rate a
 * team-mate's leaving cost (issue 35): all three are an admin's answer, one choice on the settings screen.
 */
export const NOTIFY_KINDS = [
  'match_found',
  'lobby_set',
  'report_reminder',
  'penalty',
  'dispute',
  'queue_near',
] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

export const NOTIFY_KIND_LABELS: Record<NotifyKind, string> = {
  match_found: 'マッチング成立',
  lobby_set: 'ロビー番号の決定',
  report_reminder: '結果報告の締め切り前',
  penalty: 'ペナルティ・利用停止',
  dispute: '通報・異議申し立ての結果、レートの返還',
  queue_near: 'レートの近いプレイヤーがマッチング待ち',
};

/** Kinds a Discord direct message can carry (the bot's messages stay few). */
export const DISCORD_DM_KINDS = ['match_found', 'dispute', 'queue_near'] as const;
export type DiscordDmKind = (typeof DISCORD_DM_KINDS)[number];

/** Devices one player may subscribe (older ones are replaced beyond this). */
export const PUSH_DEVICES_MAX = 10;
/** Minutes before the report deadline when the reminder is sent. */
export const REPORT_REMINDER_MINUTES = 10;
/** The queue alert: players within the player's window, and its hours (Japan time; 24 = midnight). */
export const NEAR_ALERT_MIN_PLAYERS = { min: 3, max: 9, default: 6 } as const;
export const NEAR_ALERT_DEFAULT_HOURS = { from: 19, to: 24 } as const;

const kindFlags = <K extends string>(kinds: readonly K[]) =>
  z.object(Object.fromEntries(kinds.map((k) => [k, z.boolean(V.NOTIFY_KIND_INVALID)])) as Record<K, z.ZodBoolean>);

export const pushKindsSchema = kindFlags(NOTIFY_KINDS).strict();
export type PushKinds = z.infer<typeof pushKindsSchema>;
export const discordDmKindsSchema = kindFlags(DISCORD_DM_KINDS).strict();
export type DiscordDmKinds = z.infer<typeof discordDmKindsSchema>;

const hour = z.number(V.NEAR_ALERT_HOURS_INVALID).int(V.NEAR_ALERT_HOURS_INVALID);
export const nearAlertSchema = z
  .object({
    enabled: z.boolean(V.FLAG_INVALID),
    min_players: z
      .number(V.NEAR_ALERT_MIN_RANGE)
      .int(V.NEAR_ALERT_MIN_RANGE)
      .min(NEAR_ALERT_MIN_PLAYERS.min, V.NEAR_ALERT_MIN_RANGE)
      .max(NEAR_ALERT_MIN_PLAYERS.max, V.NEAR_ALERT_MIN_RANGE),
    from_hour: hour.min(0, V.NEAR_ALERT_HOURS_INVALID).max(23, V.NEAR_ALERT_HOURS_INVALID),
    to_hour: hour.min(1, V.NEAR_ALERT_HOURS_INVALID).max(24, V.NEAR_ALERT_HOURS_INVALID),
  })
  .strict()
  .refine((a) => a.from_hour !== a.to_hour, { message: V.NEAR_ALERT_HOURS_INVALID, path: ['to_hour'] });
export type NearAlert = z.infer<typeof nearAlertSchema>;

/** A player's choices (PUT /api/notifications/me replaces them; GET returns them with the devices). */
export const notificationPrefsSchema = z
  .object({ push: pushKindsSchema, discord_dm: discordDmKindsSchema, near_alert: nearAlertSchema })
  .strict();
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = {
  push: { match_found: true, lobby_set: true, report_reminder: true, penalty: true, dispute: true, queue_near: true },
  discord_dm: { match_found: false, dispute: false, queue_near: false },
  near_alert: {
    enabled: false,
    min_players: NEAR_ALERT_MIN_PLAYERS.default,
    from_hour: NEAR_ALERT_DEFAULT_HOURS.from,
    to_hour: NEAR_ALERT_DEFAULT_HOURS.to,
  },
};

export const pushDeviceSchema = z.object({
  id: z.string(),
  /** The push service's endpoint: the page compares it with its own subscription to say "this device". */
  endpoint: z.string(),
  label: z.string(),
  created_at: unixSecondsSchema,
  last_sent_at: unixSecondsSchema.nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const notificationSettingsSchema = z.object({
  prefs: notificationPrefsSchema,
  devices: z.array(pushDeviceSchema),
  /** The server's VAPID public key (base64url), for PushManager.subscribe; null when push is off. */
  vapid_public_key: z.string().nullable(),
  /** Direct messages are possible: a bot token is configured and the player signed in with Discord. */
  discord_dm_available: z.boolean(),
  /** The push service said the player's last device was gone (404/410), and none has been added since; or null. */
  devices_lost_at: unixSecondsSchema.nullable(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

const base64url = (max: number) =>
  z
    .string(V.PUSH_KEYS_INVALID)
    .regex(/^[A-Za-z0-9_-]+=*$/, V.PUSH_KEYS_INVALID)
    .max(max, V.PUSH_KEYS_INVALID);

/** POST /api/notifications/push-subscriptions: PushSubscription.toJSON() of this device, and a label. */
export const pushSubscribeSchema = z.object({
  endpoint: z
    .string(V.PUSH_ENDPOINT_INVALID)
    .max(2048, V.PUSH_ENDPOINT_INVALID)
    .regex(/^https?:\/\/[^\s]+$/, V.PUSH_ENDPOINT_INVALID),
  expirationTime: z.number().nullish(),
  keys: z.object({ p256dh: base64url(128), auth: base64url(64) }, V.PUSH_KEYS_INVALID),
  label: plainText(80).optional(),
});
export type PushSubscribe = z.infer<typeof pushSubscribeSchema>;

/** DELETE /api/notifications/push-subscriptions: this device's endpoint. */
export const pushUnsubscribeSchema = z.object({
  endpoint: z.string(V.PUSH_ENDPOINT_INVALID).max(2048, V.PUSH_ENDPOINT_INVALID),
});

/** What a push message carries to the service worker (JSON, encrypted for the device). */
export const pushPayloadSchema = z.object({
  kind: z.enum(NOTIFY_KINDS),
  title: z.string(),
  body: z.string(),
  /** Where tapping the notification goes (a path of this site). */
  url: z.string(),
  /** Notifications with the same tag replace each other (one per match and kind). */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** GET /api/queue/outlook: when to come. */
export const queueOutlookSchema = z.object({
  /** Japan-time hours 0–23 from the recorded waves of the last weeks. */
  by_hour: z.array(
    z.object({
      hour: z.number().int(),
      /** Median players waiting at the hour's waves. */
      typical_queue: z.number(),
      /** Median wait of players matched at that hour (seconds), null without matches. */
      wait_p50_seconds: z.number().nullable(),
      /** Waves recorded at that hour (how much the figures rest on). */
      waves: z.number().int(),
    }),
  ),
  /** The next wave's time (unix seconds), null when matching hours are closed and no season is active. */
  next_wave_at: unixSecondsSchema.nullable(),
  total_waiting: z.number().int(),
  /** Signed in: players waiting within the player's matching window (not counting the player). */
  near_waiting: z.number().int().nullable(),
});
export type QueueOutlook = z.infer<typeof queueOutlookSchema>;

// The community's Discord channel (admin).

export const DISCORD_ANNOUNCE_KINDS = ['queue', 'season', 'announcement'] as const;
export type DiscordAnnounceKind = (typeof DISCORD_ANNOUNCE_KINDS)[number];
export const DISCORD_ANNOUNCE_KIND_LABELS: Record<DiscordAnnounceKind, string> = {
  queue: 'マッチング待ちの人数（マッチング時間中）',
  season: 'シーズンの開始と終了（上位10人）',
  announcement: 'お知らせの更新',
};
/** Queue sizes that are announced, and the minimum time between two queue announcements. */
export const DISCORD_QUEUE_THRESHOLDS = [5, 7, 9] as const;
export const DISCORD_QUEUE_COOLDOWN_MINUTES = 20;

export const DISCORD_WEBHOOK_URL_PATTERN =
  /^https:\/\/(?:(?:canary|ptb)\.)?discord(?:app)?\.com\/api\/(?:v\d+\/)?webhooks\/(\d{15,25})\/([A-Za-z0-9_-]{20,100})$/;

export const discordSettingsUpdateSchema = z
  .object({
    /** The full webhook URL; '' removes it; omitted keeps the stored one (the page only ever sees it masked). */
    webhook_url: z
      .string(V.DISCORD_WEBHOOK_URL_INVALID)
      .trim()
      .refine((v) => v === '' || DISCORD_WEBHOOK_URL_PATTERN.test(v), V.DISCORD_WEBHOOK_URL_INVALID)
      .optional(),
    kinds: kindFlags(DISCORD_ANNOUNCE_KINDS).strict(),
  })
  .strict();
export type DiscordSettingsUpdate = z.infer<typeof discordSettingsUpdateSchema>;

export const discordSettingsSchema = z.object({
  /** The webhook URL with its token masked (…/webhooks/<id>/abcd••••), or null when none is set. */
  webhook_url_masked: z.string().nullable(),
  kinds: kindFlags(DISCORD_ANNOUNCE_KINDS),
  /** DISCORD_BOT_TOKEN is set: direct messages to opted-in players are possible. */
  bot_configured: z.boolean(),
  /** The latest deliveries to the channel, newest first (the admin's test messages among them). */
  recent: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum([...DISCORD_ANNOUNCE_KINDS, 'test']),
      content: z.string(),
      status: z.enum(['pending', 'sent', 'failed']),
      /** Why the last try failed (Discord's status and code, never the URL), or null. */
      error: z.string().nullable(),
      created_at: unixSecondsSchema,
    }),
  ),
});
export type DiscordSettings = z.infer<typeof discordSettingsSchema>;
/** How many deliveries the admin's Discord section lists. */
export const DISCORD_RECENT_LIMIT = 20;
