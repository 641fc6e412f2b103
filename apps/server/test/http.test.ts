import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('dummy_12');
});
afterAll(() => t.close());

const putRaw = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  t.request({ method: 'PUT', url: '/api/users/me/profile', token, payload: body, headers });

describe('HTTP boundary', () => {
  it('answers malformed JSON with 400 INVALID_JSON and changes nothing', async () => {
    const res = await putRaw('{"trainer_name": "x"');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'リクエストの JSON を読み取れません。形式を確認してください',
      code: 'INVALID_JSON',
    });
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await putRaw('');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('EMPTY_BODY');
  });

  it('answers a body over 64 KB with 413', async () => {
    const res = await putRaw(JSON.stringify({ trainer_name: 'A', bio: 'x'.repeat(70 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'リクエストが大きすぎます（上限 64KB）', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers a non-JSON content type with 415', async () => {
    const res = await putRaw('trainer_name=A', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers JSON of the wrong shape (an array, a string) with 400 and a Japanese message', async () => {
    for (const body of ['[]', '"text"', 'null']) {
      const res = await putRaw(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: '指定された API は存在しません', code: 'ROUTE_NOT_FOUND' });
  });

  it('reports database health', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { status: 'ok', kind: expect.any(String) } });
  });

  it('limits request rates per client with a Japanese 429', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' }, reset: false, seed: false });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await limited.request({ method: 'GET', url: '/api/site' })).statusCode);
    const last = await limited.request({ method: 'GET', url: '/api/site' });
    expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: expect.stringContaining('リクエストが多すぎます'),
    });
    // The health check stays out of the limit (abuse.test.ts has the rest).
    expect((await limited.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await limited.close();
  });
});

describe('a client that hangs up', () => {
  /** Sends `raw` on a new connection and closes it after a moment, as a client that gives up mid-request. */
  const hangUp = (port: number, raw: string) =>
    new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(raw);
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 100);
      });
    });

  it('is logged as its own hang-up, not as a database outage at error level', async () => {
    const lines: { level: number; msg: string }[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = await createTestApp({ logStream, reset: false, seed: false });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.app.server.address() as { port: number };
    const head = 'POST /api/auth/dummy/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n';
    // A body shorter than its Content-Length, then a malformed chunk size.
    await hangUp(port, `${head}Content-Length: 100\r\n\r\n{"user_id":`);
    await hangUp(port, `${head}Transfer-Encoding: chunked\r\n\r\nZZ\r\nabc\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await app.close();
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.filter((l) => l.msg === 'client hung up mid-request')).toHaveLength(2);
  });
});

describe('security headers', () => {
  it('send pages a CSP that allows only the site’s own scripts, and no framing', async () => {
    const a = await createTestApp({ reset: false, seed: false });
    try {
      for (const url of ['/', '/api/docs']) {
        const res = await a.request({ method: 'GET', url });
        const csp = String(res.headers['content-security-policy']);
        expect(csp, url).toContain("script-src 'self'");
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(csp).not.toMatch(/unsafe-eval/);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
    } finally {
      await a.close();
    }
  });

  it('send API replies the lean set: nothing runs, nothing frames, no sniffing, no cross-site reads', async () => {
    const a = await createTestApp({ reset: false, seed: false });
    try {
      for (const url of ['/api/health', '/api/public/ranking', '/api/nowhere']) {
        const res = await a.request({ method: 'GET', url });
        expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
        // The page-only headers are not sent.
        for (const name of [
          'cross-origin-opener-policy',
          'origin-agent-cluster',
          'x-xss-protection',
          'referrer-policy',
        ])
          expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      }
    } finally {
      await a.close();
    }
  });

  it('add HSTS when the public address is https', async () => {
    const a = await createTestApp({ reset: false, seed: false, env: { PUBLIC_URL: 'https://rank.example' } });
    try {
      const page = await a.request({ method: 'GET', url: '/' });
      expect(page.headers['strict-transport-security']).toContain('max-age=31536000');
      expect(String(page.headers['content-security-policy'])).toContain('wss://rank.example');
      const api = await a.request({ method: 'GET', url: '/api/health' });
      expect(api.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await a.close();
    }
  });
});

describe('metrics', () => {
  it('are off without configuration, and need the token or an allowed address', async () => {
    const off = await createTestApp({ reset: false, seed: false });
    try {
      expect((await off.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
    const on = await createTestApp({
      reset: false,
      seed: false,
      env: { METRICS_TOKEN: 'metrics-token-0123456789', METRICS_ALLOW: '10.9.9.9' },
    });
    try {
      expect((await on.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(403);
      await on.request({ method: 'GET', url: '/api/site' });
      const res = await on.request({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-0123456789' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/rankmatch_http_requests_total\{method="GET",route="\/api\/site",status="200"\} 1/);
      expect(res.body).toMatch(/rankmatch_http_request_duration_seconds_count\{method="GET",route="\/api\/site"\} 1\n/);
      // The scrape itself is counted once it is answered (the next scrape shows it).
      expect(res.body).toContain('rankmatch_http_requests_total{method="GET",route="/metrics",status="403"} 1');
      for (const name of [
        'rankmatch_http_request_duration_seconds',
        'rankmatch_queue_waiting',
        'rankmatch_notifications{status="pending"} 0',
        'rankmatch_ws_clients',
        'rankmatch_wave_duration_seconds',
        'rankmatch_settlement_seconds',
        'rankmatch_job_runs',
        'rankmatch_database_up 1',
        'rankmatch_redis_up 1',
      ]) {
        expect(res.body).toContain(name);
      }
    } finally {
      await on.close();
    }
  });
});

describe('compression', () => {
  it('compresses large JSON replies for clients that accept it', async () => {
    const a = await createTestApp({ reset: false });
    try {
      const res = await a.request({
        method: 'GET',
        url: '/api/public/master',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      const plain = await a.request({ method: 'GET', url: '/api/public/master' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    } finally {
      await a.close();
    }
  });
});
