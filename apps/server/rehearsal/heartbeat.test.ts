import { DEFAULT_NOTIFICATION_PREFS, type ServerMessage } from '@rankmatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type FakeDevice, FakePushService } from '../test/helpers/fake-push.ts';
import { Api } from './api.ts';
import { fromJst, RehearsalClock } from './clock.ts';
import { ensureServerBuilt, ServerProcess } from './server.ts';

// The heartbeat: no admin button pressed, the real built server's own scheduler (the cron library on its simulated
// clock) runs the next even minute's wave on a Thursday evening, ten waiting players get the ready check (the site's
// default time) and press 準備完了 as the web app does, and they get their match. (The wave that took its own lock
// again skipped every scheduled turn, and only the admin's button made matches: this fails on that code.) Then the
// ready check's deadline job, by itself: a check one player does not answer fails at its deadline.

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
  it('matches ten waiting players at the next even minute: they press 準備完了, no admin presses anything', async () => {
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
    // Every player's page presses 準備完了 when the ready check comes.
    const sockets = await Promise.all(tokens.map((token) => readyPlayer(token, () => true)));
    const socket = sockets[0] as WebSocket;
    const found = new Promise<string>((resolve) => {
      socket.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as ServerMessage;
        if (message.type === 'matchFound') resolve(message.match_id);
      });
    });
    socket.send(JSON.stringify({ action: 'askQueueInfo' }));
    for (const token of tokens) {
      const join = await api.call('POST', '/api/queue/join', { token, body: {} });
      expect(join.status, JSON.stringify(join.body)).toBe(200);
    }
    // The next even minute's wave (or the one after, when the joins straddled a wave), and the presses: a few real
    // seconds.
    const nextWave = Math.ceil(clock.now() / 120) * 120;
    const matchId = await Promise.race([found, clock.until(nextWave + 120 + 60).then(() => null)]);
    for (const s of sockets) s.close();
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

  it('fails a ready check at its deadline by itself: the one who did not answer leaves the queue', async () => {
    // Ten more players (with the three left waiting: thirteen). In the check, the player listed last never answers.
    const more = Array.from({ length: 10 }, (_, i) => `dummy_hn${String(i).padStart(2, '0')}`);
    const tokens = new Map<string, string>();
    for (const id of more) {
      const login = await api.call<{ access_token: string }>('POST', '/api/auth/dummy/login', {
        body: { user_id: id, trainer_name: `ノー${id.slice(-2)}`, rate: 1500 },
      });
      tokens.set(id, login.body.access_token);
    }
    const failed: { at: number; data: Extract<ServerMessage, { type: 'readyCheck' }>['data']; id: string }[] = [];
    const sockets = await Promise.all(
      more.map((id) =>
        readyPlayer(
          tokens.get(id) as string,
          (check) => check.players.at(-1)?.user_id !== id,
          (data) => failed.push({ at: clock.now(), data, id }),
        ),
      ),
    );
    for (const id of more) {
      const join = await api.call('POST', '/api/queue/join', { token: tokens.get(id), body: {} });
      expect(join.status, JSON.stringify(join.body)).toBe(200);
    }
    const until = Math.ceil(clock.now() / 120) * 120 + 120 + 60 + 30;
    while (failed.length === 0 && clock.now() < until) await clock.sleep(2);
    await clock.sleep(5);
    for (const s of sockets) s.close();
    expect(failed.length, 'a failed ready check pushed to the new players in it').toBeGreaterThan(0);
    const check = (failed[0] as (typeof failed)[number]).data;
    // Closed by the job within its few seconds' cadence after the deadline (a busy machine adds some).
    expect((failed[0] as (typeof failed)[number]).at - check.deadline_at).toBeLessThan(20);
    const noShow = check.players.at(-1)?.user_id as string;
    for (const seen of failed) {
      const removed = seen.id === noShow;
      expect(seen.data).toMatchObject({ status: 'failed', my_outcome: removed ? 'removed' : 'requeued' });
    }
    const status = await api.call<{ in_queue: boolean }>('GET', '/api/queue/me', { token: tokens.get(noShow) });
    expect(status.body.in_queue).toBe(false);
  }, 120_000);
});

type ReadyView = Extract<ServerMessage, { type: 'readyCheck' }>['data'];

/** A player's page: its socket, and 準備完了 pressed on an open check when `answers` says so. */
async function readyPlayer(
  token: string,
  answers: (check: ReadyView) => boolean,
  onFailed: (check: ReadyView) => void = () => {},
): Promise<WebSocket> {
  const socket = new WebSocket(`${server.base.replace('http', 'ws')}/api/ws?token=${token}`);
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as ServerMessage;
    if (message.type !== 'readyCheck') return;
    if (message.data.status === 'failed') onFailed(message.data);
    if (message.data.status !== 'open' || message.data.me_ready || !answers(message.data)) return;
    const body = { ready_check_id: message.data.ready_check_id };
    void api.call('POST', '/api/queue/ready-check/ready', { token, body });
  });
  await new Promise<void>((resolve) => socket.once('open', () => resolve()));
  return socket;
}

async function subscribeDevice(token: string) {
  const device = push.device();
  const res = await api.call('POST', '/api/notifications/push-subscriptions', { token, body: device.subscription });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return device;
}
