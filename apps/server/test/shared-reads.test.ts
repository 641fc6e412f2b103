import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { encodedRoute, mountRoutes } from '../src/http/route.ts';
import { SharedReads } from '../src/http/shared-reads.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { activeSeason, settledMatch } from './helpers/match.ts';

// The public ranking is answered before Fastify's pipeline (http/shared-reads.ts). Each test reads it over a real
// socket (that path) and through inject (the pipeline, which the reply check of API_CONTRACT_CHECK sees): both
// must answer alike, count alike against the rate limit, and leave the same log line and count.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const URL_ = '/api/public/ranking';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request over a new connection; the body as sent (no decompression). */
function send(
  port: number,
  options: { method?: string; path?: string; headers?: Record<string, string> },
  body?: string,
) {
  return new Promise<Raw>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path ?? URL_,
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function listening(
  env: Record<string, string> = {},
  logStream?: Writable,
): Promise<{ a: TestApp; port: number }> {
  t = await createTestApp({ env, ...(logStream && { logStream }) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { a: t, port: (t.app.server.address() as AddressInfo).port };
}

/** The headers both paths set (the socket's own ones, Date and Connection, left out). */
const own = (headers: Record<string, unknown>) => {
  const { date: _d, connection: _c, 'keep-alive': _k, ...rest } = headers;
  return rest;
};

describe('the shared ranking read', () => {
  it('answers every variant as the pipeline does: bytes, encodings, validators', async () => {
    const { a, port } = await listening();
    await activeSeason(a);
    await settledMatch(a, await a.login('dummy_admin'), 'A');
    await a.built.modules.ranking.snapshot.refresh();
    const tag = (await a.request({ method: 'GET', url: URL_ })).headers.etag as string;
    const variants: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'gzip, deflate, br' },
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'br;q=0.5, gzip;q=0.9' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
      { 'accept-encoding': '*' },
      { 'if-none-match': tag },
      { 'if-none-match': `"old", ${tag.replace(/^W\//, '')}` },
      { 'if-none-match': '*' },
      { 'if-none-match': 'W/"old"', 'accept-encoding': 'br' },
    ];
    const shared = a.built.app;
    const before = servedOf(a);
    for (const headers of variants) {
      const fast = await send(port, { headers });
      const pipeline = await a.request({ method: 'GET', url: URL_, headers });
      expect(fast.status, JSON.stringify(headers)).toBe(pipeline.statusCode);
      expect(own(fast.headers), JSON.stringify(headers)).toEqual(own(pipeline.headers));
      expect(fast.body.equals(pipeline.rawPayload), JSON.stringify(headers)).toBe(true);
    }
    expect(shared.server.listenerCount('request')).toBe(1);
    expect(servedOf(a) - before).toBe(variants.length);
    // The body is the ranking (the settled match's ten players).
    const plain = JSON.parse((await send(port, {})).body.toString());
    expect(plain.rankings).toHaveLength(10);
  });

  it('follows a new snapshot at once: its ETag, its bytes and their length', async () => {
    const { a, port } = await listening();
    await activeSeason(a);
    const admin = await a.login('dummy_admin');
    const before = servedOf(a);
    const first = await send(port, { headers: { 'accept-encoding': 'br' } });
    await settledMatch(a, admin, 'B');
    await a.built.modules.ranking.snapshot.refresh();
    const second = await send(port, {
      headers: { 'accept-encoding': 'br', 'if-none-match': first.headers.etag as string },
    });
    expect(second.status).toBe(200);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect(Number(second.headers['content-length'])).toBe(second.body.length);
    const pipeline = await a.request({ method: 'GET', url: URL_, headers: { 'accept-encoding': 'br' } });
    expect(second.body.equals(pipeline.rawPayload)).toBe(true);
    expect(servedOf(a) - before).toBe(2);
  });

  it('leaves to the pipeline what it does not answer the same way: HEAD, a query, a token, a body', async () => {
    const { a, port } = await listening();
    const token = await a.login('dummy_01');
    const before = servedOf(a);
    const head = await send(port, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect((await send(port, { path: `${URL_}?page=2` })).status).toBe(200);
    const signedIn = await send(port, { headers: { authorization: `Bearer ${token}` } });
    expect(signedIn.status).toBe(200);
    const withBody = { 'content-type': 'application/json', 'content-length': '7' };
    expect((await send(port, { headers: withBody }, '{"a":1}')).status).toBe(200);
    expect(servedOf(a)).toBe(before);
    expect((await send(port, {})).status).toBe(200);
    expect(servedOf(a)).toBe(before + 1);
  });

  it('counts against the rate limit with the pipeline: the next read over it is refused there', async () => {
    const { a, port } = await listening({ RATE_LIMIT_PER_MINUTE: '3' });
    const before = servedOf(a);
    for (let i = 0; i < 2; i++) expect((await send(port, {})).status).toBe(200);
    // The pipeline counts the same address (inject's is 127.0.0.1 too).
    expect((await a.request({ method: 'GET', url: URL_ })).statusCode).toBe(200);
    const refused = await send(port, {});
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body.toString()).code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBeDefined();
    expect(servedOf(a) - before).toBe(2);
    // Rotating X-Forwarded-For escapes nothing when no proxy is trusted.
    expect((await send(port, { headers: { 'x-forwarded-for': '10.9.9.9' } })).status).toBe(429);
  });

  it("counts the address a trusted proxy names, as the pipeline's request.ip does", async () => {
    const { a, port } = await listening({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '1' });
    const before = servedOf(a);
    const from = (address: string) => send(port, { headers: { 'x-forwarded-for': `203.0.113.7, ${address}` } });
    expect((await from('10.0.0.1')).status).toBe(200);
    expect((await from('10.0.0.1')).status).toBe(200);
    expect((await from('10.0.0.2')).status).toBe(200);
    const refused = await from('10.0.0.1');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body.toString()).code).toBe('RATE_LIMITED');
    // The pipeline finds the same address for the same header: 10.0.0.1 is over, 10.0.0.2's second read is the last.
    const viaPipeline = (address: string) =>
      a.request({
        method: 'GET',
        url: URL_,
        headers: { 'x-forwarded-for': `203.0.113.7, ${address}` },
        remoteAddress: '127.0.0.1',
      });
    expect((await viaPipeline('10.0.0.1')).statusCode).toBe(429);
    expect((await viaPipeline('10.0.0.2')).statusCode).toBe(200);
    expect((await from('10.0.0.2')).status).toBe(429);
    expect(servedOf(a) - before).toBe(3);
  });

  // The flag is set by the first preClose hook; a request that meets the closing pipeline is Fastify's (503).
  it('answers nothing once the server has begun to close', async () => {
    const { a } = await listening();
    const request = { method: 'GET', url: URL_, headers: {}, socket: { remoteAddress: '127.0.0.1' } };
    const written: number[] = [];
    const response = { writeHead: (status: number) => written.push(status), end: () => undefined };
    expect(a.built.shared.serve(request as never, response as never)).toBe(true);
    await a.close();
    t = undefined;
    expect(a.built.shared.serve(request as never, response as never)).toBe(false);
    expect(written).toEqual([200]);
  });

  it("leaves the pipeline's log line and count", async () => {
    const lines: Record<string, unknown>[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const { a, port } = await listening({}, logStream);
    const before = servedOf(a);
    const tag = (await send(port, {})).headers.etag as string;
    expect((await send(port, { headers: { 'if-none-match': tag } })).status).toBe(304);
    expect(servedOf(a) - before).toBe(2);
    expect((await a.request({ method: 'GET', url: URL_ })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const reads = lines.filter((l) => l.msg === 'request' && l.path === URL_);
    expect(reads.map((l) => [l.method, l.status])).toEqual([
      ['GET', 200],
      ['GET', 304],
      ['GET', 200],
    ]);
    // The same fields as the pipeline's line (its last), request ids from one sequence.
    const [shared, current, pipeline] = reads as [
      Record<string, unknown>,
      Record<string, unknown>,
      Record<string, unknown>,
    ];
    expect(Object.keys(shared).sort()).toEqual(Object.keys(pipeline).sort());
    const ids = [shared.reqId, current.reqId, pipeline.reqId];
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^req-[0-9a-z]+$/);
    for (const line of reads) expect(line.ms).toBeGreaterThanOrEqual(0);
    const scrape = a.built.ctx.metrics.http.text();
    expect(scrape).toContain(`rankmatch_http_requests_total{method="GET",route="${URL_}",status="200"} 2`);
    expect(scrape).toContain(`rankmatch_http_requests_total{method="GET",route="${URL_}",status="304"} 1`);
  });

  it('is only a public, versioned, encoded read with nothing for the pipeline to do', async () => {
    const { a } = await listening();
    expect(a.built.shared.urls).toEqual([URL_]);
    const shared = new SharedReads(stubDeps());
    const app = Fastify();
    const encoded = { body: () => a.built.modules.ranking.snapshot.encoded, type: 'application/json' };
    const cache = { sharedSeconds: 1, staleSeconds: 1, version: () => 'v1' };
    const base = { method: 'GET', summary: 'x', tag: 'ranking', reply: z.unknown(), encoded } as const;
    await mountRoutes(
      app,
      [
        encodedRoute({ ...base, url: '/plain', access: 'public', cache }),
        encodedRoute({ ...base, url: '/query', access: 'public', cache, query: z.object({ page: z.string() }) }),
        encodedRoute({ ...base, url: '/hooked', access: 'public', cache, onSend: async (_q, _r, p) => p }),
        encodedRoute({ ...base, url: '/item/:id', access: 'public', cache, params: z.object({ id: z.string() }) }),
        encodedRoute({ ...base, url: '/unversioned', access: 'public', cache: { sharedSeconds: 1, staleSeconds: 1 } }),
        encodedRoute({ ...base, url: '/mine', access: 'identity' }),
      ],
      { auth: {} as never, write: (() => undefined) as never, now: () => 0, shared },
    );
    await app.close();
    expect(shared.urls).toEqual(['/plain']);
  });
});

describe('a shared read that fails', () => {
  it('is answered by the pipeline, and logged', async () => {
    const errors: string[] = [];
    let counted = 0;
    const shared = new SharedReads({
      ...stubDeps(),
      limiter: {
        takeIfAllowed: () => {
          counted += 1;
          return true;
        },
      },
      log: { error: (_o: object, msg: string) => errors.push(msg), info: () => undefined } as never,
    });
    shared.add({
      url: '/broken',
      policy: { sharedSeconds: 1, staleSeconds: 1, version: () => 'v1' },
      body: () => {
        throw new Error('no body');
      },
      contentType: 'text/plain',
    });
    const server = createServer((_req, res) => res.end('pipeline'));
    shared.attach(server, () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const reply = await send((server.address() as AddressInfo).port, { path: '/broken' });
      expect([reply.status, reply.body.toString()]).toEqual([200, 'pipeline']);
      expect(errors).toEqual(['shared read failed']);
      // Not counted here: the pipeline counts it.
      expect(counted).toBe(0);
    } finally {
      server.close();
    }
  });
});

const servedOf = (a: TestApp) => a.built.shared.served;

/** SharedReads' dependencies, doing nothing. */
const stubDeps = () => ({
  apiHeaders: {},
  limiter: { takeIfAllowed: () => true },
  trust: false as const,
  meter: { record: () => undefined },
  log: { error: () => undefined, info: () => undefined } as never,
  requestId: () => 'req-0',
});
