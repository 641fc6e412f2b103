import { pushPayloadSchema } from '@rankmatch/shared';
import { describe, expect, it } from 'vitest';
import { FALLBACK_PAYLOAD, notificationOf, payloadOf, targetUrl } from '../src/sw/messages.ts';

// What the service worker shows for a push message (src/sw/messages.ts): its hand-written check of the payload agrees
// with the shared pushPayloadSchema, and a tap never leaves the site.

const ORIGIN = 'https://rankmatch.example';
const payload = {
  kind: 'lobby_set',
  title: 'ロビー番号が決まりました',
  body: 'ロビー番号: 12345678',
  url: '/?tab=match',
  tag: 'lobby_set:42',
};

describe('push messages in the service worker', () => {
  it('shows the title and body, tagged, with the icon, in Japanese; a tap opens the url', () => {
    expect(notificationOf(payload, ORIGIN)).toEqual({
      title: 'ロビー番号が決まりました',
      options: {
        body: 'ロビー番号: 12345678',
        tag: 'lobby_set:42',
        data: { url: `${ORIGIN}/?tab=match` },
        icon: '/icon-192.png',
        badge: '/badge-96.png',
        lang: 'ja',
      },
    });
  });

  it('reads exactly what pushPayloadSchema accepts (with a title)', () => {
    const samples: unknown[] = [
      payload,
      { ...payload, extra: 1 },
      { ...payload, title: 1 },
      { ...payload, url: undefined },
      { ...payload, tag: null },
      'text',
      null,
      [],
    ];
    for (const sample of samples) {
      expect(payloadOf(sample) !== null, JSON.stringify(sample)).toBe(pushPayloadSchema.safeParse(sample).success);
    }
  });

  it('shows a general message for a payload it cannot read (a push must be visible)', () => {
    for (const data of [null, 'not json', { title: '' }, { ...payload, title: '  ' }]) {
      const shown = notificationOf(data, ORIGIN);
      expect(shown.title).toBe(FALLBACK_PAYLOAD.title);
      expect(shown.options.body).toBe(FALLBACK_PAYLOAD.body);
      expect(shown.options.data.url).toBe(`${ORIGIN}/`);
    }
  });

  it('opens only addresses of the site', () => {
    expect(targetUrl('/matches/42', ORIGIN)).toBe(`${ORIGIN}/matches/42`);
    expect(targetUrl(`${ORIGIN}/?tab=match`, ORIGIN)).toBe(`${ORIGIN}/?tab=match`);
    expect(targetUrl('https://evil.example/', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(targetUrl('//evil.example/x', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(targetUrl('javascript:alert(1)', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(targetUrl(undefined, ORIGIN)).toBe(`${ORIGIN}/`);
  });
});
