import { readdirSync, readFileSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt, ServerProcess } from '../rehearsal/server.ts';
import { hasNginx, type Nginx, startNginx } from './helpers/nginx.ts';
import { TestSocket } from './helpers/ws-client.ts';

// The cache in front (issue 37, item 2): Debian's nginx with the deployment's own configuration (deploy/nginx) in
// front of the real built server. A burst of 10,000 ranking reads reaches the origin at most once per freshness
// period (the origin's request log counts them); an admin's change to master data reaches visitors within its
// s-maxage (10 s); nothing a session sees is stored or served to another; WebSockets pass through.

const BURST = 10_000;
const CONCURRENCY = 50;
/** The s-maxage of /api/public/master (master/routes.ts): the time the deployment states for an admin's change. */
const MASTER_FRESH_MS = 10_000;

const installed = hasNginx();
if (!installed) console.warn('nginx-cache.test.ts skipped: no nginx binary (apt-get install nginx)');

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(agent: Agent, url: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function post(url: string, body: object, token?: string, method = 'POST'): Promise<Reply> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
}

/** Every file under `dir`, read as text (what the cache stored). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [readFileSync(path, 'latin1')];
  });
}

describe.runIf(installed)('the nginx cache in front of the built server', () => {
  const server = new ServerProcess('origin', {
    SEED_DEMO_DATA: 'false',
    ENABLE_DUMMY_LOGIN: 'true',
    DUMMY_LOGIN_PASSWORD: '',
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_MINUTE: '1000000',
    TRUST_PROXY: '1',
  });
  /** Requests the origin answered, by path (its request log). */
  const originHits = new Map<string, number>();
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let nginx: Nginx;
  let masterPrimedAt = 0;

  beforeAll(async () => {
    ensureServerBuilt();
    await server.start();
    server.watch((line) => {
      if (line.msg === 'request' && typeof line.path === 'string') {
        originHits.set(line.path, (originHits.get(line.path) ?? 0) + 1);
      }
    });
    nginx = await startNginx([`127.0.0.1:${server.port}`]);
    // A copy of master data in the cache from the start: the admin's change below has to displace it.
    expect((await get(agent, `${nginx.base}/api/public/master`)).status).toBe(200);
    masterPrimedAt = Date.now();
  });

  afterAll(async () => {
    agent.destroy();
    await nginx?.stop();
    await server.stop();
  });

  it('a burst of 10,000 ranking reads reaches the origin once', async () => {
    const url = `${nginx.base}/api/public/ranking`;
    const statuses = new Map<string, number>();
    const tags = new Set<string>();
    let next = 0;
    const started = Date.now();
    const worker = async () => {
      while (next < BURST) {
        next += 1;
        const res = await get(agent, url);
        expect(res.status).toBe(200);
        tags.add(String(res.headers.etag));
        const cache = String(res.headers['x-cache']);
        statuses.set(cache, (statuses.get(cache) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `${BURST} reads in ${seconds.toFixed(1)} s through nginx: ${JSON.stringify(Object.fromEntries(statuses))}, ` +
        `origin answered ${originHits.get('/api/public/ranking') ?? 0}`,
    );
    // s-maxage is 60 s and the burst is shorter: one period, one origin request (the first, which the rest waited for).
    expect(seconds).toBeLessThan(60);
    expect(originHits.get('/api/public/ranking')).toBe(1);
    expect(tags.size).toBe(1);
    expect(statuses.get('HIT')).toBeGreaterThanOrEqual(BURST - CONCURRENCY);
  });

  it("an admin's change to master data reaches visitors within its s-maxage", async () => {
    const login = await post(`${nginx.base}/api/auth/dummy/login`, { user_id: 'dummy_admin' });
    expect(login.status).toBe(200);
    const admin = (JSON.parse(login.body) as { access_token: string }).access_token;
    const text = `お知らせ ${Date.now()}`;
    const saved = await post(
      `${nginx.base}/api/master/settings`,
      { id: 'announcement_content', value: text },
      admin,
      'PUT',
    );
    expect(saved.status, saved.body).toBe(200);
    const changedAt = Date.now();
    const hitsBefore = originHits.get('/api/public/master') ?? 0;
    // A visitor reads the page four times a second until the announcement shows.
    let seenAt = 0;
    let reads = 0;
    while (Date.now() - changedAt < MASTER_FRESH_MS + 3000) {
      const res = await get(agent, `${nginx.base}/api/public/master`);
      reads += 1;
      if (
        (JSON.parse(res.body) as { settings: { announcement_content: string } }).settings.announcement_content === text
      ) {
        seenAt = Date.now();
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const originReads = (originHits.get('/api/public/master') ?? 0) - hitsBefore;
    console.log(
      `the change showed ${((seenAt - changedAt) / 1000).toFixed(1)} s after the save (the cached copy was ` +
        `${((changedAt - masterPrimedAt) / 1000).toFixed(1)} s old then), ${reads} reads, ${originReads} at the origin`,
    );
    expect(seenAt, 'the change never showed').toBeGreaterThan(0);
    // Within s-maxage of the save (plus one read's interval and the background refresh).
    expect(seenAt - changedAt).toBeLessThan(MASTER_FRESH_MS + 1500);
    expect(originReads).toBeLessThanOrEqual(2);
  });

  it('never stores or shares what a session sees', async () => {
    const login = await post(`${nginx.base}/api/auth/dummy/login`, { user_id: 'dummy_07' });
    const token = (JSON.parse(login.body) as { access_token: string }).access_token;
    const auth = { authorization: `Bearer ${token}` };
    for (let i = 0; i < 3; i++) {
      const me = await get(agent, `${nginx.base}/api/users/me`, auth);
      expect(me.status).toBe(200);
      expect(me.body).toContain('dummy_07');
      expect(me.headers['cache-control']).toBe('no-store');
      expect(me.headers['x-cache']).not.toBe('HIT');
    }
    // Another visitor, without the token, is refused: the player's reply was not kept for them.
    const other = await get(agent, `${nginx.base}/api/users/me`);
    expect(other.status).toBe(401);
    expect(other.body).not.toContain('dummy_07');

    // A public read asked with credentials (a token, a cookie) is answered but never stored.
    for (const credentials of [auth, { cookie: 'rankmatch=anything' }]) {
      const url = `${nginx.base}/api/public/seasons?credentials=${Object.keys(credentials)[0]}`;
      expect((await get(agent, url, credentials)).headers['x-cache']).toBe('MISS');
      expect((await get(agent, url)).headers['x-cache']).toBe('MISS');
      expect((await get(agent, url)).headers['x-cache']).toBe('HIT');
    }
    // Nothing in the cache's files names the player or carries their token.
    const stored = filesUnder(nginx.cacheDir);
    expect(stored.length).toBeGreaterThan(0);
    for (const file of stored) {
      expect(file).not.toContain('dummy_07');
      expect(file).not.toContain(token);
    }
  });

  it('passes WebSocket upgrades through', async () => {
    const login = await post(`${nginx.base}/api/auth/dummy/login`, { user_id: 'dummy_08' });
    const token = (JSON.parse(login.body) as { access_token: string }).access_token;
    const socket = await TestSocket.open(`${nginx.base.replace('http', 'ws')}/api/ws?token=${token}`);
    socket.send({ action: 'ping' });
    expect(await socket.next('pong')).toEqual({ type: 'pong' });
    socket.close();
    // nginx's log has the path only, never the token in the query.
    expect(nginx.accessLog().join('\n')).not.toContain(token);
  });
});
