import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { ERRORS } from '@rankmatch/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { WS_MAX_FRAME_BYTES, WS_MAX_SOCKETS_PER_USER, WS_MESSAGE_BURST } from '../src/realtime/hub.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/community.ts';
import { TestSocket } from './helpers/ws-client.ts';

// Limits a real site needs, tried as an attacker would: rotating X-Forwarded-For, one user on many addresses, the
// health check under load, oversized URLs and headers, a plain GET on the WebSocket URL, a socket flood, many sockets
// on one token, and sockets that outlive their session.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function app(env: Record<string, string> = {}): Promise<TestApp> {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5', ...env } });
  return t;
}

const get = (a: TestApp, url: string, headers: Record<string, string> = {}, token?: string) =>
  a.request({ method: 'GET', url, headers, token });

async function listen(a: TestApp): Promise<number> {
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  return (a.app.server.address() as AddressInfo).port;
}

describe('the rate limit', () => {
  it('cannot be escaped by rotating X-Forwarded-For when no proxy is trusted', async () => {
    const a = await app();
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      codes.push((await get(a, '/api/public/ranking', { 'x-forwarded-for': `10.0.0.${i}` })).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const limited = await get(a, '/api/public/ranking');
    expectError(limited, 429, 'RATE_LIMITED');
    expect(limited.json().retry_after_seconds).toBeGreaterThan(0);
    // The health check is never limited (with a query too); a path that only begins like it is.
    expect((await get(a, '/api/health')).statusCode).toBe(200);
    expect((await get(a, '/api/health?probe=1')).statusCode).toBe(200);
    expectError(await get(a, '/api/healthz'), 429, 'RATE_LIMITED');
  });

  it('believes X-Forwarded-For from a trusted proxy, and still limits one user on many addresses', async () => {
    const a = await app({ TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '8' });
    for (let i = 0; i < 10; i++) {
      expect((await get(a, '/api/public/ranking', { 'x-forwarded-for': `10.0.1.${i}` })).statusCode).toBe(200);
    }
    const token = await a.login('dummy_01', {});
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) {
      codes.push((await get(a, '/api/users/me', { 'x-forwarded-for': `10.0.2.${i}` }, token)).statusCode);
    }
    expect(codes.slice(0, 8).every((c) => c === 200)).toBe(true);
    expect(codes[8]).toBe(429);
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses', async () => {
    await expect(createTestApp({ env: { TRUST_PROXY: 'everyone' } })).rejects.toThrow(/TRUST_PROXY/);
  });
});

describe('error shapes before the handlers', () => {
  it('answers an over-long path parameter with 414 and a code', async () => {
    const a = await app();
    expectError(await get(a, `/api/users/${'x'.repeat(200)}`), 414, 'URI_TOO_LONG');
  });

  it('answers over-large headers with 431 and a code', async () => {
    const a = await app();
    const port = await listen(a);
    const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: '/api/health', headers: { 'x-big': 'y'.repeat(20_000) } },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => {
            body += c.toString();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(reply.status).toBe(431);
    expect(JSON.parse(reply.body)).toEqual({ error: ERRORS.HEADERS_TOO_LARGE.message, code: 'HEADERS_TOO_LARGE' });
  });

  it('answers a plain GET of the WebSocket URL with 426', async () => {
    const a = await app();
    expectError(await get(a, '/api/ws'), 426, 'WS_UPGRADE_REQUIRED');
  });
});

describe('WebSocket limits', () => {
  it('closes a socket that floods it, and answers the queue from a snapshot meanwhile', async () => {
    const a = await app({ RATE_LIMIT_PER_MINUTE: '100000' });
    const port = await listen(a);
    const token = await a.login('dummy_01');
    const socket = await TestSocket.open(`ws://127.0.0.1:${port}/api/ws?token=${encodeURIComponent(token)}`);
    for (let i = 0; i < 200; i++) socket.send({ action: 'askQueueInfo' });
    expect(await socket.closed()).toBe(4429);
    // At most the burst was answered (plus what the bucket refilled meanwhile, 2 per second); frames sent before the
    // token was checked count as well.
    const answers = socket.messages.filter((m) => m.type === 'queueInfo');
    expect(answers.length).toBeLessThanOrEqual(WS_MESSAGE_BURST + 10);
    expect(socket.messages).toContainEqual(expect.objectContaining({ type: 'error', code: 'WS_RATE_LIMITED' }));
    // The server still answers HTTP at once.
    expect((await a.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('closes a socket that sends an oversized frame, counted and logged once at info, not as an error', async () => {
    const lines: { level: number; msg: string; code?: string }[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' }, logStream });
    const port = await listen(t);
    const url = `ws://127.0.0.1:${port}/api/ws?token=${encodeURIComponent(await t.login('dummy_01'))}`;
    for (let i = 0; i < 3; i++) {
      const socket = await TestSocket.open(url);
      socket.socket.send('x'.repeat(WS_MAX_FRAME_BYTES + 1));
      expect(await socket.closed()).toBe(1009);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.filter((l) => l.msg === 'websocket frame refused')).toHaveLength(3);
    const metrics = await t.built.ctx.metrics.registry.getSingleMetricAsString('rankmatch_ws_protocol_errors_total');
    expect(metrics).toContain('code="WS_ERR_UNSUPPORTED_MESSAGE_LENGTH"} 3');
  });

  it(`accepts ${WS_MAX_SOCKETS_PER_USER} sockets per user and closes the next`, async () => {
    const a = await app({ RATE_LIMIT_PER_MINUTE: '100000' });
    const port = await listen(a);
    const token = await a.login('dummy_01');
    const url = `ws://127.0.0.1:${port}/api/ws?token=${encodeURIComponent(token)}`;
    const open: TestSocket[] = [];
    for (let i = 0; i < WS_MAX_SOCKETS_PER_USER; i++) {
      const socket = await TestSocket.open(url);
      socket.send({ action: 'ping' });
      await socket.next('pong');
      open.push(socket);
    }
    const extra = await TestSocket.open(url);
    expect(await extra.closed()).toBe(4429);
    expect(extra.messages).toContainEqual(expect.objectContaining({ code: 'WS_TOO_MANY_CONNECTIONS' }));
    for (const socket of open) socket.close();
  });

  it('closes the sockets of a session that logs out, and refuses actions on an ended session', async () => {
    const a = await app({ RATE_LIMIT_PER_MINUTE: '100000' });
    const port = await listen(a);
    const token = await a.login('dummy_01');
    const other = await a.login('dummy_01');
    const url = (tk: string) => `ws://127.0.0.1:${port}/api/ws?token=${encodeURIComponent(tk)}`;
    const mine = await TestSocket.open(url(token));
    const otherTab = await TestSocket.open(url(other));
    mine.send({ action: 'ping' });
    await mine.next('pong');
    otherTab.send({ action: 'ping' });
    await otherTab.next('pong');
    expect((await a.request({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(200);
    expect(await mine.closed()).toBe(4401);
    // The other session of the same player stays open.
    otherTab.send({ action: 'ping' });
    await otherTab.next('pong');
    otherTab.close();
  });
});
