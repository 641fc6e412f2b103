import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_CLOSE_CODE,
  RECONNECT_ATTEMPTS,
  RECONNECT_DELAY_MAX_MS,
  RECONNECT_DELAY_MS,
  RealtimeClient,
  socketUrl,
} from '../src/lib/realtime/realtime-client.ts';
import { buildQueueInfo } from '../src/testing/data.ts';
import { FakeSocketServer } from '../src/testing/fake-websocket.ts';

/** A client whose waits are all the middle of their range (RECONNECT_DELAY_MS), unless `random` says otherwise. */
function setup(random: () => number = () => 0.5) {
  const server = new FakeSocketServer();
  const client = new RealtimeClient({
    createSocket: server.create,
    url: (t) => `ws://test/api/ws?token=${t}`,
    random,
  });
  const messages: unknown[] = [];
  client.onMessage((m) => messages.push(m));
  const resyncs = vi.fn();
  client.onResync(resyncs);
  return { server, client, messages, resyncs };
}

describe('RealtimeClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects with the token and sends askQueueInfo once open', () => {
    const { server, client } = setup();
    client.connect('tok.en');
    expect(client.getState().status).toBe('connecting');
    expect(server.last.url).toBe('ws://test/api/ws?token=tok.en');
    expect(server.last.sent).toEqual([]);
    server.last.open();
    expect(client.getState()).toEqual({ status: 'open', attempt: 0 });
    expect(server.last.actions()).toEqual(['askQueueInfo']);
  });

  it('builds ws: or wss: addresses on the page origin, with the token encoded', () => {
    expect(socketUrl('a+b', { protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/api/ws?token=a%2Bb',
    );
    expect(socketUrl('t', { protocol: 'https:', host: 'rankmatch.example' })).toBe(
      'wss://rankmatch.example/api/ws?token=t',
    );
  });

  it('delivers valid server messages and ignores frames the shared schema rejects', () => {
    const { server, client, messages } = setup();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    client.connect('t');
    server.last.open();
    server.last.receive('not json');
    server.last.receive(JSON.stringify({ type: 'surprise' }));
    server.last.receive(JSON.stringify({ type: 'queueInfo', data: { total_waiting: 'many' } }));
    server.last.receive(JSON.stringify({ type: 'matchFound' }));
    expect(messages).toEqual([]);
    const info = buildQueueInfo();
    server.last.receive({ type: 'queueInfo', data: info });
    server.last.receive({ type: 'queueDiff', data: { total_waiting: 3 } });
    server.last.receive({ type: 'matchFound', match_id: '12' });
    expect(messages).toEqual([
      { type: 'queueInfo', data: info },
      { type: 'queueDiff', data: { total_waiting: 3 } },
      { type: 'matchFound', match_id: '12' },
    ]);
  });

  it('holds subscriptions made while disconnected and sends them once connected', () => {
    const { server, client } = setup();
    client.subscribeMatch('42');
    client.connect('t');
    client.subscribeMatch('43');
    expect(server.last.sent).toEqual([]);
    server.last.open();
    expect(server.last.actions()).toEqual(['askQueueInfo', 'subscribeMatch:42', 'subscribeMatch:43']);
    client.unsubscribeMatch('43');
    client.subscribeMatch('44');
    expect(server.last.actions().slice(3)).toEqual(['unsubscribeMatch:43', 'subscribeMatch:44']);
  });

  it(`reconnects up to ${RECONNECT_ATTEMPTS} times, ${RECONNECT_DELAY_MS} ms apart, then gives up`, () => {
    const { server, client } = setup();
    client.connect('t');
    server.last.open();
    server.last.drop();
    expect(client.getState()).toEqual({ status: 'reconnecting', attempt: 1 });

    for (let attempt = 1; attempt <= RECONNECT_ATTEMPTS; attempt++) {
      vi.advanceTimersByTime(RECONNECT_DELAY_MS - 1);
      expect(server.sockets).toHaveLength(attempt);
      vi.advanceTimersByTime(1);
      expect(server.sockets).toHaveLength(attempt + 1);
      server.last.drop();
    }
    expect(client.getState().status).toBe('failed');
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 10);
    expect(server.sockets).toHaveLength(RECONNECT_ATTEMPTS + 1);

    // A manual retry starts a new series.
    client.retry();
    expect(server.sockets).toHaveLength(RECONNECT_ATTEMPTS + 2);
    server.last.open();
    expect(client.getState().status).toBe('open');
  });

  it("draws each wait between half and one and a half times the delay, so a restart's clients come back spread", () => {
    const draws = [0, 0.999_999, 0.25];
    const { server, client } = setup(() => draws.shift() ?? 0.5);
    client.connect('t');
    server.last.open();
    server.last.drop();
    vi.advanceTimersByTime(RECONNECT_DELAY_MS / 2 - 1);
    expect(server.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(server.sockets).toHaveLength(2);
    server.last.drop();
    vi.advanceTimersByTime(RECONNECT_DELAY_MAX_MS - 2);
    expect(server.sockets).toHaveLength(2);
    vi.advanceTimersByTime(2);
    expect(server.sockets).toHaveLength(3);
    server.last.drop();
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 0.75 - 1);
    expect(server.sockets).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(server.sockets).toHaveLength(4);
  });

  it('spreads the waits of many clients over the whole range (Math.random by default)', () => {
    const server = new FakeSocketServer();
    const clients = Array.from({ length: 200 }, () => new RealtimeClient({ createSocket: server.create }));
    for (const c of clients) c.connect('t');
    for (const socket of [...server.sockets]) socket.open();
    for (const socket of [...server.sockets]) socket.drop();
    const reconnectedBy = (ms: number) => {
      vi.advanceTimersByTime(ms);
      return server.sockets.length - clients.length;
    };
    expect(reconnectedBy(RECONNECT_DELAY_MS / 2 - 1)).toBe(0);
    const firstSecond = reconnectedBy(1000);
    expect(firstSecond).toBeGreaterThan(30);
    expect(firstSecond).toBeLessThan(110);
    expect(reconnectedBy(RECONNECT_DELAY_MAX_MS)).toBe(clients.length);
  });

  it('retries a first connection that never opened, too', () => {
    const { server, client } = setup();
    client.connect('t');
    server.last.drop();
    expect(client.getState()).toEqual({ status: 'reconnecting', attempt: 1 });
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    server.last.open();
    expect(client.getState().status).toBe('open');
  });

  it('after a reconnect: resynchronises, asks for the queue again and renews the subscriptions', () => {
    const { server, client, resyncs } = setup();
    client.connect('t');
    client.subscribeMatch('42');
    server.last.open();
    expect(resyncs).not.toHaveBeenCalled();

    server.last.drop();
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    server.last.drop(); // the first attempt fails
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    expect(server.sockets).toHaveLength(3);
    expect(resyncs).not.toHaveBeenCalled();
    server.last.open();
    expect(resyncs).toHaveBeenCalledTimes(1);
    expect(server.last.actions()).toEqual(['askQueueInfo', 'subscribeMatch:42']);
    expect(client.getState()).toEqual({ status: 'open', attempt: 0 });

    // The attempts start again from zero after a success.
    server.last.drop();
    expect(client.getState()).toEqual({ status: 'reconnecting', attempt: 1 });
  });

  it('stops for good when the server refuses the token (close 4401)', () => {
    const { server, client } = setup();
    client.connect('t');
    server.last.open();
    server.last.receive({
      type: 'error',
      error: '認証の有効期限が切れました。再度ログインしてください。',
      code: 'UNAUTHORIZED',
    });
    server.last.drop(AUTH_CLOSE_CODE, 'UNAUTHORIZED');
    expect(client.getState().status).toBe('unauthorized');
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 3);
    expect(server.sockets).toHaveLength(1);
  });

  it('closes on disconnect (logout) without reconnecting, and forgets the subscriptions', () => {
    const { server, client } = setup();
    client.connect('t');
    client.subscribeMatch('42');
    server.last.open();
    const first = server.last;
    client.disconnect();
    expect(first.closedByClient).toBe(true);
    expect(client.getState().status).toBe('idle');
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 3);
    expect(server.sockets).toHaveLength(1);

    client.connect('other');
    server.last.open();
    expect(server.last.url).toContain('token=other');
    expect(server.last.actions()).toEqual(['askQueueInfo']);
  });

  it('replaces the connection when the token changes, and cancels a pending reconnect', () => {
    const { server, client } = setup();
    client.connect('a');
    server.last.open();
    server.last.drop();
    client.connect('b');
    expect(server.sockets).toHaveLength(2);
    expect(server.last.url).toContain('token=b');
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 2);
    expect(server.sockets).toHaveLength(2);
  });
});
