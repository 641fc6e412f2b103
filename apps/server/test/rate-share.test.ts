import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../src/http/rate-limit.ts';
import { RATE_SHARE_MS, RateShare } from '../src/http/rate-share.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { CuttableProxy } from './helpers/cuttable-proxy.ts';

// Several instances count one rate limit (REDIS_URL): two apps on the real Redis of TEST_REDIS_URL, one address
// reading the public ranking from both. Each app shares its counts by itself, on its own timer.

const redisUrl = process.env.TEST_REDIS_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const settle = () => sleep(3 * RATE_SHARE_MS);

/**
 * Waits until the deployment's one rate key in Redis holds `n` (every instance's counts so far have been shared), then
 * one more share's time, for the instance that shared last to have read its answer.
 */
async function shared(redis: Redis, namespace: string, n: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [key] = await redis.keys(`rankmatch:${namespace}:rate:*`);
    const value = key ? Number(await redis.get(key)) : 0;
    if (value >= n) break;
    if (Date.now() > deadline) throw new Error(`the shared count stayed at ${value}, not ${n}`);
    await sleep(20);
  }
  await sleep(RATE_SHARE_MS);
}

describe.runIf(redisUrl)('the rate limit across instances', () => {
  const apps: TestApp[] = [];
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(redisUrl as string);
  });
  afterAll(() => redis.disconnect());
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
  });

  const instances = async () => {
    const namespace = `test-rate-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const env = { REDIS_URL: redisUrl as string, REDIS_NAMESPACE: namespace, RATE_LIMIT_PER_MINUTE: '10' };
    const a = await createTestApp({ env });
    apps.push(a);
    const b = await createTestApp({ env, reset: false, seed: false });
    apps.push(b);
    return { a, b, namespace };
  };
  const read = async (t: TestApp) => (await t.request({ method: 'GET', url: '/api/public/ranking' })).statusCode;

  it("refuses an address once the instances together counted its minute, not each instance's", async () => {
    const { a, b, namespace } = await instances();
    for (let i = 0; i < 6; i++) expect(await read(a)).toBe(200);
    await shared(redis, namespace, 6);
    // b has counted 4 of its own: alone it would allow 10.
    for (let i = 0; i < 4; i++) expect(await read(b)).toBe(200);
    await shared(redis, namespace, 10);
    // 6 on a, 4 on b: the minute's 11th is refused on b, which learnt a's 6 when it shared.
    const refused = await b.request({ method: 'GET', url: '/api/public/ranking' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    // a learns b's counts at its next share: the request it counts meanwhile is the slack, then it refuses too.
    expect(await read(a)).toBe(200);
    await shared(redis, namespace, 12);
    expect(await read(a)).toBe(429);
    // What Redis holds: the minute's count of that address, under the deployment's prefix, expiring.
    const keys = await redis.keys(`rankmatch:${namespace}:rate:*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/:ip:127\.0\.0\.1$/);
    expect(await redis.pttl(keys[0] as string)).toBeGreaterThan(0);
  });

  it('starts again at the next minute on every instance', async () => {
    const { a, b, namespace } = await instances();
    for (let i = 0; i < 5; i++) expect(await read(a)).toBe(200);
    await shared(redis, namespace, 5);
    for (let i = 0; i < 5; i++) expect(await read(b)).toBe(200);
    await shared(redis, namespace, 10);
    expect(await read(b)).toBe(429);
    a.clock.advance(60);
    b.clock.advance(60);
    expect(await read(a)).toBe(200);
    expect(await read(b)).toBe(200);
  });

  it('counts alone while Redis is away, and shares what it counted once Redis is back', async () => {
    const target = new URL(redisUrl as string);
    const proxy = new CuttableProxy(target.hostname, Number(target.port || 6379));
    await proxy.start();
    const namespace = `test-rate-cut-${process.pid}-${Date.now()}`;
    const limiter = new RateLimiter(10, 60_000);
    const warnings: string[] = [];
    const log = {
      warn: (_: object, msg: string) => warnings.push(msg),
      info: (_: object, msg: string) => warnings.push(msg),
    };
    const url = `redis://127.0.0.1:${proxy.port}${target.pathname}`;
    const share = new RateShare(url, limiter, `rankmatch:${namespace}:rate`, log);
    const count = async () => {
      const [key] = await redis.keys(`rankmatch:${namespace}:rate:*`);
      return key ? Number(await redis.get(key)) : 0;
    };
    try {
      await share.start();
      // A minute with time to spare: the test's counts stay in one.
      if (Date.now() % 60_000 > 45_000) await sleep(60_000 - (Date.now() % 60_000));
      limiter.take('ip:x');
      await shared(redis, namespace, 1);
      await proxy.cut();
      for (let i = 0; i < 4; i++) expect(limiter.take('ip:x').exceeded).toBe(false);
      await settle();
      // Nothing reached Redis; the instance kept counting (its own 5 of 10).
      expect(await count()).toBe(1);
      expect(limiter.take('ip:x').remaining).toBe(4);
      expect(warnings).toEqual(['rate limit: counts not shared (each instance counts alone)']);
      await proxy.restore();
      // Everything counted while away, once: 1 + 4 + 1.
      await shared(redis, namespace, 6);
      expect(await count()).toBe(6);
      expect(warnings.at(-1)).toBe('rate limit: counts shared again between instances');
    } finally {
      await share.close();
      await proxy.cut();
    }
  });
});
