import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { BODY_LIMIT_BYTES, ERRORS } from '@rankmatch/shared';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { registerAuditRoutes } from './audit/routes.ts';
import { createGuard } from './auth/guard.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { TokenService } from './auth/tokens.ts';
import { registerBadgeRoutes } from './badges/routes.ts';
import type { Config } from './config.ts';
import { type AppContext, unixNow } from './context.ts';
import type { Database } from './db/client.ts';
import { registerDebugRoutes } from './debug/routes.ts';
import { type EventBus, openBus } from './events/bus.ts';
import { registerHealthRoutes } from './health/routes.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerMasterRoutes } from './master/routes.ts';
import { MatchNotifier } from './matches/notify.ts';
import { registerMatchRoutes } from './matches/routes.ts';
import { WaveRunner } from './matches/wave-runner.ts';
import { registerQueueRoutes } from './queue/routes.ts';
import { registerRankingRoutes } from './ranking/routes.ts';
import { RankingService } from './ranking/service.ts';
import { RealtimeHub } from './realtime/hub.ts';
import { registerSeasonRoutes } from './seasons/routes.ts';
import { registerSiteRoutes } from './site/routes.ts';
import { registerUserRoutes } from './users/routes.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  now?: () => number;
  fetch?: typeof fetch;
  /** pino options, or false for silence (tests). */
  logger?: boolean | { level: string };
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

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  ranking: RankingService;
  bus: EventBus;
  waves: WaveRunner;
  hub: RealtimeHub;
}

export async function buildApp(options: AppOptions): Promise<BuiltApp> {
  const { config, database } = options;
  const now = options.now ?? unixNow;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: typeof options.logger === 'object' ? options.logger.level : config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
          },
    bodyLimit: BODY_LIMIT_BYTES,
    // Fastify's two lines per request are replaced by our one (onResponse hook below).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: true,
    return503OnClosing: true,
  });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    tokens: new TokenService(config.jwtSecret, now),
    now,
    fetch: options.fetch ?? globalThis.fetch,
  };
  const guard = createGuard(ctx);
  const bus = options.bus ?? (await openBus(config.redisUrl));
  if (!options.bus) app.addHook('onClose', async () => bus.close());

  // One log line per request: method, path without the query (it may carry codes or tokens), status, time.
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

  registerErrorHandling(app);
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: ERRORS.RATE_LIMITED.message,
      code: 'RATE_LIMITED',
      retry_after_seconds: Math.ceil(context.ttl / 1000),
    }),
  });

  registerHealthRoutes(app, ctx, bus);
  registerAuthRoutes(app, ctx, guard);
  registerUserRoutes(app, ctx, guard);
  const ranking = new RankingService(ctx.db, now);
  registerSiteRoutes(app, ctx);
  registerMasterRoutes(app, ctx, guard);
  registerBadgeRoutes(app, ctx, guard);
  registerSeasonRoutes(app, ctx, guard, ranking);
  registerRankingRoutes(app, ctx, guard, ranking);
  registerAuditRoutes(app, ctx, guard);
  const notifier = new MatchNotifier(bus, ranking);
  const waves = new WaveRunner(ctx, bus, notifier, app.log);
  app.addHook('onClose', async () => waves.stop());
  registerQueueRoutes(app, ctx, guard, bus);
  registerMatchRoutes(app, ctx, guard, notifier);
  registerDebugRoutes(app, ctx, guard, { bus, waves });
  const hub = new RealtimeHub(ctx, bus);
  await hub.register(app, guard);
  app.addHook('onClose', async () => ranking.stop());

  // Everything outside /api is the web app (single-page: unknown paths get index.html).
  const webDist = options.webDist === undefined ? defaultWebDist() : options.webDist;
  if (webDist) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: ['index.html'] });
    app.get('/*', (request, reply) => {
      if (request.url.startsWith('/api/') || request.url === '/api') {
        return reply.status(404).send({ error: ERRORS.ROUTE_NOT_FOUND.message, code: 'ROUTE_NOT_FOUND' });
      }
      return reply.sendFile('index.html');
    });
  }
  return { app, ctx, ranking, bus, waves, hub };
}
