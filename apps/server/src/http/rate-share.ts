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
/** A share Redis has not answered by then failed (a Redis that stops answering must not stop the sharing unseen). */
const RATE_SHARE_TIMEOUT_MS = 2_000;

export class RateShare {
  private readonly redis: Redis;
  private timer: NodeJS.Timeout | null = null;
  private busy: Promise<void> | null = null;
  private failing = false;
  private closing = false;

  constructor(
    url: string,
    private readonly limiter: RateLimiter,
    private readonly namespace: string,
    private readonly log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
  ) {
    // Commands fail at once while Redis is away (no queue of stale counts), or after RATE_SHARE_TIMEOUT_MS when it
    // stops answering; nothing is sent again by ioredis (a share's counts are, by turn()); reconnects keep trying.
    this.redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      commandTimeout: RATE_SHARE_TIMEOUT_MS,
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
  turn(): Promise<void> {
    if (this.busy) return this.busy;
    const shares = this.limiter.drainShares(RATE_SHARE_MAX_KEYS);
    if (shares.length === 0) return Promise.resolve();
    this.busy = this.send(shares).finally(() => {
      this.busy = null;
    });
    return this.busy;
  }

  private async send(shares: Share[]): Promise<void> {
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
      // A count Redis refused is sent again next turn. One whose answer was lost (the connection dropped after Redis
      // added it) is sent again too and counts twice: a refusal a little early, never late.
      this.limiter.restore(unsent);
      this.report(unsent.length > 0 ? `${unsent.length} counts were not added` : null);
    } catch (err) {
      this.limiter.restore(shares);
      this.report((err as Error).message);
    }
  }

  /** Says once when sharing stops working, and once when it works again. */
  private report(error: string | null): void {
    if (this.closing) return;
    if (error && !this.failing) {
      this.failing = true;
      this.log.warn({ error }, 'rate limit: counts not shared (each instance counts alone)');
    } else if (!error && this.failing) {
      this.failing = false;
      this.log.info({}, 'rate limit: counts shared again between instances');
    }
  }

  /** Sends what is still unsent (a restart loses no counts), then disconnects. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.busy;
    if (this.redis.status === 'ready') await this.turn();
    this.closing = true;
    this.redis.disconnect();
  }
}
