import { DEFAULT_NOTIFICATION_PREFS, type ServerMessage } from '@rankmatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type FakeDevice, FakePushService } from '../test/helpers/fake-push.ts';
import { Api } from './api.ts';
import { fromJst, RehearsalClock } from './clock.ts';
import { ensureServerBuilt, ServerProcess } from './server.ts';

// The heartbeat: nothing pressed, the real built server's own scheduler (the cron library on its simulated clock)
// runs the next even minute's wave on a Thursday evening and ten waiting players get their match. (The wave that took
// its own lock again skipped every scheduled turn, and only the admin's button made matches: this fails on that code.)

const speed = 20;
let server: ServerProcess;
let clock: RehearsalClock;
let api: Api;
let push: FakePushService;
// Ten who are matched, and three more at the same rate who are left waiting after the wave.
const ids = Array.from({ length: 13 }, (_, i) => `dummy_hb${String(i).padStart(2, '0')}`);

beforeAll(async () => {
  ensureServerBuilt();
  // From 19:20 JST on a Thursday: matching hours, a few waves after the server is up.
  clock = new RehearsalClock(fromJst('2026-11-26T19:20'), speed);
  push = await new FakePushService(() => clock.now()).start();
  server = new ServerProcess('heartbeat', {
    SIMULATED_CLOCK: clock.env,
    SEED_DEMO_DATA: 'false',
    PUSH_ENDPOINT_ORIGINS: push.origin,
  });
  await server.start();
  api = new Api([server.base]);
}, 120_000);

afterAll(async () => {
  api?.close();
  await push?.close();
  expect(await server?.stop()).toBe(0);
});

describe('the scheduled wave (real server, its own cron, a simulated clock)', () => {
  it('matches ten waiting players at the next even minute with nobody pressing anything', async () => {
    const admin = (
      await api.call<{ access_token: string }>('POST', '/api/auth/dummy/login', { body: { user_id: 'dummy_admin' } })
    ).body.access_token;
    const now = Math.floor(clock.now());
    const season = { id: 'heartbeat', name: 'シーズン1', start_date: now - 86_400, end_date: now + 30 * 86_400 };
    expect((await api.call('POST', '/api/admin/seasons', { token: admin, body: season })).status).toBe(200);
    expect((await api.call('POST', '/api/admin/seasons/heartbeat/activate', { token: admin })).status).toBe(200);

    const tokens: string[] = [];
    for (const id of ids) {
      const login = await api.call<{ access_token: string }>('POST', '/api/auth/dummy/login', {
        body: { user_id: id, trainer_name: `ハート${id.slice(-2)}`, rate: 1500 },
      });
      tokens.push(login.body.access_token);
    }
    // Every player's phone, and a player who asked to be told when three players near their rate wait.
    const phones: FakeDevice[] = [];
    for (const token of tokens) phones.push(await subscribeDevice(token));
    const alerted = await api.call<{ access_token: string }>('POST', '/api/auth/dummy/login', {
      body: { user_id: 'dummy_hbnear', trainer_name: 'ちかい', rate: 1500 },
    });
    const watcher = await subscribeDevice(alerted.body.access_token);
    const prefs = {
      ...DEFAULT_NOTIFICATION_PREFS,
      near_alert: { enabled: true, min_players: 3, from_hour: 0, to_hour: 24 },
    };
    const saved = await api.call('PUT', '/api/notifications/me', { token: alerted.body.access_token, body: prefs });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const socket = new WebSocket(`${server.base.replace('http', 'ws')}/api/ws?token=${tokens[0]}`);
    const found = new Promise<string>((resolve) => {
      socket.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as ServerMessage;
        if (message.type === 'matchFound') resolve(message.match_id);
      });
    });
    await new Promise<void>((resolve) => socket.once('open', () => resolve()));
    socket.send(JSON.stringify({ action: 'askQueueInfo' }));
    for (const token of tokens) {
      const join = await api.call('POST', '/api/queue/join', { token, body: {} });
      expect(join.status, JSON.stringify(join.body)).toBe(200);
    }
    // The next even minute's wave (or the one after, when the joins straddled a wave): a few real seconds.
    const nextWave = Math.ceil(clock.now() / 120) * 120;
    const matchId = await Promise.race([found, clock.until(nextWave + 120 + 30).then(() => null)]);
    socket.close();
    expect(matchId, 'a match at the next waves without anybody pressing anything').not.toBeNull();
    const matched: boolean[] = [];
    for (const token of tokens) {
      const mine = await api.call<{ match: { match_id: string } | null }>('GET', '/api/matches/me', { token });
      matched.push(mine.body.match?.match_id === matchId);
    }
    expect(matched.filter(Boolean)).toHaveLength(10);
    const queue = await api.call<{ total_waiting: number }>('GET', '/api/queue');
    expect(queue.body.total_waiting).toBe(3);

    // By itself too: the phone got the match (encrypted, signed, checked by the local push service), and the watcher
    // the queue alert of the odd minute after the wave (three players near their rate still waiting), once.
    await clock.until(nextWave + 240 + 60);
    expect(push.refused).toEqual([]);
    phones.forEach((phone, i) => {
      const found = [expect.objectContaining({ kind: 'match_found', url: '/?tab=match' })];
      expect(push.messagesOf(phone.id)).toEqual(matched[i] ? found : []);
    });
    expect(push.messagesOf(watcher.id)).toEqual([
      expect.objectContaining({ kind: 'queue_near', title: 'レートの近いプレイヤーがマッチング待ちです' }),
    ]);
  }, 120_000);
});

async function subscribeDevice(token: string) {
  const device = push.device();
  const res = await api.call('POST', '/api/notifications/push-subscriptions', { token, body: device.subscription });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return device;
}
