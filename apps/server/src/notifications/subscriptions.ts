import { PUSH_DEVICES_MAX, type PushSubscribe } from '@rankmatch/shared';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { pushSubscriptions } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

// Push subscriptions: one row per device (its push service endpoint is unique). The owner of push_subscriptions.

export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The push services of the browsers that matter (Chrome/Edge/Android via FCM, Firefox, Safari/iOS, Windows). */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^(?:[a-z0-9-]+\.)*push\.apple\.com$/,
  /^(?:[a-z0-9-]+\.)*notify\.windows\.com$/,
];

/**
 * The server posts to whatever endpoint a browser gives, so only known push services are accepted (plus the
 * origins of PUSH_ENDPOINT_ORIGINS: the tests' local push service): nobody makes the server call an address of
 * their choosing.
 */
export function isAllowedEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraOrigins.includes(url.origin)) return true;
  return url.protocol === 'https:' && url.port === '' && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
}

/**
 * Subscribes this device for this player: a device that was subscribed by someone else (one browser, another
 * account) now belongs to this player; beyond PUSH_DEVICES_MAX devices the oldest is removed.
 */
export async function subscribe(
  db: Executor,
  input: {
    userId: string;
    sessionId: string;
    subscription: PushSubscribe;
    extraOrigins: readonly string[];
    now: number;
  },
): Promise<SubscriptionRow> {
  const { subscription: s } = input;
  if (!isAllowedEndpoint(s.endpoint, input.extraOrigins)) throw new AppError('PUSH_ENDPOINT_NOT_ALLOWED');
  const values = {
    userId: input.userId,
    sessionId: input.sessionId,
    endpoint: s.endpoint,
    p256dh: s.keys.p256dh,
    auth: s.keys.auth,
    label: (s.label ?? '').trim(),
    createdAt: input.now,
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
      .returning();
    if (!row) throw new Error('push subscription not stored');
    const kept = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, input.userId))
      .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    const excess = kept.slice(0, Math.max(0, kept.length - PUSH_DEVICES_MAX)).map((k) => k.id);
    if (excess.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, excess));
    return row;
  });
}

/** Removes this device of this player. */
export async function unsubscribe(db: Executor, userId: string, endpoint: string): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw new AppError('PUSH_SUBSCRIPTION_NOT_FOUND');
}

export function devicesOf(db: Executor, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

/** Every device of these players (the notifications' targets). */
export async function devicesOfUsers(db: Executor, userIds: readonly string[]): Promise<SubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...userIds]));
}

export async function findSubscription(db: Executor, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row;
}

/** Logout: the devices this session subscribed stop receiving. */
export async function removeSessionDevices(db: Executor, sessionId: string): Promise<number> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.sessionId, sessionId))
    .returning({ id: pushSubscriptions.id });
  return removed.length;
}

/** A ban: every device of the player. */
export async function removeUserDevices(db: Executor, userId: string, keep: readonly number[] = []): Promise<number> {
  const where =
    keep.length > 0
      ? and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, [...keep]))
      : eq(pushSubscriptions.userId, userId);
  const removed = await db.delete(pushSubscriptions).where(where).returning({ id: pushSubscriptions.id });
  return removed.length;
}

/** The push service said the subscription is gone (404/410). */
/** A device its push service says is gone (404/410); resolves whether its player has no device left. */
export async function removeGoneDevice(db: Executor, id: number): Promise<{ userId: string; lastOne: boolean } | null> {
  const [gone] = await db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.id, id))
    .returning({ userId: pushSubscriptions.userId });
  if (!gone) return null;
  const left = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, gone.userId))
    .limit(1);
  return { userId: gone.userId, lastOne: left.length === 0 };
}

export async function markSent(db: Executor, id: number, now: number): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSentAt: now }).where(eq(pushSubscriptions.id, id));
}
