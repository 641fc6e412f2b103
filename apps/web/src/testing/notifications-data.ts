import {
  DEFAULT_NOTIFICATION_PREFS,
  type NotificationSettings,
  type PushDevice,
  type QueueOutlook,
} from '@rankmatch/shared';

// Test data of issue 24: notification settings, push devices, the queue's outlook.

/** A VAPID public key as the server hands it out (base64url of an uncompressed P-256 point, 65 bytes). */
export const TEST_VAPID_KEY = 'BFOj1RdnEzzqycGvnoWFgDQtwnYaHjkuyruM6brw1XZv6QlD1Orng5TBJ99p-DEEcnh4YIdf8gzHwSbCm_z_sps';

export function buildNotificationSettings(overrides: Partial<NotificationSettings> = {}): NotificationSettings {
  return {
    prefs: structuredClone(DEFAULT_NOTIFICATION_PREFS),
    devices: [],
    vapid_public_key: TEST_VAPID_KEY,
    discord_dm_available: false,
    devices_lost_at: null,
    ...overrides,
  };
}

export function buildPushDevice(overrides: Partial<PushDevice> = {}): PushDevice {
  return {
    id: 'dev-1',
    endpoint: 'https://fcm.googleapis.com/fcm/send/other-device',
    label: 'Android・Chrome',
    created_at: 1_760_000_000,
    last_sent_at: null,
    ...overrides,
  };
}

/** Waves recorded in the evening: the queue grows from 18:00 to a peak at 21:00. */
export function buildQueueOutlook(overrides: Partial<QueueOutlook> = {}): QueueOutlook {
  const typical = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 3, 3, 4, 5, 6, 9, 11, 12, 8, 4];
  return {
    by_hour: typical.map((queue, hour) => ({
      hour,
      typical_queue: queue,
      wait_p50_seconds: queue >= 4 ? 600 / queue : null,
      waves: queue > 0 ? 30 : 0,
    })),
    next_wave_at: Math.floor(Date.now() / 1000) + 75,
    total_waiting: 7,
    near_waiting: null,
    ...overrides,
  };
}
