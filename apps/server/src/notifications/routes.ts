import {
  notificationPrefsSchema,
  notificationSettingsSchema,
  okReplySchema,
  pushDeviceSchema,
  pushSubscribeSchema,
  pushUnsubscribeSchema,
} from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import { type RouteDef, route } from '../http/route.ts';
import { presentDevice } from './presenter.ts';
import { settingsOf, subscribeDevice, unsubscribeDevice, updatePrefs } from './settings.ts';

/** The player's notification choices and devices. */
export function notificationRoutes(ctx: AppContext): RouteDef[] {
  return [
    route(
      {
        method: 'GET',
        url: '/api/notifications/me',
        summary: 'My notification settings and devices',
        tag: 'notifications',
        access: 'user',
        reply: notificationSettingsSchema,
      },
      ({ user }) => settingsOf(ctx, user),
    ),
    route(
      {
        method: 'PUT',
        url: '/api/notifications/me',
        summary: 'Saves my notification choices',
        tag: 'notifications',
        access: 'user',
        body: notificationPrefsSchema,
        reply: notificationSettingsSchema,
      },
      ({ user, body }) => updatePrefs(ctx, user, body),
    ),
    route(
      {
        method: 'POST',
        url: '/api/notifications/push-subscriptions',
        summary: "Subscribes this device's push notifications",
        description:
          "The body is the browser's PushSubscription.toJSON() and a label. Subscribing again updates the device.",
        errors: ['PUSH_DISABLED', 'PUSH_ENDPOINT_NOT_ALLOWED'],
        tag: 'notifications',
        access: 'user',
        body: pushSubscribeSchema,
        replies: { 201: { description: 'Subscribed', schema: pushDeviceSchema } },
      },
      async ({ identity, body, reply }) => {
        const row = await subscribeDevice(ctx, {
          userId: identity.userId,
          sessionId: identity.sessionId,
          subscription: body,
        });
        reply.status(201);
        return presentDevice(row);
      },
    ),
    route(
      {
        method: 'DELETE',
        url: '/api/notifications/push-subscriptions',
        summary: "Removes this device's push notifications",
        errors: ['PUSH_SUBSCRIPTION_NOT_FOUND'],
        tag: 'notifications',
        access: 'user',
        body: pushUnsubscribeSchema,
        reply: okReplySchema,
      },
      async ({ user, body }) => {
        await unsubscribeDevice(ctx, user.id, body.endpoint);
        return { ok: true as const };
      },
    ),
  ];
}
