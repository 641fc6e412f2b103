import {
  notificationPrefsSchema,
  notificationSettingsSchema,
  okReplySchema,
  pushDeviceSchema,
  pushSubscribeSchema,
  pushUnsubscribeSchema,
} from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import type { Guard } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { api } from '../docs/contract.ts';
import { parse } from '../http/validate.ts';
import { presentDevice } from './presenter.ts';
import { settingsOf, subscribeDevice, unsubscribeDevice, updatePrefs } from './settings.ts';

export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext, guard: Guard): void {
  app.get(
    '/api/notifications/me',
    api({
      summary: 'My notification settings and devices',
      tag: 'notifications',
      access: 'user',
      reply: notificationSettingsSchema,
    }),
    async (request) => settingsOf(ctx, (await guard.user(request)).user),
  );

  app.put(
    '/api/notifications/me',
    api({
      summary: 'Saves my notification choices',
      tag: 'notifications',
      access: 'user',
      body: notificationPrefsSchema,
      reply: notificationSettingsSchema,
    }),
    async (request) => {
      const { user } = await guard.user(request);
      return updatePrefs(ctx, user, parse(notificationPrefsSchema, request.body));
    },
  );

  app.post(
    '/api/notifications/push-subscriptions',
    api({
      summary: "Subscribes this device's push notifications",
      description:
        "The body is the browser's PushSubscription.toJSON() and a label. Subscribing again updates the device.",
      errors: ['PUSH_DISABLED', 'PUSH_ENDPOINT_NOT_ALLOWED'],
      tag: 'notifications',
      access: 'user',
      body: pushSubscribeSchema,
      replies: { 201: { description: 'Subscribed', schema: pushDeviceSchema } },
    }),
    async (request, reply) => {
      const { identity } = await guard.user(request);
      const subscription = parse(pushSubscribeSchema, request.body);
      const row = await subscribeDevice(ctx, { userId: identity.userId, sessionId: identity.sessionId, subscription });
      reply.status(201);
      return presentDevice(row);
    },
  );

  app.delete(
    '/api/notifications/push-subscriptions',
    api({
      summary: "Removes this device's push notifications",
      errors: ['PUSH_SUBSCRIPTION_NOT_FOUND'],
      tag: 'notifications',
      access: 'user',
      body: pushUnsubscribeSchema,
      reply: okReplySchema,
    }),
    async (request) => {
      const { user } = await guard.user(request);
      await unsubscribeDevice(ctx, user.id, parse(pushUnsubscribeSchema, request.body).endpoint);
      return { ok: true as const };
    },
  );
}
