import { describe, expect, it } from 'vitest';
import { discordIdOf, resultOfError } from '../src/discord/senders.ts';
import { maskWebhookUrl, webhookOf } from '../src/discord/settings.ts';
import { announcementText, clip, plain, queueText, seasonEndText, seasonStartText } from '../src/discord/texts.ts';

// The Discord channel's pure parts: the texts (Japanese, Japan time, under 2,000 characters), the mask of the URL,
// the Discord id of a signed-in player.

const SITE = 'https://rankmatch.example';
const FRIDAY_17_00_JST = 1_800_000_000;

describe('texts', () => {
  it('says how many wait, how many are missing and when the next wave runs, in Japan time', () => {
    expect(queueText({ waiting: 9, nextWaveAt: FRIDAY_17_00_JST + 120, siteUrl: SITE })).toBe(
      [
        '📣 マッチング待ち 9人 — あと1人で次のマッチングが成立します',
        '次のマッチング: 17:02（日本時間、以後2分ごと）',
        `参加はこちら: ${SITE}/?tab=match`,
      ].join('\n'),
    );
  });

  it('says a season starts later when it was activated before its start date', () => {
    const text = seasonStartText({
      name: 'シーズン6',
      startDate: FRIDAY_17_00_JST + 3 * 3600,
      endDate: FRIDAY_17_00_JST + 30 * 86_400,
      now: FRIDAY_17_00_JST,
      siteUrl: SITE,
    });
    expect(text.split('\n')[0]).toBe('🏆 シーズン「シーズン6」は 1/15(金) 20:00 に始まります（2/14(日)まで）');
  });

  it('keeps names as plain text and the end of a season under 2,000 characters', () => {
    const top = Array.from({ length: 12 }, (_, i) => ({
      rank: i + 1,
      trainerName: `**${'長'.repeat(300)}`,
      maxRate: 2000 - i,
      finalRate: 1990 - i,
    }));
    const text = seasonEndText({ name: 'S_1', top, siteUrl: SITE });
    expect(text.split('\n')[0]).toBe('🏁 シーズン「S\\_1」が終了しました。');
    expect(text).toContain('1位 \\*\\*長長');
    expect(text).not.toContain('11位');
    expect(text.length).toBeLessThanOrEqual(2000);
    expect(text.endsWith(`ランキング: ${SITE}/?tab=ranking`)).toBe(true);
    expect(seasonEndText({ name: 'S1', top: [], siteUrl: SITE })).toContain(
      'ランキングに載ったプレイヤーはいませんでした。',
    );
  });

  it('cuts by characters, not UTF-16 units, and keeps the announcement link', () => {
    expect(clip('🎉🎉🎉', 3)).toBe('🎉…');
    expect(clip('🎉🎉🎉', 2)).toBe('…');
    expect(clip('abc', 3)).toBe('abc');
    expect(plain('a|b>c`d~e')).toBe('a\\|b\\>c\\`d\\~e');
    const text = announcementText({ content: '🎉'.repeat(3000), siteUrl: SITE });
    expect(text.length).toBeLessThanOrEqual(2000);
    expect(text.endsWith(`サイト: ${SITE}/`)).toBe(true);
  });
});

describe('webhook URL and ids', () => {
  it('masks the token and reads id and token', () => {
    const url = `https://discord.com/api/webhooks/1234567890123456789/${'Ab_-'.repeat(17)}`;
    expect(webhookOf(url)).toEqual({ id: '1234567890123456789', token: 'Ab_-'.repeat(17) });
    expect(maskWebhookUrl(url)).toBe('https://discord.com/api/webhooks/1234567890123456789/Ab_-••••');
    expect(webhookOf('https://example.com/api/webhooks/1234567890123456789/abcdefghijklmnopqrstuvwxyz')).toBeNull();
  });

  it("reads a Discord player's id from auth_sub, and nobody else's", () => {
    expect(discordIdOf('discord|112233445566778899')).toBe('112233445566778899');
    expect(discordIdOf('dummy|dummy_01')).toBeNull();
    expect(discordIdOf('discord|p001')).toBeNull();
  });

  it('describes a network failure without its message (which may hold the URL)', () => {
    const err = new TypeError('fetch failed https://discord.com/api/webhooks/1/secret', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    expect(resultOfError(err)).toEqual({ ok: false, error: 'Discord unreachable (TypeError ECONNREFUSED)' });
  });
});
