import { and, eq, or } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { notificationOutbox, notificationPrefs, pushSubscriptions } from '../db/schema.ts';

// A deleted account (deletion/) gets no more notifications, and nothing of where they went is kept: its devices
// (push addresses and keys), its choices, and its notifications waiting or sent.

/** Deletes a player's devices, notification settings and outbox rows; resolves how many rows of each. */
export async function forgetNotifications(tx: Tx, userId: string) {
  const devices = await tx
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .returning({ id: pushSubscriptions.id });
  const prefs = await tx
    .delete(notificationPrefs)
    .where(eq(notificationPrefs.userId, userId))
    .returning({ id: notificationPrefs.userId });
  // A Discord DM is addressed to the player's id (target); a push row names its player too.
  const outbox = await tx
    .delete(notificationOutbox)
    .where(
      or(
        eq(notificationOutbox.userId, userId),
        and(eq(notificationOutbox.channel, 'discord_dm'), eq(notificationOutbox.target, userId)),
      ),
    )
    .returning({ id: notificationOutbox.id });
  return { devices: devices.length, prefs: prefs.length, outbox: outbox.length };
}
