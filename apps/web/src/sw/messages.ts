import type { PushPayload } from '@rankmatch/shared';

// What the service worker shows for a push message and where a tap on it leads. Pure functions (no service worker
// types), so the web app's tests check them in jsdom. The payload is checked by hand rather than with the shared zod
// schema: the worker stays a few kilobytes (pushPayloadSchema is the contract; test/sw-messages.test.ts holds the two
// together).

/** The icon beside the text and the small monochrome image of Android's status bar (files of apps/web/public). */
export const NOTIFICATION_ICON = '/icon-192.png';
export const NOTIFICATION_BADGE = '/badge-96.png';

/** Shown when a message cannot be read: a push must always show something (userVisibleOnly). */
export const FALLBACK_PAYLOAD: PushPayload = {
  kind: 'match_found',
  title: 'rankmatch',
  body: '新しいお知らせがあります。タップして確認してください。',
  url: '/',
  tag: 'rankmatch',
};

const isText = (value: unknown): value is string => typeof value === 'string';

/** The payload when it has the shape of pushPayloadSchema (a title is required to be non-empty), else null. */
export function payloadOf(data: unknown): PushPayload | null {
  if (!data || typeof data !== 'object') return null;
  const p = data as Record<string, unknown>;
  if (!isText(p.kind) || !isText(p.title) || !isText(p.body) || !isText(p.url) || !isText(p.tag)) return null;
  if (!p.title.trim()) return null;
  return { kind: p.kind as PushPayload['kind'], title: p.title, body: p.body, url: p.url, tag: p.tag };
}

/**
 * Where a tap leads: a path of this site. An address of another origin (which the server never sends) or an
 * unreadable one opens the top page instead.
 */
export function targetUrl(url: unknown, origin: string): string {
  if (!isText(url) || !url) return `${origin}/`;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

export interface NotificationToShow {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

/** The notification of a push message's data (parsed JSON, or null when it was not JSON). */
export function notificationOf(data: unknown, origin: string): NotificationToShow {
  const payload = payloadOf(data) ?? FALLBACK_PAYLOAD;
  return {
    title: payload.title,
    options: {
      body: payload.body,
      // One notification per match and kind: a newer one replaces it instead of piling up.
      tag: payload.tag || FALLBACK_PAYLOAD.tag,
      data: { url: targetUrl(payload.url, origin) },
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      lang: 'ja',
    },
  };
}
