import type { PushSubscribe } from '@rankmatch/shared';

// This browser's side of push notifications: what it supports, its subscription on the service worker's
// registration, and a short name for the device list. jsdom has none of these APIs (tests install fakes:
// src/testing/fake-push.ts).

export type PushSupport = 'supported' | 'ios-install' | 'unsupported';

/** iPhone, iPad (which says Macintosh, with a touch screen) or iPod. */
export function isIos(): boolean {
  const ua = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

/**
 * Push needs a service worker, the Push API and notifications. iOS and iPadOS expose them only to a site added to the
 * home screen (16.4 and later): there, a browser tab is told to install, not that it cannot.
 */
export function pushSupport(): PushSupport {
  const supported = 'serviceWorker' in navigator && 'PushManager' in globalThis && 'Notification' in globalThis;
  if (supported) return 'supported';
  return isIos() ? 'ios-install' : 'unsupported';
}

/** The notification permission, or 'default' where the API is missing (pushSupport says so first). */
export function notificationPermission(): NotificationPermission {
  return 'Notification' in globalThis ? Notification.permission : 'default';
}

/** A base64url VAPID public key as the bytes PushManager.subscribe wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options?.applicationServerKey;
  if (!current) return true;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/**
 * Subscribes this device with the server's key. A subscription made with another key (the server's key changed) is
 * replaced: the browser refuses a second key on the same registration.
 */
export async function subscribeDevice(registration: ServiceWorkerRegistration, vapidKey: string) {
  const key = applicationServerKey(vapidKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing, key)) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** The body of POST /api/notifications/push-subscriptions for a subscription. */
export function subscribeBody(subscription: PushSubscription, label: string): PushSubscribe {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    label,
  };
}

const OS: [RegExp, string][] = [
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'Chromebook'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Linux/, 'Linux'],
];
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/OPR\//, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/** A short name of the device for the device list ("Android・Chrome"), from the user agent. */
export function deviceLabel(userAgent: string, standalone = false): string {
  const os = OS.find(([re]) => re.test(userAgent))?.[1];
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const ipadAsMac = os === 'Mac' && typeof navigator !== 'undefined' && navigator.maxTouchPoints > 1;
  const name = [ipadAsMac ? 'iPad' : os, standalone ? 'ホーム画面のアプリ' : browser].filter(Boolean).join('・');
  return (name || 'ブラウザ').slice(0, 80);
}

/** Opened from the home screen (an installed app) rather than a browser tab. */
export function isStandalone(): boolean {
  const legacy = (navigator as Navigator & { standalone?: boolean }).standalone;
  return legacy === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
}
