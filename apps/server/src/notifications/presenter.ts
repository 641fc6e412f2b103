import type { NotificationPrefs, NotificationSettings, PushDevice } from '@rankmatch/shared';
import type { SubscriptionRow } from './subscriptions.ts';

export function presentDevice(row: SubscriptionRow): PushDevice {
  return {
    id: String(row.id),
    endpoint: row.endpoint,
    label: row.label,
    created_at: row.createdAt,
    last_sent_at: row.lastSentAt,
  };
}

export function presentSettings(input: {
  prefs: NotificationPrefs;
  devices: readonly SubscriptionRow[];
  vapidPublicKey: string | null;
  discordDmAvailable: boolean;
  devicesLostAt: number | null;
}): NotificationSettings {
  return {
    prefs: input.prefs,
    devices: input.devices.map(presentDevice),
    devices_lost_at: input.devicesLostAt,
    vapid_public_key: input.vapidPublicKey,
    discord_dm_available: input.discordDmAvailable,
  };
}
