import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { busChannel } from '../src/config.ts';
import { RedisBus } from '../src/events/bus.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { activeSeason } from './helpers/match.ts';
import { TestSocket } from './helpers/ws-client.ts';

// Redis stopped and restarted under two instances: requests answer at once while it is down (the work is committed,
// publishing never fails or waits), health says degraded, and once it is back the clients that missed events
// reconnect and find their match over HTTP. Two deployments on one Redis never see each other's events. A Redis
// server of its own runs on a free port (redis-server is on every machine of this project).

function hasRedisServer(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      mkdtempSync(`${tmpdir()}/redis-`),
    ],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 50; i++) {
    try {
      execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'ignore' });
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('redis-server did not start');
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe.runIf(hasRedisServer())('a Redis outage under two instances', () => {
  let port: number;
  let redis: ChildProcess;
  let a: TestApp;
  let b: TestApp;
  const channel = `rankmatch:outage-${process.pid}:events`;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    a = await createTestApp({ bus: await RedisBus.connect(`redis://127.0.0.1:${port}`, channel) });
    b = await createTestApp({
      bus: await RedisBus.connect(`redis://127.0.0.1:${port}`, channel),
      reset: false,
      seed: false,
    });
    await activeSeason(a);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await a?.built.bus.close();
    await b?.built.bus.close();
    if (redis) await stop(redis);
  });

  it('keeps answering at once, reports degraded, and lets the clients catch up when Redis is back', async () => {
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const wsB = `ws://127.0.0.1:${(b.app.server.address() as AddressInfo).port}/api/ws`;
    const admin = await a.login('dummy_admin');
    await a.ctx.db.execute(sql`update users set start_rate = 1500 where is_dummy`);
    const players = Array.from({ length: 10 }, (_, i) => `dummy_${String(i + 1).padStart(2, '0')}`);
    const tokens = await Promise.all(players.map((id) => a.login(id)));
    const socket = await TestSocket.open(`${wsB}?token=${encodeURIComponent(tokens[0] as string)}`);
    socket.send({ action: 'ping' });
    await socket.next('pong');

    await stop(redis);
    const started = performance.now();
    for (const token of tokens) {
      const res = await a.request({ method: 'POST', url: '/api/queue/join', token, payload: {} });
      expect(res.statusCode, res.body).toBe(200);
    }
    const wave = await a.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin });
    expect(wave.statusCode, wave.body).toBe(200);
    expect(wave.json().created_matches).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(5000);
    const health = await a.request({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'degraded', redis: { status: 'error' } });

    redis = await startRedis(port);
    // Back: B's client either gets the buffered matchFound or is asked to reconnect (1012) and reads over HTTP.
    const outcome = await Promise.race([
      socket.next('matchFound', 15_000).then(() => 'pushed'),
      socket.closed(15_000).then((code) => `closed ${code}`),
    ]);
    expect(['pushed', 'closed 1012']).toContain(outcome);
    const current = await b.request({ method: 'GET', url: '/api/matches/current', token: tokens[0] });
    expect(current.statusCode).toBe(200);
    expect(current.json().match_id).toBe(wave.json().created_matches[0]);
    for (let i = 0; i < 50 && (await a.request({ method: 'GET', url: '/api/health' })).json().status !== 'ok'; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await a.request({ method: 'GET', url: '/api/health' })).json().status).toBe('ok');
    socket.close();
  });

  it('keeps two deployments on one Redis apart, whatever their database numbers', () => {
    expect(busChannel(undefined, 'postgres://db-one/app')).not.toBe(busChannel(undefined, 'postgres://db-two/app'));
    expect(busChannel(undefined, '/srv/data')).toBe(busChannel(undefined, '/srv/data'));
    expect(busChannel('staging', 'x')).toBe('rankmatch:staging:events');
  });
});
