import { Writable } from 'node:stream';
import { currentMatchSchema, discordSettingsSchema, VALIDATION_MESSAGES } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueue } from '../src/notifications/outbox.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { expectError, insertPlayers, insertSeason, insertStats, playerIds } from './helpers/community.ts';
import { FakeDiscord } from './helpers/fake-discord.ts';
import { activeSeason, report, tenIds } from './helpers/match.ts';

// The community's Discord channel and the bot's direct messages, against a local fake of Discord's REST API (webhook
// execute, create DM, create message) that records each call and answers 404, 401, 403, 5xx and 429 on demand.
// The test clock starts on Friday 2027-01-15 17:00 JST, inside matching hours.

const discord = new FakeDiscord();
const SITE = 'https://rankmatch.example';
let t: TestApp;
let admin: string;
let player: string;
let log: string[];

beforeAll(async () => {
  await discord.start();
});
afterAll(async () => {
  await t?.close();
  await discord.stop();
});

async function openApp(env: Record<string, string> = {}): Promise<void> {
  await t?.close();
  discord.rest.reset();
  log = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      log.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({
    env: {
      DISCORD_API_BASE: `${discord.base}/api`,
      DISCORD_BOT_TOKEN: discord.rest.botToken,
      PUBLIC_URL: SITE,
      ...env,
    },
    logStream,
  });
  admin = await t.login('dummy_admin');
  player = await t.login('dummy_01');
}

beforeEach(async () => {
  await openApp();
});

/** The event handlers finish, then the outbox worker sends what is due. */
async function deliver(): Promise<void> {
  await t.built.events.drain();
  t.built.modules.notifications.outbox.wake();
  await t.built.modules.notifications.outbox.idle();
}

const putDiscord = (payload: Record<string, unknown>, token = admin) =>
  t.request({ method: 'PUT', url: '/api/admin/discord', token, payload });

const ALL_ON = { queue: true, season: true, announcement: true };

/** A webhook on the fake, stored by the admin; returns its URL. */
async function webhookSet(kinds = ALL_ON): Promise<string> {
  const url = discord.rest.createWebhook();
  const res = await putDiscord({ webhook_url: url, kinds });
  expect(res.statusCode, res.body).toBe(200);
  return url;
}

const n = (value: number) => value.toLocaleString('ja-JP');
const messages = () => discord.rest.webhookMessages().map((m) => m.content);

async function outboxRows(channel: string) {
  const res = await t.ctx.db.execute(
    sql`select target, status, attempts, last_error, next_attempt_at::int as next_attempt_at from notification_outbox
        where channel = ${channel} order by id`,
  );
  return (res as unknown as { rows: Record<string, unknown>[] }).rows;
}

describe('the admin sets the channel', () => {
  it('starts with no URL and every kind on, and says whether a bot token is configured', async () => {
    const res = await t.request({ method: 'GET', url: '/api/admin/discord', token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(discordSettingsSchema.parse(res.json())).toEqual({
      webhook_url_masked: null,
      kinds: ALL_ON,
      bot_configured: true,
      recent: [],
    });
    await openApp({ DISCORD_BOT_TOKEN: '' });
    const without = await t.request({ method: 'GET', url: '/api/admin/discord', token: admin });
    expect(without.json().bot_configured).toBe(false);
  });

  it('stores the URL and only ever shows it masked, in replies and in the audit log', async () => {
    const url = discord.rest.createWebhook('1234567890123456789', `secret_${'a'.repeat(60)}`);
    const res = await putDiscord({ webhook_url: url, kinds: { ...ALL_ON, queue: false } });
    expect(res.statusCode, res.body).toBe(200);
    const masked = 'https://discord.com/api/webhooks/1234567890123456789/secr••••';
    expect(res.json()).toMatchObject({ webhook_url_masked: masked, kinds: { ...ALL_ON, queue: false } });
    expect(res.body).not.toContain('aaaa');
    const read = await t.request({ method: 'GET', url: '/api/admin/discord', token: admin });
    expect(read.json().webhook_url_masked).toBe(masked);
    expect(read.body).not.toContain('aaaa');

    const audit = await t.request({ method: 'GET', url: '/api/admin/audit?action=discord.', token: admin });
    const entries = audit.json().entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_id: 'dummy_admin',
      action: 'discord.settings',
      before: { webhook_url: null, kinds: ALL_ON },
      after: { webhook_url: masked, webhook_url_changed: true },
    });
    expect(audit.body).not.toContain('aaaa');

    // Saving the same again records nothing; the kinds alone keep the URL; '' removes it.
    await putDiscord({ kinds: { ...ALL_ON, queue: false } });
    const kept = await putDiscord({ kinds: ALL_ON });
    expect(kept.json()).toMatchObject({ webhook_url_masked: masked, kinds: ALL_ON });
    const removed = await putDiscord({ webhook_url: '', kinds: ALL_ON });
    expect(removed.json().webhook_url_masked).toBeNull();
    const after = await t.request({ method: 'GET', url: '/api/admin/audit?action=discord.', token: admin });
    expect(after.json().entries).toHaveLength(3);
  });

  it('refuses a URL that is not a Discord webhook, in Japanese', async () => {
    for (const webhook_url of [
      'https://example.com/api/webhooks/1234567890123456789/abcdefghijklmnopqrstuvwxyz',
      'http://discord.com/api/webhooks/1234567890123456789/abcdefghijklmnopqrstuvwxyz',
      'https://discord.com/api/webhooks/1234567890123456789/short',
      'https://discord.com.evil.example/api/webhooks/1234567890123456789/abcdefghijklmnopqrstuvwxyz',
    ]) {
      expectError(
        await putDiscord({ webhook_url, kinds: ALL_ON }),
        400,
        'DISCORD_WEBHOOK_URL_INVALID',
        VALIDATION_MESSAGES.DISCORD_WEBHOOK_URL_INVALID,
      );
    }
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/discord', token: admin })).json().webhook_url_masked,
    ).toBe(null);
  });

  it('is for admins only', async () => {
    expectError(await t.request({ method: 'GET', url: '/api/admin/discord', token: player }), 403, 'FORBIDDEN');
    expectError(await putDiscord({ kinds: ALL_ON }, player), 403, 'FORBIDDEN');
    expectError(
      await t.request({ method: 'POST', url: '/api/admin/discord/test', token: player, payload: {} }),
      403,
      'FORBIDDEN',
    );
    expectError(await t.request({ method: 'GET', url: '/api/admin/discord' }), 401, 'LOGIN_REQUIRED');
  });
});

describe('the channel', () => {
  it('sends the test message through the webhook route, without bot auth and pinging nobody', async () => {
    expectError(
      await t.request({ method: 'POST', url: '/api/admin/discord/test', token: admin, payload: {} }),
      409,
      'DISCORD_WEBHOOK_NOT_SET',
    );
    const url = await webhookSet();
    const res = await t.request({ method: 'POST', url: '/api/admin/discord/test', token: admin, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    await deliver();
    const [id, token] = url.split('/').slice(-2);
    expect(discord.rest.calls).toHaveLength(1);
    expect(discord.rest.calls[0]).toMatchObject({
      method: 'POST',
      path: `/api/webhooks/${id}/${token}`,
      authorization: null,
    });
    expect(discord.rest.webhookMessages()).toEqual([
      { content: expect.stringContaining('rankmatch からのテスト送信です'), allowed_mentions: { parse: [] } },
    ]);
    const read = discordSettingsSchema.parse(
      (await t.request({ method: 'GET', url: '/api/admin/discord', token: admin })).json(),
    );
    expect(read.recent).toEqual([
      {
        id: 1,
        kind: 'test',
        content: expect.stringContaining('テスト送信'),
        status: 'sent',
        error: null,
        created_at: t.clock.now(),
      },
    ]);
  });

  it("announces the admin's announcement when it changes, once, and only while switched on", async () => {
    await webhookSet();
    const save = (id: string, value: string) =>
      t.request({ method: 'PUT', url: '/api/master/settings', token: admin, payload: { id, value } });
    expect((await save('announcement_content', '## メンテナンス\n明日 10時から @everyone')).statusCode).toBe(200);
    await deliver();
    expect(messages()).toEqual([
      `📢 お知らせが更新されました\n## メンテナンス\n明日 10時から @everyone\nサイト: ${SITE}/`,
    ]);
    expect(discord.rest.webhookMessages()[0]?.allowed_mentions).toEqual({ parse: [] });

    // The same text again, the rules, an emptied announcement: nothing new to say.
    t.clock.advance(60);
    await save('announcement_content', '## メンテナンス\n明日 10時から @everyone');
    await save('rules_content', '# ルール');
    await save('announcement_content', '   ');
    await deliver();
    expect(messages()).toHaveLength(1);

    // A long announcement is cut to Discord's 2,000 characters, the link kept.
    t.clock.advance(60);
    await save('announcement_content', 'あ'.repeat(5000));
    await deliver();
    const long = messages()[1] as string;
    expect(long.length).toBeLessThanOrEqual(2000);
    expect(long).toContain('…');
    expect(long.endsWith(`サイト: ${SITE}/`)).toBe(true);

    await putDiscord({ kinds: { ...ALL_ON, announcement: false } });
    await save('announcement_content', '新しいお知らせ');
    await deliver();
    expect(messages()).toHaveLength(2);
  });

  it("announces a season's end with its top 10 and the next season's start, only while switched on", async () => {
    await webhookSet();
    const now = t.clock.now();
    await insertSeason(t, { id: 's5', name: 'シーズン5', isActive: true, endDate: now + 3600 });
    const ids = playerIds(12);
    await insertPlayers(t, ids);
    await insertStats(
      t,
      ids.map((userId, i) => ({ userId, seasonId: 's5', rate: 1990 - i * 10, maxRate: 2000 - i * 10 })),
    );
    await insertSeason(t, { id: 's6', name: 'シーズン6', endDate: now + 40 * 86_400 });
    const res = await t.request({ method: 'POST', url: '/api/admin/seasons/s6/activate', token: admin });
    expect(res.statusCode, res.body).toBe(200);
    await deliver();
    const sent = messages();
    expect(sent).toHaveLength(2);
    const end = sent.find((m) => m.includes('シーズン5')) as string;
    expect(end.split('\n')).toEqual([
      '🏁 シーズン「シーズン5」が終了しました。',
      '最終ランキング 上位10人:',
      ...ids
        .slice(0, 10)
        .map((id, i) => `${i + 1}位 トレーナー${id} — 最高レート ${n(2000 - i * 10)}（最終 ${n(1990 - i * 10)}）`),
      `ランキング: ${SITE}/?tab=ranking`,
    ]);
    const start = sent.find((m) => m.includes('シーズン6')) as string;
    expect(start).toMatch(
      /^🏆 シーズン「シーズン6」が始まりました（\d+\/\d+\(.\)まで）\nマッチングに参加: https:\/\/rankmatch\.example\/\?tab=match$/,
    );

    // Switched off: the next change says nothing.
    await putDiscord({ kinds: { ...ALL_ON, season: false } });
    await insertSeason(t, { id: 's7', name: 'シーズン7' });
    expect((await t.request({ method: 'POST', url: '/api/admin/seasons/s7/activate', token: admin })).statusCode).toBe(
      200,
    );
    await deliver();
    expect(messages()).toHaveLength(2);
  });

  it('announces the queue at a threshold in matching hours, once per wave turn, with the cool-down', async () => {
    await activeSeason(t);
    await webhookSet();
    const tokens = new Map<string, string>();
    for (let i = 1; i <= 9; i++) {
      const id = `dummy_0${i}`;
      tokens.set(id, await t.login(id));
    }
    const join = async (id: string) => {
      const res = await t.request({ method: 'POST', url: '/api/queue/join', token: tokens.get(id), payload: {} });
      expect(res.statusCode, res.body).toBe(200);
      await deliver();
    };
    const rejoin = async (id: string) => {
      await t.request({ method: 'POST', url: '/api/queue/leave', token: tokens.get(id), payload: {} });
      await deliver();
      await join(id);
    };
    for (const id of ['dummy_01', 'dummy_02', 'dummy_03', 'dummy_04']) await join(id);
    expect(messages()).toEqual([]);
    await join('dummy_05');
    // 17:00 JST: the next wave is 17:02.
    expect(messages()).toEqual([
      [
        '📣 マッチング待ち 5人 — あと5人で次のマッチングが成立します',
        '次のマッチング: 17:02（日本時間、以後2分ごと）',
        `参加はこちら: ${SITE}/?tab=match`,
      ].join('\n'),
    ]);
    // 7 in the same wave turn, then in the next turns within the cool-down: nothing.
    await join('dummy_06');
    await join('dummy_07');
    t.clock.advance(120);
    await rejoin('dummy_07');
    t.clock.advance(17 * 60);
    await rejoin('dummy_07');
    expect(messages()).toHaveLength(1);
    // 20 minutes after the first: the next threshold reached is announced.
    t.clock.advance(3 * 60);
    await rejoin('dummy_07');
    expect(messages()[1]).toMatch(
      /^📣 マッチング待ち 7人 — あと3人で次のマッチングが成立します\n次のマッチング: 17:24/,
    );
    // A queue that stays at 7: the waves' changes say nothing, past the cool-down too.
    t.clock.advance(21 * 60);
    for (let wave = 0; wave < 2; wave++) {
      const res = await t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin });
      expect(res.json()).toMatchObject({ candidates: 7, matched: 0 });
      await deliver();
    }
    expect(messages()).toHaveLength(2);

    // Monday 05:00 JST, matching closed: nothing; 14:00, open again: announced.
    t.clock.current = 1_800_000_000 + 2 * 86_400 + 12 * 3600;
    tokens.set('dummy_07', await t.login('dummy_07'));
    admin = await t.login('dummy_admin');
    await rejoin('dummy_07');
    expect(messages()).toHaveLength(2);
    t.clock.current = 1_800_000_000 + 2 * 86_400 + 21 * 3600;
    await rejoin('dummy_07');
    expect(messages()).toHaveLength(3);
    expect(messages()[2]).toContain('次のマッチング: 14:02');

    // Switched off: nothing.
    expect((await putDiscord({ kinds: { ...ALL_ON, queue: false } })).statusCode).toBe(200);
    t.clock.advance(30 * 60);
    await rejoin('dummy_07');
    expect(messages()).toHaveLength(3);
    expect(await outboxRows('discord_channel')).toHaveLength(3);
  });
});

describe('delivery', () => {
  const sendTest = async () => {
    const res = await t.request({ method: 'POST', url: '/api/admin/discord/test', token: admin, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('hands a long 429 back to the outbox, which tries again after its retry-after and delivers', async () => {
    await webhookSet();
    discord.rest.rateLimitNext(1.5);
    await sendTest();
    await deliver();
    expect(discord.rest.calls).toHaveLength(1);
    expect(messages()).toEqual([]);
    const [waiting] = await outboxRows('discord_channel');
    // 1.5 s asked (+ the client's 50 ms margin): the row waits 2 s of the outbox's clock.
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: t.clock.now() + 2 });
    expect(String(waiting?.last_error)).toMatch(/^Discord rate limit \(user\), retry after 1550 ms$/);

    // Not before its time.
    t.clock.advance(1);
    await deliver();
    expect(discord.rest.calls).toHaveLength(1);
    // Then (the client's own bucket, on the real clock, has reset too) it goes.
    t.clock.advance(1);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    await deliver();
    expect(discord.rest.calls).toHaveLength(2);
    expect(messages()).toHaveLength(1);
    expect(await outboxRows('discord_channel')).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });

  it('lets the client wait out a short 429 (and a global one) within one try', async () => {
    await webhookSet();
    discord.rest.rateLimitNext(0.2);
    await sendTest();
    await deliver();
    expect(discord.rest.calls).toHaveLength(2);
    expect(messages()).toHaveLength(1);
    expect(await outboxRows('discord_channel')).toMatchObject([{ status: 'sent', attempts: 1 }]);

    discord.rest.rateLimitNext(0.2, { global: true });
    t.clock.advance(1);
    await sendTest();
    await deliver();
    expect(messages()).toHaveLength(2);
  });

  it('gives up on an unknown webhook (404) and retries a 5xx later', async () => {
    const url = await webhookSet();
    discord.rest.failNext(502);
    await sendTest();
    await deliver();
    expect(await outboxRows('discord_channel')).toMatchObject([
      { status: 'pending', attempts: 1, last_error: 'Discord 502', next_attempt_at: t.clock.now() + 10 },
    ]);
    t.clock.advance(10);
    await deliver();
    expect(messages()).toHaveLength(1);

    // The webhook was deleted on Discord's side.
    discord.rest.webhooks.clear();
    t.clock.advance(1);
    await sendTest();
    await deliver();
    const read = discordSettingsSchema.parse(
      (await t.request({ method: 'GET', url: '/api/admin/discord', token: admin })).json(),
    );
    expect(read.recent[0]).toMatchObject({ kind: 'test', status: 'failed', error: 'Discord 404 (code 10015)' });
    expect(JSON.stringify(read)).not.toContain(url.split('/').at(-1));
    expect(await outboxRows('discord_channel')).toMatchObject([{ status: 'sent' }, { status: 'gone', attempts: 1 }]);
  });

  it('never makes a queue, wave or report call fail or wait while Discord is slow and failing', async () => {
    await activeSeason(t);
    await webhookSet();
    discord.rest.delayMs = 1500;
    discord.rest.failNext(503, 100);
    const durations: number[] = [];
    const timed = async (request: Parameters<TestApp['request']>[0]) => {
      const started = performance.now();
      const res = await t.request(request);
      durations.push(performance.now() - started);
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const tokens = new Map<string, string>();
    for (const id of tenIds()) {
      tokens.set(id, await t.login(id));
      await t.ctx.db.execute(sql`update users set start_rate = 1500 where id = ${id}`);
    }
    for (const token of tokens.values()) {
      await timed({ method: 'POST', url: '/api/queue/join', token, payload: {} });
      await t.built.events.drain();
    }
    // The 5-player announcement is on its way (slowly) meanwhile.
    expect(discord.rest.calls.length).toBeGreaterThan(0);
    await timed({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin });
    const first = tokens.get('dummy_01') as string;
    const match = currentMatchSchema.parse(
      (await timed({ method: 'GET', url: '/api/matches/current', token: first })).json(),
    );
    for (const team of [match.team_a, match.team_b]) {
      const token = tokens.get(team.players[0]?.user_id as string);
      await timed({ method: 'POST', url: `/api/matches/${match.match_id}/report`, token, payload: report('A-win') });
    }
    // Every call took far less than one answer of the slow Discord.
    expect(Math.max(...durations)).toBeLessThan(1000);
    await t.built.events.drain();
    await t.built.modules.notifications.outbox.idle();
    expect(await outboxRows('discord_channel')).toMatchObject([{ status: 'pending', last_error: 'Discord 503' }]);
  });
});

describe('direct messages', () => {
  const DISCORD_ID = '112233445566778899';

  async function dmQueued(target: string, extra: Record<string, string> = {}) {
    const payload = { content: 'マッチングが成立しました — ロビー番号 12345678', ...extra };
    await enqueue(
      t.ctx.db,
      [{ eventKey: `match.found:1:${target}`, channel: 'discord_dm', target, userId: target, payload }],
      t.clock.now(),
    );
    await deliver();
  }

  it('reaches a player who signed in with Discord, through the bot', async () => {
    await insertPlayers(t, ['p001'], { authSub: `discord|${DISCORD_ID}` });
    await dmQueued('p001');
    expect(discord.rest.calls.map((c) => [c.path, c.authorization, c.body])).toEqual([
      ['/api/users/@me/channels', `Bot ${discord.rest.botToken}`, { recipient_id: DISCORD_ID }],
      [
        `/api/channels/dm-${DISCORD_ID}/messages`,
        `Bot ${discord.rest.botToken}`,
        { content: 'マッチングが成立しました — ロビー番号 12345678', allowed_mentions: { parse: [] } },
      ],
    ]);
    expect(discord.rest.directMessages()).toEqual([
      { recipient: DISCORD_ID, content: 'マッチングが成立しました — ロビー番号 12345678' },
    ]);
    expect(await outboxRows('discord_dm')).toMatchObject([{ target: 'p001', status: 'sent' }]);

    // The dispatch's rows name the recipient: no account read, the same two calls.
    await enqueue(
      t.ctx.db,
      [
        {
          eventKey: 'lobby:1',
          channel: 'discord_dm',
          target: 'someone',
          payload: { content: 'ロビー番号: **12345678**', recipient_id: '998877665544332211' },
        },
      ],
      t.clock.now(),
    );
    await deliver();
    expect(discord.rest.directMessages()[1]).toEqual({
      recipient: '998877665544332211',
      content: 'ロビー番号: **12345678**',
    });
  });

  it('gives up on a player without Discord, one who does not take DMs, and without a bot token', async () => {
    await insertPlayers(t, ['p001'], { authSub: `discord|${DISCORD_ID}` });
    discord.rest.closedDms.add(DISCORD_ID);
    await dmQueued('p001');
    await dmQueued('dummy_01');
    expect(discord.rest.directMessages()).toEqual([]);
    expect(await outboxRows('discord_dm')).toMatchObject([
      { target: 'p001', status: 'gone', last_error: 'Discord 403 (code 50007)' },
      { target: 'dummy_01', status: 'gone', last_error: 'not a Discord account' },
    ]);
    // dummy_01's row never called Discord: the DM channel and the refused message are p001's.
    expect(discord.rest.calls).toHaveLength(2);

    await openApp({ DISCORD_BOT_TOKEN: '' });
    await insertPlayers(t, ['p001'], { authSub: `discord|${DISCORD_ID}` });
    await dmQueued('p001');
    expect(discord.rest.calls).toHaveLength(0);
    expect(await outboxRows('discord_dm')).toMatchObject([
      { status: 'gone', last_error: 'no bot token (DISCORD_BOT_TOKEN)' },
    ]);
  });
});

describe('secrets', () => {
  it('never writes the bot token or the webhook token to the log', async () => {
    const url = await webhookSet();
    const webhookToken = url.split('/').at(-1) as string;
    // A 429, a 5xx, an unknown webhook, a refused bot token: every failure is logged, none with a secret.
    discord.rest.rateLimitNext(30);
    await t.request({ method: 'POST', url: '/api/admin/discord/test', token: admin, payload: {} });
    await deliver();
    discord.rest.failNext(500);
    t.clock.advance(1);
    await t.request({ method: 'POST', url: '/api/admin/discord/test', token: admin, payload: {} });
    await deliver();
    await insertPlayers(t, ['p001'], { authSub: 'discord|112233445566778899' });
    const botToken = discord.rest.botToken;
    discord.rest.botToken = 'another-token-the-fake-now-wants-000000';
    await enqueue(
      t.ctx.db,
      [{ eventKey: 'dm:1', channel: 'discord_dm', target: 'p001', payload: { content: 'やあ' } }],
      t.clock.now(),
    );
    await deliver();
    discord.rest.webhooks.clear();
    t.clock.advance(1);
    await t.request({ method: 'POST', url: '/api/admin/discord/test', token: admin, payload: {} });
    await deliver();
    const written = log.join('');
    expect(written.match(/notification not delivered/g)?.length).toBeGreaterThanOrEqual(4);
    expect(written).toContain('Discord 401');
    expect(written).not.toContain(webhookToken);
    expect(written).not.toContain(botToken);
    expect(written).not.toContain('/webhooks/');
  });
});
