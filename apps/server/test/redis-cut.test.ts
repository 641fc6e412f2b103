import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DomainEvent, REDIS_BUFFER_LIMIT, RedisBus } from '../src/events/bus.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { CuttableProxy } from './helpers/cuttable-proxy.ts';
import { activeSeason } from './helpers/match.ts';
import { TestSocket } from './helpers/ws-client.ts';

// A Redis outage between two instances (issue 23, part 4), on the real Redis of TEST_REDIS_URL: both instances reach
// it through a TCP proxy of the test's own, which the test cuts (every connection closed, new ones refused) and
// restores. What instance A publishes meanwhile waits in its buffer and reaches the clients of instance B once Redis
// is back: in order, once, without making them reconnect. Only when events were lost (more than the buffer holds)
// are B's clients asked to reconnect (1012) and read the state over HTTP.

const redisUrl = process.env.TEST_REDIS_URL;
const onPostgres = process.env.TEST_DB === 'postgres';

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const update = (id: string): DomainEvent => ({
  type: 'match.updated',
  data: { match_id: id, lobby_id: null, host_user_id: null, status: 'matched', report_count: 0 },
});

describe.runIf(redisUrl && onPostgres)('a Redis outage cut between two instances and Redis', () => {
  let proxy: CuttableProxy;
  let a: TestApp;
  let b: TestApp;
  let busA: RedisBus;
  let busB: RedisBus;
  let wsB: string;
  let channel: string;
  /** Every event B's bus delivered to B's listeners. */
  const seenOnB: DomainEvent[] = [];
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    const target = new URL(redisUrl as string);
    proxy = new CuttableProxy(target.hostname, Number(target.port || 6379));
    await proxy.start();
    const url = `redis://127.0.0.1:${proxy.port}${target.pathname}`;
    channel = `rankmatch:test-cut:${process.pid}:${Date.now()}:events`;
    busA = await RedisBus.connect(url, channel);
    busB = await RedisBus.connect(url, channel);
    busB.subscribe((event) => seenOnB.push(event));
    a = await createTestApp({ bus: busA });
    b = await createTestApp({ bus: busB, reset: false, seed: false });
    await activeSeason(a);
    await a.ctx.db.execute(sql`update users set start_rate = 1500 where is_dummy`);
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    wsB = `ws://127.0.0.1:${(b.app.server.address() as AddressInfo).port}/api/ws`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await a?.close();
    await b?.close();
    await busA?.close();
    await busB?.close();
    await proxy?.cut();
    const raw = new Redis(redisUrl as string);
    await raw.del(channel);
    raw.disconnect();
  });

  /** Cuts Redis off and waits until both instances noticed (their health says degraded). */
  async function cut(): Promise<void> {
    await proxy.cut();
    for (const app of [a, b]) {
      await until(
        async () => (await app.request({ method: 'GET', url: '/api/health' })).json().status === 'degraded',
        5000,
        'health to say degraded',
      );
    }
  }

  it('delivers what A published meanwhile to B’s clients once Redis is back: in order, once, no reconnect', async () => {
    const admin = await a.login('dummy_admin');
    const players = Array.from({ length: 10 }, (_, i) => `dummy_${String(i + 1).padStart(2, '0')}`);
    const tokens = await Promise.all(players.map((id) => a.login(id)));
    const onB = await Promise.all(tokens.map((token) => TestSocket.open(`${wsB}?token=${encodeURIComponent(token)}`)));
    sockets.push(...onB);
    for (const socket of onB) {
      socket.send({ action: 'ping' });
      await socket.next('pong');
    }

    await cut();
    seenOnB.length = 0;
    for (const token of tokens) {
      const res = await a.request({ method: 'POST', url: '/api/queue/join', token, payload: {} });
      expect(res.statusCode, res.body).toBe(200);
    }
    const wave = await a.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin });
    expect(wave.statusCode, wave.body).toBe(200);
    const matchId = wave.json().created_matches[0] as string;
    expect(matchId).toBeDefined();
    // A numbered series after the wave, each in a turn (a message) of its own.
    const series = Array.from({ length: 30 }, (_, i) => `order-${i}`);
    for (const id of series) {
      void busA.publish(update(id));
      await nextTurn();
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(seenOnB.filter((e) => e.type === 'match.found')).toEqual([]);

    await proxy.restore();
    const restored = performance.now();
    const found = await Promise.all(onB.map((socket) => socket.next('matchFound', 15_000)));
    const deliveredMs = performance.now() - restored;
    expect(found.map((m) => m.match_id)).toEqual(players.map(() => matchId));
    await until(() => seenOnB.filter((e) => e.type === 'match.updated').length >= series.length, 5000, 'the series');
    // Nothing comes twice, and nobody was asked to reconnect.
    await new Promise((r) => setTimeout(r, 500));
    for (const socket of onB) {
      expect(socket.messages.filter((m) => m.type === 'matchFound')).toHaveLength(1);
      expect(socket.closeCode).toBeNull();
    }
    const foundOnB = seenOnB.filter((e) => e.type === 'match.found');
    expect(foundOnB).toHaveLength(1);
    const ids = seenOnB.flatMap((e) => (e.type === 'match.updated' ? [e.data.match_id] : []));
    expect(ids.filter((id) => id.startsWith('order-'))).toEqual(series);
    // In publication order: the wave's match.found before the series.
    expect(seenOnB.indexOf(foundOnB[0] as DomainEvent)).toBeLessThan(
      seenOnB.findIndex((e) => e.type === 'match.updated' && e.data.match_id === 'order-0'),
    );
    if (process.env.REDIS_CUT_FIGURES)
      console.info(`buffered matchFound on B: ${deliveredMs.toFixed(0)} ms after restore`);
    expect(deliveredMs).toBeLessThan(10_000);
    const current = await b.request({ method: 'GET', url: '/api/matches/current', token: tokens[0] });
    expect(current.json().match_id).toBe(matchId);
  });

  it('asks B’s clients to reconnect (1012) when events were lost: more than A’s buffer holds', async () => {
    const token = await a.login('dummy_20');
    const socket = await TestSocket.open(`${wsB}?token=${encodeURIComponent(token)}`);
    sockets.push(socket);
    socket.send({ action: 'ping' });
    await socket.next('pong');
    // B knows A's sequence: a gap in it is what tells B that events were lost.
    void busA.publish(update('known'));
    await until(() => seenOnB.some((e) => e.type === 'match.updated' && e.data.match_id === 'known'), 5000, 'A');

    await cut();
    for (let i = 0; i < REDIS_BUFFER_LIMIT + 50; i++) void busA.publish(update(`lost-${i}`));
    await nextTurn();
    expect(busA.dropped).toBeGreaterThan(0);
    await proxy.restore();
    const restored = performance.now();
    expect(await socket.closed(15_000)).toBe(1012);
    const closedMs = performance.now() - restored;
    if (process.env.REDIS_CUT_FIGURES)
      console.info(`lost events: B's client closed 1012 ${closedMs.toFixed(0)} ms after restore`);
    // The newest events that fitted in the buffer still arrive, in order.
    await until(
      () => seenOnB.some((e) => e.type === 'match.updated' && e.data.match_id === `lost-${REDIS_BUFFER_LIMIT + 49}`),
      5000,
      'the last event',
    );
  });
});
