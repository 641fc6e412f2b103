import { Redis } from 'ioredis';
import type { RateLimiter, Share } from './rate-limit.ts';

// The rate limit's counts shared between the instances of one site (REDIS_URL): every RATE_SHARE_MS, one pipeline
// adds what this instance counted since its last share to each busy key's count of the minute in Redis
// (`<namespace>:<minute>:<key>`, expiring a minute after the minute ends) and learns every instance's total from the
// answer. A request never waits for Redis: while Redis is away, each instance keeps counting on its own (the limit
// then holds per instance, as it did before) and the counts not shared are sent when it is back.

export const RATE_SHARE_MS = 250;
/** Keys shared per turn at most (the busiest first; the others wait for the next turn). */
export const RATE_SHARE_MAX_KEYS = 5_000;

export class RateShare {
  private readonly redis: Redis;
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private failing = false;

  constructor(
    url: string,
    private readonly limiter: RateLimiter,
    private readonly namespace: string,
    private readonly log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
  ) {
    // Commands fail at once while Redis is away (no queue of stale counts); reconnects keep trying.
    this.redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (times: number) => Math.min(200 * times, 2000),
    });
    this.redis.on('error', () => {
      // reported once by turn() while it fails
    });
  }

  async start(): Promise<void> {
    await this.redis.connect();
    this.limiter.share();
    this.timer = setInterval(() => void this.turn(), RATE_SHARE_MS);
    this.timer.unref();
  }

  /** One share: what this instance counted goes out, every instance's totals come back. */
  async turn(): Promise<void> {
    if (this.busy) return;
    const shares = this.limiter.drainShares(RATE_SHARE_MAX_KEYS);
    if (shares.length === 0) return;
    this.busy = true;
    try {
      const pipeline = this.redis.pipeline();
      for (const share of shares) {
        const key = `${this.namespace}:${share.window}:${share.key}`;
        pipeline.incrby(key, share.delta);
        pipeline.pexpire(key, this.limiter.keepMs(share.window));
      }
      const replies = (await pipeline.exec()) ?? [];
      const unsent: Share[] = [];
      shares.forEach((share, i) => {
        const [err, total] = replies[2 * i] ?? [new Error('no reply'), null];
        if (err || typeof total !== 'number') unsent.push(share);
        else this.limiter.learn(share.key, share.window, total);
      });
      // A count Redis did not take is sent again next turn (one it took is not: it would count twice).
      this.limiter.restore(unsent);
      this.report(unsent.length > 0 ? `${unsent.length} counts were not added` : null);
    } catch (err) {
      this.limiter.restore(shares);
      this.report((err as Error).message);
    } finally {
      this.busy = false;
    }
  }

  /** Says once when sharing stops working, and once when it works again. */
  private report(error: string | null): void {
    if (error && !this.failing) {
      this.failing = true;
      this.log.warn({ error }, 'rate limit: counts not shared (each instance counts alone)');
    } else if (!error && this.failing) {
      this.failing = false;
      this.log.info({}, 'rate limit: counts shared again between instances');
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.redis.disconnect();
  }
}
