import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { RateLimiter } from '../src/http/rate-limit.ts';
import { RATE_SHARE_MS, RateShare } from '../src/http/rate-share.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { CuttableProxy } from './helpers/cuttable-proxy.ts';

// Several instances count one rate limit (REDIS_URL): two apps on the real Redis of TEST_REDIS_URL, one address
// reading the public ranking from both. Each app shares its counts by itself, on its own timer.

const redisUrl = process.env.TEST_REDIS_URL;
const settle = () => new Promise((resolve) => setTimeout(resolve, 3 * RATE_SHARE_MS));

describe.runIf(redisUrl)('the rate limit across instances', () => {
  const apps: TestApp[] = [];
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
    await settle();
    // b has counted 4 of its own: alone it would allow 10.
    for (let i = 0; i < 4; i++) expect(await read(b)).toBe(200);
    await settle();
    // 6 on a, 4 on b: the minute's 11th is refused on b, which learnt a's 6 when it shared.
    const refused = await b.request({ method: 'GET', url: '/api/public/ranking' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    // a learns b's counts at its next share: the request it counts meanwhile is the slack, then it refuses too.
    expect(await read(a)).toBe(200);
    await settle();
    expect(await read(a)).toBe(429);
    // What Redis holds: the minute's count of that address, under the deployment's prefix, expiring.
    const redis = new Redis(redisUrl as string);
    try {
      const keys = await redis.keys(`rankmatch:${namespace}:rate:*`);
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatch(/:ip:127\.0\.0\.1$/);
      expect(Number(await redis.get(keys[0] as string))).toBeGreaterThanOrEqual(12);
      expect(await redis.pttl(keys[0] as string)).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });

  it('starts again at the next minute on every instance', async () => {
    const { a, b } = await instances();
    for (let i = 0; i < 5; i++) expect(await read(a)).toBe(200);
    await settle();
    for (let i = 0; i < 5; i++) expect(await read(b)).toBe(200);
    await settle();
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
    const prefix = `rankmatch:test-rate-cut-${process.pid}-${Date.now()}:rate`;
    const limiter = new RateLimiter(10, 60_000);
    const warnings: string[] = [];
    const log = {
      warn: (_: object, msg: string) => warnings.push(msg),
      info: (_: object, msg: string) => warnings.push(msg),
    };
    const share = new RateShare(`redis://127.0.0.1:${proxy.port}${target.pathname}`, limiter, prefix, log);
    const redis = new Redis(redisUrl as string);
    try {
      await share.start();
      // A minute with time to spare: the test's counts stay in one.
      if (Date.now() % 60_000 > 50_000) await new Promise((r) => setTimeout(r, 60_000 - (Date.now() % 60_000)));
      limiter.take('ip:x');
      await settle();
      const [key] = await redis.keys(`${prefix}:*`);
      expect(Number(await redis.get(key as string))).toBe(1);
      await proxy.cut();
      for (let i = 0; i < 4; i++) expect(limiter.take('ip:x').exceeded).toBe(false);
      await settle();
      // Nothing reached Redis; the instance kept counting (its own 5 of 10).
      expect(Number(await redis.get(key as string))).toBe(1);
      expect(limiter.take('ip:x').remaining).toBe(4);
      expect(warnings).toEqual(['rate limit: counts not shared (each instance counts alone)']);
      await proxy.restore();
      const deadline = Date.now() + 10_000;
      while (Number(await redis.get(key as string)) < 6 && Date.now() < deadline) await settle();
      // Everything counted while away, once: 1 + 4 + 1.
      expect(Number(await redis.get(key as string))).toBe(6);
      expect(warnings.at(-1)).toBe('rate limit: counts shared again between instances');
    } finally {
      await share.close();
      redis.disconnect();
      await proxy.cut();
    }
  });
});
