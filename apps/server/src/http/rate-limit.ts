import { ERRORS } from '@rankmatch/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

// The API's request rate limit, on this instance: RATE_LIMIT_PER_MINUTE requests a minute per signed-in user (from
// whatever addresses), and per address for requests without a valid token. A key's minute starts at its first
// request (a fixed window per key, as @fastify/rate-limit's local store counted before it). /api/health is never
// limited, nor anything outside /api/ (pages and assets).
//
// It replaced @fastify/rate-limit (issue 37): the plugin paid half a dozen promises per request (an async key, an
// awaited allow-list, a promise around its store), which on Node 20 also pay the async hooks the scheduler's
// AsyncLocalStorage turns on. This one counts synchronously; only a request that carries a token waits, for its
// verification (cached by the token signer).

/** Keys remembered at most: past it, keys whose minute is over are forgotten, then the oldest (a flood of addresses). */
const MAX_KEYS = 50_000;

interface Window {
  count: number;
  resetsAt: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts one request by `key`: what is left of its minute, and whether it is over the limit. */
  take(key: string): { remaining: number; resetMs: number; exceeded: boolean } {
    const now = this.clock();
    let window = this.windows.get(key);
    if (!window || window.resetsAt <= now) {
      if (!window && this.windows.size >= MAX_KEYS) this.forget(now);
      window = { count: 0, resetsAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return {
      remaining: Math.max(0, this.max - window.count),
      resetMs: window.resetsAt - now,
      exceeded: window.count > this.max,
    };
  }

  get size(): number {
    return this.windows.size;
  }

  private forget(now: number): void {
    for (const [key, window] of this.windows) if (window.resetsAt <= now) this.windows.delete(key);
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
    windowMs?: number;
  },
): RateLimiter {
  const limiter = new RateLimiter(deps.max, deps.windowMs ?? 60_000);
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
