import type { AddressInfo } from 'node:net';
import { serverMessageSchema } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RedisBus } from '../src/events/bus.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { TestSocket } from './helpers/ws-client.ts';

let t: TestApp;
let base: string;
const sockets: TestSocket[] = [];

async function seasonNow(app: TestApp) {
  const now = app.clock.now();
  await app.ctx.db.execute(sql`insert into seasons (id, name, start_date, end_date, is_active)
    values ('s-ws', 'WS', ${now - 86_400}, ${now + 86_400}, true) on conflict do nothing`);
  await app.ctx.db.execute(sql`update users set start_rate = 1500 where id like 'dummy_%'`);
}

async function listen(app: TestApp): Promise<string> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.app.server.address() as AddressInfo).port}/api/ws`;
}

async function connect(url: string, token: string) {
  const socket = await TestSocket.open(`${url}?token=${encodeURIComponent(token)}`);
  sockets.push(socket);
  return socket;
}

beforeEach(async () => {
  t = await createTestApp();
  await seasonNow(t);
  base = await listen(t);
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await t.close();
});

describe('WebSocket', () => {
  it('refuses a connection without a valid token', async () => {
    const socket = await TestSocket.open(`${base}?token=nope`);
    sockets.push(socket);
    const error = await socket.next('error');
    expect(error).toMatchObject({
      code: 'UNAUTHORIZED',
      error: '認証の有効期限が切れました。再度ログインしてください。',
    });
    expect(await socket.closed()).toBe(4401);
    const bare = await TestSocket.open(base);
    sockets.push(bare);
    expect(await bare.next('error')).toMatchObject({ code: 'LOGIN_REQUIRED', error: 'ログインが必要です' });
    expect(await bare.closed()).toBe(4401);
  });

  it('answers askQueueInfo with the full queue info, and unexpected frames with an error', async () => {
    const socket = await connect(base, await t.login('dummy_01'));
    socket.send({ action: 'askQueueInfo' });
    const info = serverMessageSchema.parse(await socket.next('queueInfo'));
    expect(info).toMatchObject({ type: 'queueInfo', data: { total_waiting: 0 } });
    socket.send({ action: 'dance' });
    expect(await socket.next('error')).toMatchObject({ code: 'WS_UNEXPECTED_MESSAGE' });
  });

  it('pushes coalesced queue diffs with only the changed fields', async () => {
    const watcher = await connect(base, await t.login('dummy_01'));
    const tokens = await Promise.all(['dummy_02', 'dummy_03', 'dummy_04'].map((id) => t.login(id)));
    for (const token of tokens) await t.request({ method: 'POST', url: '/api/queue/join', token, payload: {} });
    const diff = await watcher.next('queueDiff');
    expect(diff.data.total_waiting).toBe(3);
    // Three joins within a second make a single diff.
    await new Promise((r) => setTimeout(r, 1200));
    expect(watcher.messages.filter((m) => m.type === 'queueDiff')).toHaveLength(1);
    await t.request({ method: 'POST', url: '/api/queue/leave', token: tokens[0] as string });
    const second = await watcher.next('queueDiff');
    expect(second.data).toEqual({ total_waiting: 2 });
  });

  it("tells every tab of a player their own queue entry as it changes, and nobody else's", async () => {
    const token = await t.login('dummy_01');
    const [tab1, tab2] = [await connect(base, token), await connect(base, await t.login('dummy_01'))];
    const other = await connect(base, await t.login('dummy_02'));
    await t.request({ method: 'POST', url: '/api/queue/join', token, payload: { roles: ['TANK'] } });
    for (const tab of [tab1, tab2]) {
      const joined = serverMessageSchema.parse(await tab.next('queueStatus'));
      expect(joined).toMatchObject({ data: { in_queue: true, entry: { user_id: 'dummy_01', roles: ['TANK'] } } });
    }
    await t.request({ method: 'POST', url: '/api/queue/leave', token });
    for (const tab of [tab1, tab2])
      expect(await tab.next('queueStatus')).toEqual({
        type: 'queueStatus',
        data: { in_queue: false, entry: null },
      });
    await new Promise((r) => setTimeout(r, 200));
    expect(other.messages.filter((m) => m.type === 'queueStatus')).toEqual([]);
  });

  it('tells each client in a queue diff whether its own user is in a match, not who else is', async () => {
    const admin = await t.login('dummy_admin');
    const player = await connect(base, await t.login('dummy_01'));
    const outsider = await connect(base, await t.login('dummy_25'));
    await t.request({ method: 'POST', url: '/api/debug/queue/fill', token: admin, payload: { count: 10 } });
    expect((await outsider.next('queueDiff')).data).toMatchObject({ total_waiting: 10 });
    await player.next('queueDiff');
    await t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin });
    const seen = (await outsider.next('queueDiff')).data;
    expect(seen).toMatchObject({ ongoing_matches: 1, total_waiting: 0 });
    expect(seen).not.toHaveProperty('ongoing_match_players');
    expect((await player.next('queueDiff')).data).toMatchObject({
      ongoing_matches: 1,
      ongoing_match_players: ['dummy_01'],
    });
    // GET /api/queue still lists every player in a match.
    const info = (await t.request({ method: 'GET', url: '/api/queue' })).json();
    expect(info.ongoing_match_players).toHaveLength(10);
  });

  it('tells the ten players of a new match, and only participants (or admins) may subscribe to it', async () => {
    const admin = await t.login('dummy_admin');
    await t.request({ method: 'POST', url: '/api/debug/queue/fill', token: admin, payload: { count: 10 } });
    const players = await Promise.all(
      Array.from({ length: 10 }, async (_, i) =>
        connect(base, await t.login(`dummy_${String(i + 1).padStart(2, '0')}`)),
      ),
    );
    const outsider = await connect(base, await t.login('dummy_25'));
    const found = Promise.all(players.map((p) => p.next('matchFound')));
    const outcome = (await t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin })).json();
    const messages = await found;
    const matchId = outcome.created_matches[0] as string;
    expect(messages.every((m) => m.match_id === matchId)).toBe(true);
    expect(typeof matchId).toBe('string');
    expect(outsider.messages.some((m) => m.type === 'matchFound')).toBe(false);

    (players[0] as TestSocket).send({ action: 'subscribeMatch', matchId });
    expect(await (players[0] as TestSocket).next('matchSubscribed')).toEqual({
      type: 'matchSubscribed',
      match_id: matchId,
    });
    outsider.send({ action: 'subscribeMatch', matchId });
    expect(await outsider.next('matchError')).toMatchObject({ match_id: matchId, code: 'MATCH_NOT_PARTICIPANT' });
    const adminSocket = await connect(base, admin);
    adminSocket.send({ action: 'subscribeMatch', matchId });
    expect(await adminSocket.next('matchSubscribed')).toMatchObject({ match_id: matchId });
  });

  it("applies a socket's messages in the order it sent them: a subscribe and the unsubscribe after it leave it unsubscribed", async () => {
    const admin = await t.login('dummy_admin');
    await t.request({ method: 'POST', url: '/api/debug/queue/fill', token: admin, payload: { count: 10 } });
    const ids = Array.from({ length: 10 }, (_, i) => `dummy_${String(i + 1).padStart(2, '0')}`);
    const tokens = new Map(await Promise.all(ids.map(async (id) => [id, await t.login(id)] as const)));
    const [a, b] = await Promise.all(['dummy_01', 'dummy_02'].map((id) => connect(base, tokens.get(id) as string)));
    if (!a || !b) throw new Error('two sockets');
    // Answered once the hub has taken the socket on (its token checked): from then on it is told of a match.
    for (const socket of [a, b]) {
      socket.send({ action: 'ping' });
      await socket.next('pong');
    }
    const found = b.next('matchFound', 15_000);
    await t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin });
    const matchId = (await found).match_id;
    b.send({ action: 'subscribeMatch', matchId });
    await b.next('matchSubscribed');

    // The page left the match screen a moment after opening it: subscribe, then unsubscribe at once.
    a.send({ action: 'subscribeMatch', matchId });
    a.send({ action: 'unsubscribeMatch', matchId });
    await a.next('matchSubscribed');
    a.send({ action: 'ping' });
    await a.next('pong');

    const current = await t.request({ method: 'GET', url: '/api/matches/current', token: tokens.get('dummy_01') });
    const host = tokens.get(current.json().host_user_id) as string;
    const set = await t.request({
      method: 'POST',
      url: '/api/matches/lobby/update',
      token: host,
      payload: { lobby_id: '12345678' },
    });
    expect(set.statusCode).toBe(200);
    expect(await b.next('matchUpdate')).toMatchObject({ data: { match_id: matchId, lobby_id: '12345678' } });
    a.send({ action: 'ping' });
    await a.next('pong');
    expect(a.messages.filter((m) => m.type === 'matchUpdate')).toEqual([]);
  });

  it('handles messages sent before authentication finishes', async () => {
    const token = await t.login('dummy_05');
    const socket = await TestSocket.open(`${base}?token=${encodeURIComponent(token)}`);
    sockets.push(socket);
    socket.send({ action: 'ping' });
    expect(await socket.next('pong')).toEqual({ type: 'pong' });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const onPostgres = process.env.TEST_DB === 'postgres';

describe.runIf(redisUrl && onPostgres)('two instances behind Redis', () => {
  it('delivers a match found from a wave on instance A to a client on instance B', async () => {
    const channel = `rankmatch:test:${process.pid}:${Date.now()}`;
    const busA = await RedisBus.connect(redisUrl as string, channel);
    const busB = await RedisBus.connect(redisUrl as string, channel);
    const a = await createTestApp({ bus: busA });
    await seasonNow(a);
    const b = await createTestApp({ bus: busB, reset: false, seed: false });
    const urlB = await listen(b);
    try {
      const admin = await a.login('dummy_admin');
      const filled = await a.request({
        method: 'POST',
        url: '/api/debug/queue/fill',
        token: admin,
        payload: { count: 10 },
      });
      const onB = await connect(urlB, await a.login(filled.json().enqueued[0]));
      const watcherB = await connect(urlB, await a.login('dummy_30'));
      const found = onB.next('matchFound');
      const outcome = (await a.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin })).json();
      expect((await found).match_id).toBe(outcome.created_matches[0]);
      // Queue changes made on A reach B's clients too. A diff of the fill may still come first (diffs are coalesced
      // and the watcher connected after the fill): the one after the wave says the match is on.
      let diff = (await watcherB.next('queueDiff')).data;
      while (diff.ongoing_matches !== 1) diff = (await watcherB.next('queueDiff')).data;
      expect(diff).toMatchObject({ ongoing_matches: 1 });
    } finally {
      await a.close();
      await b.close();
      await busA.close();
      await busB.close();
    }
  });
});
