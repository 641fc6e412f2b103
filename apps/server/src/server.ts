import type { Socket } from 'node:net';
import compress from '@fastify/compress';
import proxyAddr from '@fastify/proxy-addr';
import { BODY_LIMIT_BYTES, ERRORS } from '@rankmatch/shared';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { Config } from './config.ts';
import type { AccessTokens } from './context.ts';
import { NO_STORE } from './http/cache.ts';
import { RouteRegistry } from './http/contract.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { RateShare } from './http/rate-share.ts';
import { registerRequestRecord } from './http/request-record.ts';
import { registerDefaultHeaders } from './http/security-headers.ts';
import { type ProxyTrust, SharedReads } from './http/shared-reads.ts';
import { refuseIllFormedText } from './http/validate.ts';
import type { Metrics } from './metrics/metrics.ts';

// The HTTP server every request goes through before a route's own work: one log line, the contract registry (and
// the reply check in tests), catalogued refusals of what the router and parser reject, ill-formed text refused,
// security headers, compression, metrics and the rate limits. The public reads everyone shares are answered in front
// of it, with the same headers, limit, log line and count (http/shared-reads.ts).

export interface ServerOptions {
  config: Config;
  /** The request ids of the log lines (http/request-record.ts requestIds), shared with the shared reads. */
  requestId: () => string;
  /** pino options, or false for silence (tests); a stream receives the JSON lines (tests that read the log). */
  logger?: boolean | { level: string; stream?: NodeJS.WritableStream };
}

/** The router's own refusals (a path parameter over the length limit, a malformed URL). */
function routerRefusal(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URI_TOO_LONG' : 'BAD_URL';
  void reply.code(ERRORS[code].status).send({ error: ERRORS[code].message, code });
}

/** The HTTP parser's refusals (headers over the size limit, a malformed request), written to the socket. */
function parserRefusal(error: Error, socket: Socket): void {
  const code =
    (error as NodeJS.ErrnoException).code === 'HPE_HEADER_OVERFLOW' ? 'HEADERS_TOO_LARGE' : 'VALIDATION_ERROR';
  const body = JSON.stringify({ error: ERRORS[code].message, code });
  if (!socket.writable) return;
  socket.end(
    `HTTP/1.1 ${ERRORS[code].status} ${code}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Which proxies in front are trusted to say who the client is: a hop count trusts that many (proxy-addr's hop index
 * counts from the nearest), a list trusts those addresses. Fastify's `request.ip` and the shared reads
 * (http/shared-reads.ts) both use it, so both find the same address.
 */
export function proxyTrust(config: Config): ProxyTrust {
  const trusted = config.trustProxy;
  if (trusted === false) return false;
  if (typeof trusted === 'number') return (_address, hop) => hop < trusted;
  return proxyAddr.compile(trusted);
}

export function createFastify(options: ServerOptions): FastifyInstance {
  const { config } = options;
  return Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: typeof options.logger === 'object' ? options.logger.level : config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            ...(typeof options.logger === 'object' && options.logger.stream && { stream: options.logger.stream }),
          },
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: options.requestId,
    // Fastify's two lines per request are replaced by our one (registerRequestRecord).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: proxyTrust(config),
    return503OnClosing: true,
    // Start-up takes real seconds: on a rehearsal's fast clock, avvio's 10 s plugin timeout would be a few ms.
    ...(config.simulatedClock && { pluginTimeout: 0 }),
    // Input the router or the HTTP parser refuses before any handler runs still gets a catalogued answer.
    frameworkErrors: routerRefusal,
    clientErrorHandler: parserRefusal,
  });
}

/**
 * Everything before a route's own work. Returns every route as registered (method and path, for the documentation
 * check), the routes' contracts (the API document's source; under API_CONTRACT_CHECK=1, every reply is checked
 * against them: the test suites and the e2e server set it) and the shared reads, which the routes fill as they mount.
 */
export async function registerPipeline(
  app: FastifyInstance,
  deps: { config: Config; tokens: AccessTokens; metrics: Metrics; now: () => number; requestId: () => string },
): Promise<{ routes: { method: string; path: string }[]; contracts: RouteRegistry; shared: SharedReads }> {
  registerRequestRecord(app, deps.metrics.http);
  // Every API reply is kept by no shared cache unless its route says how long it may be (http/cache.ts): refusals
  // before any handler (401, 429, an unknown route) included.
  const apiHeaders = registerDefaultHeaders(app, deps.config, { 'cache-control': NO_STORE });
  const routes: { method: string; path: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, path: route.url });
  });
  const contracts = new RouteRegistry();
  contracts.collect(app);
  // Before compression: the hook sees the JSON text.
  if (process.env.API_CONTRACT_CHECK === '1') contracts.check(app);
  registerErrorHandling(app);
  refuseIllFormedText(app);
  // Compressed replies where the proxy does not compress (the ranking is 29 KB of JSON).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // Rate limits on /api (not /api/health): per signed-in user whatever address they come from, else per address.
  const limiter = registerRateLimit(app, {
    max: deps.config.rateLimitPerMinute,
    userOf: (authorization) => deps.tokens.subjectOf(authorization),
    clock: () => deps.now() * 1000,
  });
  // Several instances count one budget (http/rate-share.ts).
  if (deps.config.redisUrl) {
    const share = new RateShare(deps.config.redisUrl, limiter, deps.config.redisRatePrefix, app.log);
    await share.start();
    app.addHook('onClose', async () => share.close());
  }
  // The reads everyone shares, before all of the above (http/shared-reads.ts); routes add theirs as they mount.
  const shared = new SharedReads({
    apiHeaders,
    limiter,
    trust: proxyTrust(deps.config),
    meter: deps.metrics.http,
    log: app.log,
    requestId: deps.requestId,
  });
  shared.attach(app.server, (mark) =>
    app.addHook('preClose', (done) => {
      mark();
      done();
    }),
  );
  return { routes, contracts, shared };
}
