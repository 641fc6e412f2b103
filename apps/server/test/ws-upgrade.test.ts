import { mkdtempSync, writeFileSync } from 'node:fs';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERRORS } from '@rankmatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { TestSocket } from './helpers/ws-client.ts';

// A WebSocket upgrade anywhere but /api/ws (issue 23, part 4): it was switched (101) and closed at once, because
// every route (the web app's single-page fallback included) accepts the upgrade and has no socket handler. It is a
// 404 with the JSON of every unknown route. Raw requests to a listening server: inject does not go through upgrades.

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/** Sends a raw upgrade request and reads what comes back until the server closes the connection. */
function rawUpgrade(port: number, path: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer to the upgrade of ${path}`));
    }, 5000);
    socket.on('connect', () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      );
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, headers: head, body });
    });
  });
}

function builtWebApp(): string {
  const dist = mkdtempSync(join(tmpdir(), 'rankmatch-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>rankmatch</title>');
  return dist;
}

const notFound = { error: ERRORS.ROUTE_NOT_FOUND.message, code: 'ROUTE_NOT_FOUND' };

describe.each([
  ['with the web app', true],
  ['without the web app', false],
])('WebSocket upgrades outside /api/ws (%s)', (_name, withWebApp) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp(withWebApp ? { webDist: builtWebApp() } : {});
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    '/api/nope',
    '/api/health',
    '/api/ws/extra',
    '/stats',
    '/',
  ])('%s answers 404 with the JSON of an unknown route', async (path) => {
    const answer = await rawUpgrade(port, path);
    expect(answer.status, answer.headers).toBe(404);
    expect(answer.headers.toLowerCase()).toContain('content-type: application/json');
    expect(JSON.parse(answer.body)).toEqual(notFound);
  });

  it('/api/ws still upgrades', async () => {
    const socket = await TestSocket.open(
      `ws://127.0.0.1:${port}/api/ws?token=${encodeURIComponent(await t.login('dummy_01'))}`,
    );
    socket.send({ action: 'ping' });
    expect(await socket.next('pong')).toEqual({ type: 'pong' });
    socket.close();
  });
});
