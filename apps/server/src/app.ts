import { existsSync } from 'node:fs';
import type { Socket } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { BODY_LIMIT_BYTES, ERRORS } from '@rankmatch/shared';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type Stripe from 'stripe';
import { registerAchievementRoutes } from './achievements/routes.ts';
import { AchievementService } from './achievements/service.ts';
import { registerAdminScope } from './admin/scope.ts';
import { registerAuditRoutes } from './audit/routes.ts';
import { createGuard, type Guard } from './auth/guard.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { defineSessionPrune } from './auth/sessions.ts';
import { TokenService } from './auth/tokens.ts';
import { registerBadgeAdminRoutes, registerBadgeRoutes } from './badges/routes.ts';
import type { Config } from './config.ts';
import { type AppContext, unixNow } from './context.ts';
import type { Database } from './db/client.ts';
import { registerDebugRoutes } from './debug/routes.ts';
import { DebugTools } from './debug/tools.ts';
import { wireDiscord } from './discord/wire.ts';
import { RouteRegistry } from './docs/contract.ts';
import { registerDocsRoutes } from './docs/openapi.ts';
import { type EventBus, openBus } from './events/bus.ts';
import { DomainEvents } from './events/domain.ts';
import { registerHealthRoutes } from './health/routes.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { refuseIllFormedText } from './http/validate.ts';
import { registerWebApp } from './http/web-app.ts';
import { defineMaintenance } from './jobs/maintenance.ts';
import { Scheduler } from './jobs/scheduler.ts';
import { registerMasterAdminRoutes, registerMasterRoutes } from './master/routes.ts';
import { registerMatchAdminRoutes } from './matches/admin-routes.ts';
import { MatchNotifier } from './matches/notify.ts';
import { registerMatchRoutes } from './matches/routes.ts';
import { Metrics, registerMetrics } from './metrics/metrics.ts';
import { OutboxWorker, outboxCounts } from './notifications/outbox.ts';
import { registerNotificationRoutes } from './notifications/routes.ts';
import { wireNotifications } from './notifications/wire.ts';
import { loadProfile } from './players/profile.ts';
import { registerPlayerRoutes } from './players/routes.ts';
import { registerUserRoutes } from './players/user-routes.ts';
import { registerQueueRoutes } from './queue/routes.ts';
import { queueInfo } from './queue/service.ts';
import { registerRankingAdminRoutes, registerRankingRoutes } from './ranking/routes.ts';
import { RankingService } from './ranking/service.ts';
import { RealtimeHub } from './realtime/hub.ts';
import { registerSeasonAdminRoutes } from './season-end/admin-routes.ts';
import { SeasonEnder } from './season-end/end.ts';
import { registerSeasonRoutes } from './seasons/routes.ts';
import { registerShopAdminRoutes } from './shop/admin-routes.ts';
import { StripeProvider, stripeClient, TestPaymentProvider } from './shop/provider.ts';
import { registerShopRoutes } from './shop/routes.ts';
import { ShopService } from './shop/service.ts';
import { bootData, pageHead } from './site/pages.ts';
import { registerSiteRoutes } from './site/routes.ts';
import { createServerRenderer, loadRenderer } from './site/server-render.ts';
import { registerStatsRoutes } from './stats/routes.ts';
import { StatsService } from './stats/service.ts';
import { registerUserAdminRoutes } from './user-admin/routes.ts';
import { WaveRunner } from './waves/runner.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  now?: () => number;
  fetch?: typeof fetch;
  /** pino options, or false for silence (tests); a stream receives the JSON lines (tests that read the log). */
  logger?: boolean | { level: string; stream?: NodeJS.WritableStream };
  /** Event fan-out; by default in-process, or Redis when REDIS_URL is set. */
  bus?: EventBus;
  /** Folder of the built web app; defaults to apps/web/dist when it exists. */
  webDist?: string | null;
}

function defaultWebDist(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const dist = resolve(here, '../../web/dist');
  return existsSync(join(dist, 'index.html')) ? dist : null;
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

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  ranking: RankingService;
  bus: EventBus;
  waves: WaveRunner;
  hub: RealtimeHub;
  jobs: Scheduler;
  events: DomainEvents;
  seasonEnd: SeasonEnder;
  achievements: AchievementService;
  shop: ShopService | null;
  stats: StatsService;
  /** The notification delivery queue's worker on this instance. */
  outbox: OutboxWorker;
  /** Every registered route (method and path). */
  routes: { method: string; path: string }[];
  /** The routes' contracts (the API document's source) and, under API_CONTRACT_CHECK=1, the replies that broke them. */
  contracts: RouteRegistry;
}

export async function buildApp(options: AppOptions): Promise<BuiltApp> {
  const { config, database } = options;
  const now = options.now ?? unixNow;
  const app = createFastify(options);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    tokens: new TokenService(config.jwtSecret, now),
    now,
    fetch: options.fetch ?? globalThis.fetch,
  };
  const guard = createGuard(ctx);
  const bus = options.bus ?? (await openBus(config.redisUrl, config.redisChannel, app.log));
  if (!options.bus) app.addHook('onClose', async () => bus.close());

  registerRequestLog(app);
  // Every route, for the documentation check (test) and nothing else.
  const routes: { method: string; path: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, path: route.url });
  });
  // Each route's contract (its zod schemas and errors), read by the API document; the test suites (and the e2e server)
  // set API_CONTRACT_CHECK=1 to check every reply against it (before compression: the hook sees the JSON text).
  const contracts = new RouteRegistry();
  contracts.collect(app);
  if (process.env.API_CONTRACT_CHECK === '1') contracts.check(app);
  registerErrorHandling(app);
  refuseIllFormedText(app);
  await registerSecurityHeaders(app, config);
  // Compressed replies where the proxy does not compress (the ranking is 29 KB of JSON).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  const metrics = new Metrics();
  registerMetrics(app, config, metrics);
  await registerRateLimits(app, ctx);

  // Domain events after commit; the handlers registered below run once, on the instance that committed.
  const events = new DomainEvents(bus, app.log);
  app.addHook('onClose', async () => events.drain());
  const jobs = new Scheduler(database, app.log);
  app.addHook('onClose', async () => jobs.stop());
  const services = createServices(app, ctx, { bus, events, jobs, metrics });
  registerHealthRoutes(app, ctx, bus);
  registerDocsRoutes(app, contracts);
  registerPublicRoutes(app, ctx, guard, events, metrics, services);
  // Every admin and debug call: one scope checks the session and is_admin before anything else runs.
  await registerAdminScope(app, guard, (admin) => registerAdminRoutes(admin, ctx, events, services));
  const hub = new RealtimeHub(ctx, bus, metrics);
  await hub.register(app, guard);
  metrics.watch({
    queueSize: async () => (await queueInfo(ctx.db, ctx.now())).total_waiting,
    notifications: () => outboxCounts(ctx.db),
    wsClients: () => hub.size,
    jobs,
    ctx,
    bus,
  });

  // Everything outside /api is the web app (single-page: unknown paths get index.html).
  const webDist = options.webDist === undefined ? defaultWebDist() : options.webDist;
  if (webDist) {
    contracts.pagesFollow();
    const renderPage = await loadRenderer(webDist);
    const renderer = renderPage ? createServerRenderer(app, renderPage) : null;
    await registerWebApp(app, webDist, {
      publicUrl: config.publicUrl,
      head: (path, query) => pageHead(ctx, path, query),
      bootData: () => bootData(ctx),
      ...(renderer && { render: renderer.render }),
    });
  }
  const { ranking, waves, seasonEnd, achievements, shop, stats, outbox } = services;
  return {
    ...{ app, ctx, ranking, bus, waves, hub, jobs, events, seasonEnd, achievements, shop, stats, outbox },
    ...{ routes, contracts },
  };
}

function createFastify(options: AppOptions): FastifyInstance {
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
    // Fastify's two lines per request are replaced by our one (registerRequestLog).
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count trusts that many proxies in front of us (proxy-addr's hop index counts from the nearest).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    return503OnClosing: true,
    // Start-up takes real seconds: on a rehearsal's fast clock, avvio's 10 s plugin timeout would be a few ms.
    ...(config.simulatedClock && { pluginTimeout: 0 }),
    // Input the router or the HTTP parser refuses before any handler runs still gets a catalogued answer.
    frameworkErrors: routerRefusal,
    clientErrorHandler: parserRefusal,
  });
}

/** One log line per request: method, path without the query (it may carry codes or tokens), status, time. */
function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}

/** Rate limits on /api (not /api/health): per address, and per signed-in user whatever address they come from. */
async function registerRateLimits(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limited = (request: FastifyRequest) =>
    request.url.startsWith('/api/') && !/^\/api\/health(\?|$)/.test(request.url);
  const limitOptions = {
    max: ctx.config.rateLimitPerMinute,
    timeWindow: '1 minute',
    allowList: (request: FastifyRequest) => !limited(request),
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => ({
      statusCode: 429,
      error: ERRORS.RATE_LIMITED.message,
      code: 'RATE_LIMITED',
      retry_after_seconds: Math.ceil(context.ttl / 1000),
    }),
  };
  await app.register(rateLimit, { ...limitOptions, keyGenerator: (request) => `ip:${request.ip}` });
  app.addHook(
    'onRequest',
    app.rateLimit({
      ...limitOptions,
      keyGenerator: async (request) => {
        const subject = await ctx.tokens.subjectOf(request.headers.authorization);
        return subject ? `user:${subject}` : `ip:${request.ip}`;
      },
    }),
  );
}

interface Services {
  ranking: RankingService;
  achievements: AchievementService;
  notifier: MatchNotifier;
  waves: WaveRunner;
  seasonEnd: SeasonEnder;
  stats: StatsService;
  stripe: Stripe;
  shop: ShopService | null;
  /** The notification delivery queue's worker on this instance (push, Discord). */
  outbox: OutboxWorker;
}

/** The services and jobs, and what each does when a domain event happens. */
function createServices(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { bus: EventBus; events: DomainEvents; jobs: Scheduler; metrics: Metrics },
): Services {
  const { bus, events, jobs, metrics } = deps;
  const outbox = new OutboxWorker(ctx.db, ctx.now, app.log);
  app.addHook('onClose', async () => outbox.stop());
  defineMaintenance(ctx.database, jobs);
  defineSessionPrune(ctx, jobs);
  const ranking = new RankingService(ctx.db, ctx.now, jobs);
  app.addHook('onClose', async () => ranking.stop());
  const achievements = new AchievementService(ctx, events);
  events.on('match.settled', () => ranking.nudge());
  events.on('match.settled', (event) => achievements.onMatchSettled(event));
  events.on('season.ended', () => ranking.nudge());
  events.on('season.activated', () => ranking.nudge());
  const notifier = new MatchNotifier(events);
  const waves = new WaveRunner(ctx, events, notifier, app.log, jobs, metrics);
  const seasonEnd = new SeasonEnder(ctx, jobs, events, app.log);
  const stats = new StatsService(ctx, bus, jobs);
  events.on('match.corrected', (event) => stats.forget(event.season_id));
  wireNotifications(ctx, { events, jobs, worker: outbox });
  const stripe = stripeClient(ctx.config);
  const shopConfig = ctx.config.shop;
  const shop = shopConfig
    ? new ShopService(
        ctx,
        shopConfig.mode === 'stripe'
          ? new StripeProvider(stripe)
          : new TestPaymentProvider(ctx.db, ctx.config.publicUrl, ctx.now),
        events,
        jobs,
      )
    : null;
  return { ranking, achievements, notifier, waves, seasonEnd, stats, stripe, shop, outbox };
}

/** Everything a visitor or a player calls. */
function registerPublicRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guard: Guard,
  events: DomainEvents,
  metrics: Metrics,
  services: Services,
): void {
  registerAuthRoutes(app, ctx, guard, events, loadProfile);
  registerUserRoutes(app, ctx, guard);
  registerMasterRoutes(app, ctx, guard);
  registerBadgeRoutes(app, ctx, guard);
  registerSeasonRoutes(app, ctx);
  registerRankingRoutes(app, ctx, guard, services.ranking);
  registerQueueRoutes(app, ctx, guard, events);
  registerMatchRoutes(app, ctx, guard, services.notifier, metrics);
  registerPlayerRoutes(app, ctx);
  registerStatsRoutes(app, services.stats);
  registerSiteRoutes(app, ctx, services.stats);
  registerAchievementRoutes(app, guard, services.achievements);
  registerShopRoutes(app, ctx, guard, services.shop, services.stripe);
  registerNotificationRoutes(app, ctx, guard);
}

/** Inside the admin scope. */
function registerAdminRoutes(admin: FastifyInstance, ctx: AppContext, events: DomainEvents, services: Services): void {
  const { ranking, seasonEnd, waves, notifier, shop } = services;
  registerUserAdminRoutes(admin, ctx, events);
  registerBadgeAdminRoutes(admin, ctx, events);
  registerMasterAdminRoutes(admin, ctx, events);
  registerSeasonAdminRoutes(admin, ctx, ranking, seasonEnd);
  registerRankingAdminRoutes(admin, ranking);
  registerMatchAdminRoutes(admin, ctx, ranking, events);
  registerAuditRoutes(admin, ctx);
  registerDebugRoutes(admin, new DebugTools(ctx, { events, waves, notifier }));
  registerShopAdminRoutes(admin, ctx, shop);
  // The Discord channel and DMs: senders on the outbox, announcements on the events, and the admin's routes.
  wireDiscord(admin, ctx, events, services.outbox);
}
