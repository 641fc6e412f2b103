import { ERRORS } from '@rankmatch/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

// The API's request rate limit: RATE_LIMIT_PER_MINUTE requests a minute per signed-in user (from whatever addresses),
// and per address for requests without a valid token. Minutes are the clock's (every instance counts the same one).
// /api/health is never limited, nor anything outside /api/ (pages and assets).
//
// Several instances (REDIS_URL) count one budget: each counts locally, without waiting for anyone, and every
// RATE_SHARE_MS shares what it counted for the keys worth sharing (http/rate-share.ts), learning what the others
// counted. A key is worth sharing from a twentieth of the limit on one instance: under it no instance can add much,
// and the many addresses of ordinary visitors cost Redis nothing. So a client spread over the instances is refused
// within a share's delay of spending the budget, not at N times it.
//
// It replaced @fastify/rate-limit (issue 37): the plugin paid half a dozen promises per request (an async key, an
// awaited allow-list, a promise around its store), which on Node 20 also pay the async hooks the scheduler's
// AsyncLocalStorage turns on. This one counts synchronously; only a request that carries a token waits, for its
// verification (cached by the token signer).

/** Keys remembered at most: past it, keys whose minute is over are forgotten, then the oldest (a flood of addresses). */
const MAX_KEYS = 50_000;
/** A key is shared once one instance counted this share of the limit in the minute. */
const SHARE_FROM = 1 / 20;

interface Window {
  /** The clock's minute (its number since the epoch). */
  id: number;
  /** Counted here. */
  count: number;
  /** Counted by the other instances, as last learnt. */
  others: number;
  /** Counted here since the last share. */
  unsent: number;
}

/** What one instance counted for a key since its last share. */
export interface Share {
  key: string;
  window: number;
  delta: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly dirty = new Set<string>();
  private readonly shareFrom: number;
  /** Whether other instances count with this one (http/rate-share.ts turns it on). */
  private sharing = false;

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly clock: () => number = Date.now,
  ) {
    this.shareFrom = Math.max(1, Math.floor(max * SHARE_FROM));
  }

  /** Counts one request by `key`: what is left of its minute, and whether it is over the limit. */
  take(key: string): { remaining: number; resetMs: number; exceeded: boolean } {
    const now = this.clock();
    const window = this.windowOf(key, now);
    this.count(key, window);
    const total = window.count + window.others;
    return {
      remaining: Math.max(0, this.max - total),
      resetMs: (window.id + 1) * this.windowMs - now,
      exceeded: total > this.max,
    };
  }

  /**
   * Counts one request by `key` unless take() would refuse it: false counts nothing, and the request goes on to the
   * pipeline, whose take() refuses it (http/shared-reads.ts).
   */
  takeIfAllowed(key: string): boolean {
    const window = this.windowOf(key, this.clock());
    if (window.count + window.others >= this.max) return false;
    this.count(key, window);
    return true;
  }

  private windowOf(key: string, now: number): Window {
    const id = Math.floor(now / this.windowMs);
    let window = this.windows.get(key);
    if (!window || window.id !== id) {
      if (!window && this.windows.size >= MAX_KEYS) this.forget(id);
      // Re-inserted: the map's order is the order of the windows' starts, which forget() drops from the oldest.
      if (window) this.windows.delete(key);
      window = { id, count: 0, others: 0, unsent: 0 };
      this.windows.set(key, window);
    }
    return window;
  }

  private count(key: string, window: Window): void {
    window.count += 1;
    window.unsent += 1;
    if (this.sharing && window.count >= this.shareFrom) this.dirty.add(key);
  }

  /** From now on, keys worth sharing are noted for drainShares. */
  share(): void {
    this.sharing = true;
  }

  /** What to tell the other instances (at most `limit` keys, the busiest first); taken as sent. */
  drainShares(limit: number): Share[] {
    const shares: Share[] = [];
    for (const key of this.dirty) {
      const window = this.windows.get(key);
      if (window && window.unsent > 0) shares.push({ key, window: window.id, delta: window.unsent });
    }
    shares.sort((a, b) => b.delta - a.delta);
    const sent = shares.slice(0, limit);
    for (const share of sent) {
      (this.windows.get(share.key) as Window).unsent = 0;
      this.dirty.delete(share.key);
    }
    // Keys past the limit stay dirty for the next share; keys with nothing new are dropped.
    for (const key of this.dirty) if (!this.windows.get(key)?.unsent) this.dirty.delete(key);
    return sent;
  }

  /** A share that did not reach the others: counted as unsent again. */
  restore(shares: readonly Share[]): void {
    for (const share of shares) {
      const window = this.windows.get(share.key);
      if (!window || window.id !== share.window) continue;
      window.unsent += share.delta;
      this.dirty.add(share.key);
    }
  }

  /** Every instance's count of `key` in `window` after a share (this one's included, as sent so far). */
  learn(key: string, window: number, total: number): void {
    const own = this.windows.get(key);
    if (!own || own.id !== window) return;
    own.others = Math.max(0, total - (own.count - own.unsent));
  }

  /** How long a shared count of `window` is worth keeping: until a minute after it ends (by this limiter's clock). */
  keepMs(window: number): number {
    return Math.max(1, (window + 2) * this.windowMs - this.clock());
  }

  get size(): number {
    return this.windows.size;
  }

  private forget(id: number): void {
    for (const [key, window] of this.windows) if (window.id < id) this.windows.delete(key);
    // Still full (that many live keys): the oldest go, a tenth at a time.
    if (this.windows.size < MAX_KEYS) return;
    let drop = Math.ceil(MAX_KEYS / 10);
    for (const key of this.windows.keys()) {
      if (drop-- <= 0) break;
      this.windows.delete(key);
    }
  }
}

const HEALTH = '/api/health';
/** Whether a request to `url` (or a route's path) is counted: the API, less its health check (with or without a query). */
export const isRateLimited = (url: string): boolean =>
  url.startsWith('/api/') && !(url.startsWith(HEALTH) && (url.length === HEALTH.length || url[HEALTH.length] === '?'));

/**
 * The limit as an onRequest hook. A refusal is 429 RATE_LIMITED with its Japanese message, `retry_after_seconds`
 * and Retry-After. Other replies carry X-RateLimit-Limit/-Remaining/-Reset, except public reads a shared cache keeps
 * (http/cache.ts): a cached copy would hand one client's count to everyone.
 */
export function registerRateLimit(
  app: FastifyInstance,
  deps: {
    max: number;
    /** The signed-in user a request's Authorization header names (a valid token), or null. */
    userOf: (authorization: string) => Promise<string | null>;
    /** The app's clock, in milliseconds (a simulated one runs the minutes as fast as it runs). */
    clock: () => number;
    windowMs?: number;
  },
): RateLimiter {
  const limiter = new RateLimiter(deps.max, deps.windowMs ?? 60_000, deps.clock);
  const count = (request: FastifyRequest, reply: FastifyReply, key: string): AppError | undefined => {
    const { remaining, resetMs, exceeded } = limiter.take(key);
    const resetSeconds = Math.max(1, Math.ceil(resetMs / 1000));
    if (exceeded) {
      const err = new AppError('RATE_LIMITED') as AppError & { body: object };
      err.body = { error: ERRORS.RATE_LIMITED.message, code: 'RATE_LIMITED', retry_after_seconds: resetSeconds };
      return err;
    }
    if (!request.routeOptions.config?.contract?.cache) {
      void reply.headers({
        'x-ratelimit-limit': deps.max,
        'x-ratelimit-remaining': remaining,
        'x-ratelimit-reset': resetSeconds,
      });
    }
    return undefined;
  };
  // Callback style: a request without a token is counted without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isRateLimited(request.url)) return done();
    const authorization = request.headers.authorization;
    if (!authorization) return done(count(request, reply, `ip:${request.ip}`));
    deps.userOf(authorization).then(
      (subject) => done(count(request, reply, subject ? `user:${subject}` : `ip:${request.ip}`)),
      (err: Error) => done(err),
    );
  });
  return limiter;
}
