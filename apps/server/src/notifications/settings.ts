import type { NotificationPrefs, NotificationSettings, PushSubscribe } from '@rankmatch/shared';
import type { UserRow } from '../accounts/queries.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { devicesLostAt, prefsOf, savePrefs } from './prefs.ts';
import { presentSettings } from './presenter.ts';
import { devicesOf, type SubscriptionRow, subscribe, unsubscribe } from './subscriptions.ts';

// A player's notification settings on my page: choices, devices, and what the server offers.

export async function settingsOf(ctx: AppContext, user: UserRow): Promise<NotificationSettings> {
  const [prefs, devices, lostAt] = await Promise.all([
    prefsOf(ctx.db, user.id),
    devicesOf(ctx.db, user.id),
    devicesLostAt(ctx.db, user.id),
  ]);
  return presentSettings({
    prefs,
    devices,
    // Told only while no device has come back.
    devicesLostAt: devices.length === 0 ? lostAt : null,
    vapidPublicKey: ctx.config.push?.publicKey ?? null,
    discordDmAvailable: Boolean(ctx.config.discordBot.token) && user.authSub.startsWith('discord|'),
  });
}

export async function updatePrefs(
  ctx: AppContext,
  user: UserRow,
  prefs: NotificationPrefs,
): Promise<NotificationSettings> {
  await savePrefs(ctx.db, user.id, prefs, ctx.now());
  return settingsOf(ctx, user);
}

export function subscribeDevice(
  ctx: AppContext,
  input: { userId: string; sessionId: string; subscription: PushSubscribe },
): Promise<SubscriptionRow> {
  if (!ctx.config.push) throw new AppError('PUSH_DISABLED');
  return subscribe(ctx.db, { ...input, extraOrigins: ctx.config.push.extraOrigins, now: ctx.now() });
}

export function unsubscribeDevice(ctx: AppContext, userId: string, endpoint: string): Promise<void> {
  return unsubscribe(ctx.db, userId, endpoint);
}
