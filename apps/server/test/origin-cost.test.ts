import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ERRORS, type RankingReply, rankingReplySchema } from '@rankmatch/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rankingSnapshots } from '../src/db/schema.ts';
import { negotiateEncoding } from '../src/http/encoded.ts';
import { RateLimiter } from '../src/http/rate-limit.ts';
import { HttpMeter } from '../src/metrics/http-meter.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { insertPlayers, insertSeason, insertStats, playerIds } from './helpers/community.ts';

// What makes the origin's ranking read and its 304 cheap (issue 37, docs/deployment.md "Figures"), tested for what
// it must keep: the body serialised and compressed once per snapshot decodes to the snapshot's JSON, the validator
// follows the snapshot's version, and the in-process rate limit still refuses public reads with its Japanese 429.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function rankedApp(env: Record<string, string> = {}): Promise<TestApp> {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000', ...env } });
  const ids = playerIds(30);
  await insertSeason(t, { id: 'live', isActive: true });
  await insertPlayers(t, ids);
  await insertStats(
    t,
    ids.map((userId, i) => ({ userId, seasonId: 'live', rate: 1500 + i, maxRate: 1500 + i })),
  );
  await t.built.modules.ranking.snapshot.refresh();
  return t;
}

const ranking = (a: TestApp, headers: Record<string, string> = {}) =>
  a.request({ method: 'GET', url: '/api/public/ranking', headers });

describe('the ranking read, encoded once per snapshot', () => {
  it('sends the snapshot as JSON; its br and gzip variants decode to the same bytes', async () => {
    const a = await rankedApp();
    const snapshot = a.built.modules.ranking.snapshot;
    const plain = await ranking(a);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    // The bytes are the JSON of the stored snapshot, exactly.
    const sent = plain.json() as RankingReply;
    expect(rankingReplySchema.parse(sent).rankings).toHaveLength(30);
    const [row] = await a.ctx.db.select().from(rankingSnapshots).where(eq(rankingSnapshots.seasonId, 'live'));
    const stored = { rankings: row?.entries, updated_at: row?.computedAt, season_id: 'live' };
    expect(plain.rawPayload.equals(Buffer.from(JSON.stringify(stored)))).toBe(true);
    expect(plain.rawPayload.equals(snapshot.json)).toBe(true);

    const br = await ranking(a, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

    const gz = await ranking(a, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);

    // The same validator whatever the encoding (a weak one: the same JSON).
    expect(new Set([plain, br, gz].map((r) => r.headers.etag)).size).toBe(1);
  });

  it('the ETag follows the snapshot: the same after a reload that finds it unchanged, new when it changes', async () => {
    const a = await rankedApp();
    const snapshot = a.built.modules.ranking.snapshot;
    const first = await ranking(a);
    const tag = first.headers.etag as string;
    const variants = snapshot.encoded;

    // The reload every instance runs (every 30 s) finds the same snapshot: nothing is compressed again.
    await snapshot.reload();
    expect(snapshot.encoded).toBe(variants);
    expect((await ranking(a, { 'if-none-match': tag })).statusCode).toBe(304);

    await insertPlayers(a, ['newcomer']);
    await insertStats(a, [{ userId: 'newcomer', seasonId: 'live', rate: 2400, maxRate: 2400 }]);
    await snapshot.refresh();
    expect(snapshot.encoded).not.toBe(variants);
    const after = await ranking(a, { 'if-none-match': tag, 'accept-encoding': 'br' });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(tag);
    const reply = rankingReplySchema.parse(JSON.parse(brotliDecompressSync(after.rawPayload).toString('utf8')));
    expect(reply.rankings[0]?.user_id).toBe('newcomer');
    expect(JSON.parse(snapshot.json.toString('utf8'))).toEqual(reply);
  });
});

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['BR', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['*', 'br'],
    ['gzip;q=0, *;q=0.1', 'br'],
    ['*;q=0', null],
    ['deflate', null],
  ] as const)('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('the rate limit on public reads', () => {
  it('answers 429 with its Japanese message and Retry-After once an address has spent its minute', async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await t.request({ method: 'GET', url: '/api/public/ranking' })).statusCode);
    expect(codes).toEqual([200, 200, 200]);
    const refused = await t.request({ method: 'GET', url: '/api/public/ranking' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: ERRORS.RATE_LIMITED.message,
      code: 'RATE_LIMITED',
      retry_after_seconds: expect.any(Number),
    });
    expect(ERRORS.RATE_LIMITED.message).toContain('リクエストが多すぎます');
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(refused.json().retry_after_seconds).toBe(retry);
    // A refusal is never kept by a shared cache.
    expect(refused.headers['cache-control']).toBe('no-store');
    // Another address has its own minute.
    const other = await t.request({ method: 'GET', url: '/api/public/ranking', remoteAddress: '10.9.9.9' });
    expect(other.statusCode).toBe(200);
  });

  it('leaves the counters off replies a shared cache keeps, and on the others', async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100' } });
    const cached = await t.request({ method: 'GET', url: '/api/public/ranking' });
    expect(cached.headers['cache-control']).toMatch(/^public/);
    expect(cached.headers['x-ratelimit-remaining']).toBeUndefined();
    const site = await t.request({ method: 'GET', url: '/api/site' });
    expect(site.headers['cache-control']).toBe('no-store');
    expect(site.headers['x-ratelimit-limit']).toBe('100');
    // The ranking read above counted too.
    expect(site.headers['x-ratelimit-remaining']).toBe('98');
    expect(Number(site.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
  });
});

describe('RateLimiter', () => {
  it("counts the clock's minute per key, then starts again", () => {
    let now = 960_000; // the 16th minute's start
    const limiter = new RateLimiter(2, 60_000, () => now);
    expect(limiter.take('ip:a')).toEqual({ remaining: 1, resetMs: 60_000, exceeded: false });
    now += 10_000;
    expect(limiter.take('ip:a')).toEqual({ remaining: 0, resetMs: 50_000, exceeded: false });
    expect(limiter.take('ip:a').exceeded).toBe(true);
    // Another key's first request counts the same minute (every instance counts the same one).
    expect(limiter.take('ip:b')).toEqual({ remaining: 1, resetMs: 50_000, exceeded: false });
    now += 50_000;
    expect(limiter.take('ip:a')).toEqual({ remaining: 1, resetMs: 60_000, exceeded: false });
  });

  it("shares a busy key's counts, learns the others', and sends again what did not reach them", () => {
    const now = 960_000;
    const a = new RateLimiter(10, 60_000, () => now);
    const b = new RateLimiter(10, 60_000, () => now);
    // Nothing is noted for sharing until an instance shares.
    a.take('ip:x');
    expect(a.drainShares(10)).toEqual([]);
    a.share();
    b.share();
    for (let i = 0; i < 5; i++) a.take('ip:x');
    for (let i = 0; i < 4; i++) b.take('ip:x');
    // Redis adds each share to the minute's count and answers the total.
    let redis = 0;
    const shareOf = (limiter: RateLimiter) => {
      const shares = limiter.drainShares(10);
      for (const share of shares) {
        redis += share.delta;
        limiter.learn(share.key, share.window, redis);
      }
      return shares;
    };
    expect(shareOf(a)).toEqual([{ key: 'ip:x', window: 16, delta: 6 }]);
    expect(shareOf(b)).toEqual([{ key: 'ip:x', window: 16, delta: 4 }]);
    // b knows a's 6: its fifth request is the minute's eleventh.
    expect(b.take('ip:x')).toMatchObject({ remaining: 0, exceeded: true });
    // a learns b's 4 at its next share (counted meanwhile: a share's delay is the slack).
    expect(a.take('ip:x')).toMatchObject({ remaining: 3, exceeded: false });
    expect(shareOf(a)).toEqual([{ key: 'ip:x', window: 16, delta: 1 }]);
    expect(a.take('ip:x')).toMatchObject({ exceeded: true });
    // A share Redis did not take is sent again, whole; one with nothing new is not sent.
    const lost = a.drainShares(10);
    expect(lost).toEqual([{ key: 'ip:x', window: 16, delta: 1 }]);
    a.restore(lost);
    expect(a.drainShares(10)).toEqual([{ key: 'ip:x', window: 16, delta: 1 }]);
    expect(a.drainShares(10)).toEqual([]);
    // The busiest keys first, at most the limit; the rest wait for the next share.
    for (const key of ['ip:1', 'ip:2', 'ip:2', 'ip:3', 'ip:3', 'ip:3']) a.take(key);
    expect(a.drainShares(2).map((s) => s.key)).toEqual(['ip:3', 'ip:2']);
    expect(a.drainShares(2).map((s) => s.key)).toEqual(['ip:1']);
  });

  it('forgets keys whose minute is over, and the oldest when a flood of addresses fills it', () => {
    let now = 0;
    const limiter = new RateLimiter(5, 60_000, () => now);
    for (let i = 0; i < 50_000; i++) limiter.take(`ip:${i}`);
    expect(limiter.size).toBe(50_000);
    limiter.take('ip:new');
    // All live: the oldest tenth went.
    expect(limiter.size).toBe(45_001);
    expect(limiter.take('ip:0')).toMatchObject({ remaining: 4 });
    expect(limiter.take('ip:49999')).toMatchObject({ remaining: 3 });
    now += 60_000;
    for (let i = 0; i < 4_999; i++) limiter.take(`late:${i}`);
    limiter.take('late:last');
    // Full again, but every earlier key's minute is over: they are forgotten, the late ones stay.
    expect(limiter.size).toBe(5_000);
  });
});

describe("the request metrics, counted without prom-client's per-call label hashing", () => {
  it('writes the counter and the histogram as Prometheus reads them: cumulative buckets, +Inf, sum, count', () => {
    const meter = new HttpMeter();
    meter.record('GET', '/api/public/ranking', 200, 0.002);
    meter.record('GET', '/api/public/ranking', 200, 0.03);
    meter.record('GET', '/api/public/ranking', 304, 9);
    meter.record('POST', 'unmatched', 404, 0.005);
    const lines = meter.text().split('\n');
    const at = '{method="GET",route="/api/public/ranking"';
    expect(lines).toContain(`rankmatch_http_requests_total${at},status="200"} 2`);
    expect(lines).toContain(`rankmatch_http_requests_total${at},status="304"} 1`);
    expect(lines).toContain('rankmatch_http_requests_total{method="POST",route="unmatched",status="404"} 1');
    const bucket = (le: string) =>
      lines.find((l) => l.startsWith(`rankmatch_http_request_duration_seconds_bucket{le="${le}",method="GET"`));
    expect(
      [bucket('0.005'), bucket('0.025'), bucket('0.05'), bucket('5'), bucket('+Inf')].map((l) => l?.split(' ')[1]),
    ).toEqual(['1', '1', '2', '2', '3']);
    // A bound holds what equals it (le: less than or equal).
    expect(lines).toContain(
      'rankmatch_http_request_duration_seconds_bucket{le="0.005",method="POST",route="unmatched"} 1',
    );
    expect(lines).toContain(`rankmatch_http_request_duration_seconds_sum${at}} ${0.002 + 0.03 + 9}`);
    expect(lines).toContain(`rankmatch_http_request_duration_seconds_count${at}} 3`);
    expect(lines.filter((l) => l.startsWith('# TYPE'))).toEqual([
      '# TYPE rankmatch_http_requests_total counter',
      '# TYPE rankmatch_http_request_duration_seconds histogram',
    ]);
  });

  it('escapes a label value as the text format requires', () => {
    const meter = new HttpMeter();
    meter.record('GET', '/a"b\\c\nd', 200, 0);
    expect(meter.text()).toContain('route="/a\\"b\\\\c\\nd",status="200"} 1');
  });
});
