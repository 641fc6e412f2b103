import { DEFAULT_NOTIFICATION_PREFS, type NotificationSettings } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { outboxCounts } from '../src/notifications/outbox.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { type FakeDevice, FakePushService } from './helpers/fake-push.ts';
import { activeSeason, matchTen, postReport, report as reportPayload } from './helpers/match.ts';

// Push notifications end to end: a device subscribes through the API, the server encrypts and signs each
// notification for it (web-push), and a local push service checks the VAPID signature and decrypts the payload
// with the device's own keys. What arrives is what a phone's service worker would be given.

let push: FakePushService;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  push = await new FakePushService().start();
});
afterAll(async () => push.close());

beforeEach(async () => {
  t = await createTestApp({ env: { PUSH_ENDPOINT_ORIGINS: push.origin } });
  admin = await t.login('dummy_admin');
  await activeSeason(t);
});
afterEach(async () => t.close());

/** Every notification queued so far has been tried. */
async function delivered(): Promise<void> {
  await t.built.events.drain();
  for (let i = 0; i < 50; i++) {
    t.built.modules.notifications.outbox.wake();
    await t.built.modules.notifications.outbox.idle();
    const counts = await outboxCounts(t.ctx.db);
    if (!counts.pending && !counts.sending) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function subscribe(token: string) {
  const device = push.device();
  const res = await t.request({
    method: 'POST',
    url: '/api/notifications/push-subscriptions',
    token,
    payload: { ...device.subscription, expirationTime: null, label: 'Pixel 8 / Chrome' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return device;
}

describe('settings', () => {
  it('gives the defaults, the VAPID key and the devices, and saves choices', async () => {
    const token = await t.login('dummy_01');
    const res = await t.request({ method: 'GET', url: '/api/notifications/me', token });
    expect(res.statusCode).toBe(200);
    const body = res.json() as NotificationSettings;
    expect(body.prefs).toEqual(DEFAULT_NOTIFICATION_PREFS);
    expect(body.vapid_public_key).toMatch(/^[\w-]{87}$/);
    expect(body.devices).toEqual([]);
    expect(body.discord_dm_available).toBe(false);

    const prefs = { ...DEFAULT_NOTIFICATION_PREFS, push: { ...DEFAULT_NOTIFICATION_PREFS.push, lobby_set: false } };
    const saved = await t.request({ method: 'PUT', url: '/api/notifications/me', token, payload: prefs });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as NotificationSettings).prefs.push.lobby_set).toBe(false);
    expect(await t.request({ method: 'GET', url: '/api/notifications/me' })).toMatchObject({ statusCode: 401 });
  });

  it('refuses bad choices with a code and changes nothing', async () => {
    const token = await t.login('dummy_01');
    const base = DEFAULT_NOTIFICATION_PREFS;
    const cases: [object, string][] = [
      [{ ...base, near_alert: { ...base.near_alert, min_players: 12 } }, 'NEAR_ALERT_MIN_RANGE'],
      [{ ...base, near_alert: { ...base.near_alert, from_hour: 20, to_hour: 20 } }, 'NEAR_ALERT_HOURS_INVALID'],
      [{ ...base, near_alert: { ...base.near_alert, to_hour: 25 } }, 'NEAR_ALERT_HOURS_INVALID'],
      [{ ...base, push: { ...base.push, match_found: 'yes' } }, 'NOTIFY_KIND_INVALID'],
    ];
    for (const [payload, code] of cases) {
      const res = await t.request({ method: 'PUT', url: '/api/notifications/me', token, payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe(code);
    }
    const rows = rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from notification_prefs`));
    expect(rows[0]?.n).toBe(0);
  });

  it('accepts only push services, well-formed keys, and removes a device', async () => {
    const token = await t.login('dummy_01');
    const device = push.device();
    const bad: [object, number, string][] = [
      [{ ...device.subscription, endpoint: 'https://169.254.169.254/latest' }, 400, 'PUSH_ENDPOINT_NOT_ALLOWED'],
      [{ ...device.subscription, endpoint: 'http://127.0.0.1:6379/' }, 400, 'PUSH_ENDPOINT_NOT_ALLOWED'],
      [{ ...device.subscription, endpoint: 'javascript:alert(1)' }, 400, 'PUSH_ENDPOINT_INVALID'],
      [{ ...device.subscription, keys: { p256dh: 'not base64!', auth: 'x' } }, 400, 'PUSH_KEYS_INVALID'],
      [{ ...device.subscription, label: 'Pixel\u0007' }, 400, 'TEXT_CONTROL_CHARACTERS'],
    ];
    for (const [payload, status, code] of bad) {
      const res = await t.request({ method: 'POST', url: '/api/notifications/push-subscriptions', token, payload });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
    }
    const ok = await t.request({
      method: 'POST',
      url: '/api/notifications/push-subscriptions',
      token,
      payload: device.subscription,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const me = (await t.request({ method: 'GET', url: '/api/notifications/me', token })).json() as NotificationSettings;
    expect(me.devices.map((d) => d.endpoint)).toEqual([device.subscription.endpoint]);
    const remove = (endpoint: string) =>
      t.request({ method: 'DELETE', url: '/api/notifications/push-subscriptions', token, payload: { endpoint } });
    expect((await remove(device.subscription.endpoint)).statusCode).toBe(200);
    const again = await remove(device.subscription.endpoint);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('PUSH_SUBSCRIPTION_NOT_FOUND');
  });
});

describe('delivery', () => {
  it('pushes the match, then its lobby, encrypted for each device and signed, once each', async () => {
    const tokens = new Map<string, string>();
    const devices = new Map<string, ReturnType<FakePushService['device']>>();
    for (let i = 1; i <= 10; i++) {
      const id = `dummy_${String(i).padStart(2, '0')}`;
      tokens.set(id, await t.login(id));
      devices.set(id, await subscribe(tokens.get(id) as string));
    }
    const m = await matchTen(t, admin);
    await delivered();
    expect(push.refused).toEqual([]);
    for (const [, device] of devices) {
      expect(push.messagesOf(device.id)).toEqual([
        expect.objectContaining({ kind: 'match_found', url: '/?tab=match', tag: `match-${m.match.match_id}` }),
      ]);
    }
    const first = push.received[0];
    expect(first?.claims.aud).toBe(push.origin);
    expect(first?.vapidKey).toBe(t.ctx.config.push?.publicKey);
    expect(first?.urgency).toBe('high');

    const host = m.match.host_user_id as string;
    const lobby = await t.request({
      method: 'POST',
      url: '/api/matches/lobby/update',
      token: m.tokenOf(host),
      payload: { lobby_id: '12345678' },
    });
    expect(lobby.statusCode, lobby.body).toBe(200);
    // The same match found again (a retried publish) and the lobby's later updates change nothing.
    await t.built.events.publish({ type: 'match.found', match_id: m.match.match_id, user_ids: [...devices.keys()] });
    await delivered();
    for (const [, device] of devices) {
      const kinds = push.messagesOf(device.id).map((p) => (p as { kind: string }).kind);
      expect(kinds).toEqual(['match_found', 'lobby_set']);
    }
    expect(push.messagesOf(devices.get(host)?.id as string)[1]).toMatchObject({ title: 'ロビー番号 12345678' });
  });

  it('follows each player’s choices', async () => {
    const token = await t.login('dummy_01');
    const device = await subscribe(token);
    const prefs = { ...DEFAULT_NOTIFICATION_PREFS, push: { ...DEFAULT_NOTIFICATION_PREFS.push, match_found: false } };
    await t.request({ method: 'PUT', url: '/api/notifications/me', token, payload: prefs });
    await t.built.events.publish({ type: 'match.found', match_id: '77', user_ids: ['dummy_01'] });
    await delivered();
    expect(push.messagesOf(device.id)).toEqual([]);
  });

  it("queues a wave's burst of alerts with a few lookups, each alert to its own players", async () => {
    // Issue 37 (bench:scale): one alert a match built and sent its lookups at once, 2 queries a match: after a wave
    // of 10,000 matches its instance's event loop was held for seconds and 20,000 queries waited for its pool.
    const first = await subscribe(await t.login('dummy_01'));
    const last = await subscribe(await t.login('dummy_02'));
    const others = (m: number) => Array.from({ length: 9 }, (_, i) => `dummy_burst_${m}_${i}`);
    const burst = Array.from({ length: 300 }, (_, m) => ({
      type: 'match.found' as const,
      match_id: String(9000 + m),
      user_ids: [...others(m), ...(m === 0 ? ['dummy_01'] : m === 299 ? ['dummy_02'] : [])],
    }));
    const db = t.ctx.db;
    const select = db.select.bind(db);
    let selects = 0;
    db.select = ((...args: Parameters<typeof select>) => {
      selects += 1;
      return select(...args);
    }) as typeof db.select;
    try {
      await t.built.events.publish(...burst);
      await t.built.events.drain();
    } finally {
      db.select = select;
    }
    // The first alert alone (it comes first), then the other 299 in two lookups of 200 and 99: choices and devices
    // (and whatever the outbox's worker reads meanwhile), not 600.
    expect(selects).toBeLessThanOrEqual(12);
    await delivered();
    expect(push.messagesOf(first.id)).toEqual([expect.objectContaining({ kind: 'match_found', tag: 'match-9000' })]);
    expect(push.messagesOf(last.id)).toEqual([expect.objectContaining({ kind: 'match_found', tag: 'match-9299' })]);
  });

  it('removes a device the push service says is gone, and retries after a 429', async () => {
    const token = await t.login('dummy_01');
    const gone = await subscribe(token);
    const busy = await subscribe(await t.login('dummy_02'));
    push.answer(gone.id, { status: 410 });
    push.answer(busy.id, { status: 429, headers: { 'retry-after': '30' }, times: 1 });
    await t.built.events.publish({ type: 'match.found', match_id: '78', user_ids: ['dummy_01', 'dummy_02'] });
    await delivered();
    const left = rowsOf(await t.ctx.db.execute(sql`select user_id from push_subscriptions order by user_id`));
    expect(left).toEqual([{ user_id: 'dummy_02' }]);
    // Their last device is gone: my page says so (issue 36, item 12) until a device is added again.
    const settings = await t.request({ method: 'GET', url: '/api/notifications/me', token });
    expect(settings.json()).toMatchObject({ devices: [], devices_lost_at: t.clock.now() });
    await subscribe(token);
    expect((await t.request({ method: 'GET', url: '/api/notifications/me', token })).json().devices_lost_at).toBeNull();
    expect(push.messagesOf(busy.id)).toEqual([]);
    t.clock.advance(31);
    await delivered();
    expect(push.messagesOf(busy.id)).toEqual([expect.objectContaining({ kind: 'match_found' })]);
  });

  it('never holds up a wave: a push service that hangs is waited for in the background', async () => {
    const tokens: string[] = [];
    for (let i = 1; i <= 10; i++) tokens.push(await t.login(`dummy_${String(i).padStart(2, '0')}`));
    const slow = await subscribe(tokens[0] as string);
    push.answer(slow.id, { delayMs: 1500 });
    await matchTen(t, admin);
    // The wave has answered and the match exists; the push is still on its way.
    expect(push.messagesOf(slow.id)).toEqual([]);
    await delivered();
    expect(push.messagesOf(slow.id)).toEqual([expect.objectContaining({ kind: 'match_found' })]);
  });

  it('stops at logout (that session’s devices) and at a ban (every device)', async () => {
    const first = await t.login('dummy_01');
    const second = await t.login('dummy_01');
    await subscribe(first);
    await subscribe(second);
    await t.request({ method: 'POST', url: '/api/auth/logout', token: first });
    await t.built.events.drain();
    const count = async () =>
      rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from push_subscriptions`))[0]?.n;
    expect(await count()).toBe(1);
    const ban = await t.request({
      method: 'PUT',
      url: '/api/admin/users/dummy_01',
      token: admin,
      payload: { is_banned: true },
    });
    expect(ban.statusCode, ban.body).toBe(200);
    await t.built.events.drain();
    expect(await count()).toBe(0);
  });

  it('reminds players who have not reported, ten minutes before the deadline, once', async () => {
    const m = await matchTen(t, admin);
    const devices = new Map<string, ReturnType<FakePushService['device']>>();
    for (const id of [...m.teamA, ...m.teamB]) devices.set(id, await subscribe(m.tokenOf(id)));
    const reporter = m.teamA[0] as string;
    const report = await postReport(t, m.match.match_id, m.tokenOf(reporter), reportPayload('A-win'));
    expect(report.statusCode, report.body).toBe(200);
    t.clock.advance(49 * 60);
    await t.built.jobs.run('report-reminders');
    await delivered();
    for (const device of devices.values()) expect(push.messagesOf(device.id)).toEqual([]);
    t.clock.advance(2 * 60);
    await t.built.jobs.run('report-reminders');
    await t.built.jobs.run('report-reminders');
    await delivered();
    for (const [id, device] of devices) {
      const reminders = push.messagesOf(device.id).filter((p) => (p as { kind: string }).kind === 'report_reminder');
      expect(reminders.length, id).toBe(id === reporter ? 0 : 1);
    }
  });
});

describe('when to come', () => {
  const join = async (id: string, rate: number) => {
    const token = await t.login(id, { rate, trainer_name: `トレーナー${id.slice(-2)}` });
    const res = await t.request({ method: 'POST', url: '/api/queue/join', token, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    return token;
  };

  it('gives the queue by hour, the next wave and, signed in, the players near my rate', async () => {
    // 2027-01-15 17:00 JST (a Friday, matching hours). Waves at 20:xx JST on earlier days: queues 4, 6, 8.
    const now = t.clock.now();
    const at20 = now - 86_400 + 3 * 3600;
    for (const [i, candidates] of [4, 6, 8].entries()) {
      await t.ctx.db.execute(sql`insert into wave_runs (ran_at, candidates, matched, left_waiting, match_count,
        average_wait_seconds, metrics, slot) values (${at20 - i * 86_400}, ${candidates}, 0, ${candidates}, 0,
        ${i === 0 ? 240 : null}, '{}'::jsonb, ${at20 - i * 86_400})`);
    }
    for (const [id, rate] of [
      ['dummy_11', 1450],
      ['dummy_12', 1690],
      ['dummy_13', 1750],
      ['dummy_14', 1300],
    ] as const) {
      await join(id, rate);
    }
    const me = await t.login('dummy_15', { rate: 1500 });
    const res = await t.request({ method: 'GET', url: '/api/queue/outlook', token: me });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.by_hour).toHaveLength(24);
    expect(body.by_hour[20]).toEqual({ hour: 20, typical_queue: 6, wait_p50_seconds: 240, waves: 3 });
    expect(body.by_hour[3]).toEqual({ hour: 3, typical_queue: 0, wait_p50_seconds: null, waves: 0 });
    expect(body.next_wave_at).toBe(Math.ceil((now + 1) / 120) * 120);
    expect(body.total_waiting).toBe(4);
    // Within ±200 of 1500: 1450, 1690 and 1300, not 1750.
    expect(body.near_waiting).toBe(3);
    const anonymous = (await t.request({ method: 'GET', url: '/api/queue/outlook' })).json();
    expect(anonymous.near_waiting).toBeNull();
  });

  it('alerts an opted-in player in their hours, once per matching day, never while queued, banned or timed out', async () => {
    const watcherToken = await t.login('dummy_20', { rate: 1500, trainer_name: 'みはり' });
    const watcher = await subscribe(watcherToken);
    const near = { enabled: true, min_players: 3, from_hour: 16, to_hour: 23 };
    const put = await t.request({
      method: 'PUT',
      url: '/api/notifications/me',
      token: watcherToken,
      payload: { ...DEFAULT_NOTIFICATION_PREFS, near_alert: near },
    });
    expect(put.statusCode, put.body).toBe(200);
    const alerts = () => push.messagesOf(watcher.id).filter((p) => (p as { kind: string }).kind === 'queue_near');
    const run = async () => {
      await t.built.jobs.run('queue-near-alerts');
      await delivered();
    };
    await join('dummy_21', 1500);
    await join('dummy_22', 1550);
    await run();
    expect(alerts()).toEqual([]); // two near: fewer than three
    await join('dummy_23', 1900); // outside the window
    await run();
    expect(alerts()).toEqual([]);
    await join('dummy_24', 1400);
    await run();
    expect(alerts()).toEqual([expect.objectContaining({ body: expect.stringContaining('3人') })]);
    await run();
    t.clock.advance(3600);
    await run();
    expect(alerts()).toHaveLength(1); // once per matching day
    // The next day (after 04:00), at 17:00 again: alerted again, unless timed out or queued.
    t.clock.advance(23 * 3600);
    await t.ctx.db.execute(sql`update users set penalty_timeout_until = ${t.clock.now() + 600} where id = 'dummy_20'`);
    await run();
    expect(alerts()).toHaveLength(1);
    await t.ctx.db.execute(sql`update users set penalty_timeout_until = null where id = 'dummy_20'`);
    const fresh = await t.login('dummy_20'); // a day later: the first token has expired
    const joined = await t.request({ method: 'POST', url: '/api/queue/join', token: fresh, payload: {} });
    expect(joined.statusCode, joined.body).toBe(200);
    await run();
    expect(alerts()).toHaveLength(1);
    await t.request({ method: 'POST', url: '/api/queue/leave', token: fresh });
    await run();
    expect(alerts()).toHaveLength(2);
  });
});

describe('two instances', () => {
  it('deliver each notification once: both workers claim from one queue', async () => {
    const other = await createTestApp({ env: { PUSH_ENDPOINT_ORIGINS: push.origin }, reset: false, seed: false });
    try {
      const ids = Array.from({ length: 30 }, (_, i) => `dummy_${String(30 + i).padStart(2, '0')}`);
      const devices: FakeDevice[] = [];
      for (const id of ids) devices.push(await subscribe(await t.login(id)));
      // The event is handled on the instance that committed; both instances' workers then race for the rows.
      await t.built.events.publish({ type: 'match.found', match_id: '900', user_ids: ids });
      await t.built.events.drain();
      other.built.modules.notifications.outbox.wake();
      t.built.modules.notifications.outbox.wake();
      await Promise.all([other.built.modules.notifications.outbox.idle(), t.built.modules.notifications.outbox.idle()]);
      await delivered();
      for (const device of devices) expect(push.messagesOf(device.id)).toHaveLength(1);
      expect(await outboxCounts(t.ctx.db)).toEqual({ sent: 30 });
    } finally {
      await other.close();
    }
  });
});
