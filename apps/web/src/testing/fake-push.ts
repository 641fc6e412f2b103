import { onTestFinished, vi } from 'vitest';
import { installFakeNotification } from './fake-attention.ts';

// A fake of the browser's push plumbing, which jsdom lacks: Notification (permission and prompt), PushManager and
// navigator.serviceWorker with one registration whose pushManager subscribes and unsubscribes. It records what the
// app asked for and is removed when the test ends.

/** The endpoint a new subscription of this fake gets (a push service the server accepts). */
export const NEW_ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-device';

export interface FakePushOptions {
  permission: NotificationPermission;
  /** What the permission prompt answers (default: the permission). */
  answer?: NotificationPermission;
  /** The endpoint of a subscription this browser already has. */
  subscribed?: string | null;
  /** subscribe() fails with this error (the push service unreachable…). */
  subscribeError?: Error;
  /** false: no service worker is registered (the dev server). */
  worker?: boolean;
}

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON(): PushSubscriptionJSON;
  unsubscribe(): Promise<boolean>;
}

export function installFakePush(options: FakePushOptions) {
  const notification = installFakeNotification(options.permission, options.answer);
  const record = {
    notification,
    subscribes: [] as { userVisibleOnly?: boolean; applicationServerKey: Uint8Array }[],
    unsubscribes: 0,
  };
  let current: FakeSubscription | null = null;
  const subscription = (endpoint: string, key: Uint8Array | null): FakeSubscription => ({
    endpoint,
    options: { applicationServerKey: key ? new Uint8Array(key).buffer : null },
    toJSON: () => ({
      endpoint,
      expirationTime: null,
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    }),
    unsubscribe: async () => {
      record.unsubscribes += 1;
      current = null;
      return true;
    },
  });
  if (options.subscribed) current = subscription(options.subscribed, null);

  const registration = {
    scope: 'http://localhost/',
    active: {},
    pushManager: {
      getSubscription: async () => current,
      subscribe: async (init: { userVisibleOnly?: boolean; applicationServerKey: Uint8Array }) => {
        record.subscribes.push(init);
        if (options.subscribeError) throw options.subscribeError;
        current = subscription(NEW_ENDPOINT, init.applicationServerKey);
        return current;
      },
    },
  };
  vi.stubGlobal('PushManager', class FakePushManager {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => (options.worker === false ? undefined : registration),
      ready: new Promise(() => undefined),
    },
  });
  onTestFinished(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });
  return record;
}
