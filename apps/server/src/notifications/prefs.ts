import { DEFAULT_NOTIFICATION_PREFS, type NotificationPrefs, notificationPrefsSchema } from '@rankmatch/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { notificationPrefs } from '../db/schema.ts';

// A player's notification choices. The owner of notification_prefs. No row means the defaults.

/** Stored choices read back through the schema: a row written by an older version gets today's shape. */
function prefsOfRow(stored: unknown): NotificationPrefs {
  const parsed = notificationPrefsSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const s = (stored ?? {}) as Partial<NotificationPrefs>;
  return {
    push: { ...DEFAULT_NOTIFICATION_PREFS.push, ...s.push },
    discord_dm: { ...DEFAULT_NOTIFICATION_PREFS.discord_dm, ...s.discord_dm },
    near_alert: { ...DEFAULT_NOTIFICATION_PREFS.near_alert, ...s.near_alert },
  };
}

export async function prefsOf(db: Executor, userId: string): Promise<NotificationPrefs> {
  const [row] = await db.select().from(notificationPrefs).where(eq(notificationPrefs.userId, userId));
  return row ? prefsOfRow(row.prefs) : DEFAULT_NOTIFICATION_PREFS;
}

/** The choices of several players (defaults for those without a row). */
export async function prefsOfUsers(db: Executor, userIds: readonly string[]): Promise<Map<string, NotificationPrefs>> {
  const out = new Map<string, NotificationPrefs>(userIds.map((id) => [id, DEFAULT_NOTIFICATION_PREFS]));
  if (userIds.length === 0) return out;
  const rows = await db
    .select()
    .from(notificationPrefs)
    .where(inArray(notificationPrefs.userId, [...userIds]));
  for (const row of rows) out.set(row.userId, prefsOfRow(row.prefs));
  return out;
}

export async function savePrefs(db: Executor, userId: string, prefs: NotificationPrefs, now: number): Promise<void> {
  await db
    .insert(notificationPrefs)
    .values({ userId, prefs, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPrefs.userId, set: { prefs, updatedAt: now } });
}

/** The push service said the player's last device is gone: kept until my page has a device again. */
export async function markDevicesLost(db: Executor, userId: string, now: number): Promise<void> {
  await db
    .insert(notificationPrefs)
    .values({ userId, prefs: DEFAULT_NOTIFICATION_PREFS, devicesLostAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPrefs.userId, set: { devicesLostAt: now } });
}

/** When the player's devices were all lost, or null. */
export async function devicesLostAt(db: Executor, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ at: notificationPrefs.devicesLostAt })
    .from(notificationPrefs)
    .where(eq(notificationPrefs.userId, userId));
  return row?.at ?? null;
}

/** Players who turned the queue alert on, with when they were last alerted. */
export async function nearAlertSubscribers(
  db: Executor,
): Promise<{ userId: string; prefs: NotificationPrefs; lastNearAlertAt: number | null }[]> {
  const rows = await db
    .select()
    .from(notificationPrefs)
    .where(sql`(${notificationPrefs.prefs} -> 'near_alert' ->> 'enabled') = 'true'`);
  return rows.map((r) => ({ userId: r.userId, prefs: prefsOfRow(r.prefs), lastNearAlertAt: r.lastNearAlertAt }));
}

export async function markNearAlerted(db: Executor, userIds: readonly string[], now: number): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(notificationPrefs)
    .set({ lastNearAlertAt: now })
    .where(inArray(notificationPrefs.userId, [...userIds]));
}
