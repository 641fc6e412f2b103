import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { createGuard } from './auth/guard.ts';
import { TokenSigner } from './auth/tokens.ts';
import type { Config } from './config.ts';
import { type AppContext, unixNow } from './context.ts';
import type { Database } from './db/client.ts';
import { docsRoutes } from './docs/openapi.ts';
import { type EventBus, openBus } from './events/bus.ts';
import { DomainEvents } from './events/domain.ts';
import { writer } from './events/unit.ts';
import type { RouteRegistry } from './http/contract.ts';
import { requestIds } from './http/request-record.ts';
import { mountRoutes } from './http/route.ts';
import type { SharedReads } from './http/shared-reads.ts';
import { defineMaintenance } from './jobs/maintenance.ts';
import { Scheduler } from './jobs/scheduler.ts';
import { Metrics, metricsRoutes } from './metrics/metrics.ts';
import type { EventHandler } from './module.ts';
import { buildModules, type Modules } from './modules.ts';
import { outboxCounts } from './notifications/outbox.ts';
import { queueInfo } from './queue/service.ts';
import { RealtimeHub } from './realtime/hub.ts';
import { createFastify, registerPipeline } from './server.ts';
import { registerSitePages } from './site/pages.ts';

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

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  bus: EventBus;
  hub: RealtimeHub;
  jobs: Scheduler;
  events: DomainEvents;
  modules: Modules;
  /** Every registered route (method and path). */
  routes: { method: string; path: string }[];
  /** The routes' contracts (the API document's source) and, under API_CONTRACT_CHECK=1, the replies that broke them. */
  contracts: RouteRegistry;
  /** The public reads answered before the pipeline (http/shared-reads.ts). */
  shared: SharedReads;
}

export async function buildApp(options: AppOptions): Promise<BuiltApp> {
  const { config, database } = options;
  const now = options.now ?? unixNow;
  const requestId = requestIds();
  const app = createFastify({ ...options, requestId });
  const bus = options.bus ?? (await openBus(config.redisUrl, config.redisChannel, app.log));
  if (!options.bus) app.addHook('onClose', async () => bus.close());
  const tokens = new TokenSigner(config.jwtSecret, now);
  const metrics = new Metrics();
  const { routes, contracts, shared } = await registerPipeline(app, { config, tokens, metrics, now, requestId });

  // Domain events after commit; the handlers run once, on the instance that committed.
  const events = new DomainEvents(bus, app.log);
  app.addHook('onClose', async () => events.drain());
  const jobs = new Scheduler(database, app.log);
  app.addHook('onClose', async () => jobs.stop());
  const ctx: AppContext = {
    ...{ config, database, db: database.db, tokens, now, fetch: options.fetch ?? globalThis.fetch, log: app.log },
    ...{ bus, events, write: writer(database.db, events), jobs, metrics },
  };
  defineMaintenance(database, jobs);
  const { list, modules } = buildModules(ctx);
  for (const handler of list.flatMap((m): readonly EventHandler[] => m.handlers ?? [])) {
    events.on(handler.type, handler.run as never);
  }
  app.addHook('onClose', async () => {
    for (const module of list) await module.close?.();
  });
  const guard = createGuard(ctx);
  const http = [...docsRoutes(contracts), ...metricsRoutes(metrics), ...list.flatMap((m) => m.routes ?? [])];
  await mountRoutes(app, http, { auth: guard, write: ctx.write, now, shared });

  const hub = new RealtimeHub(ctx, bus, metrics);
  await hub.register(app, guard);
  metrics.watch({
    queueSize: async () => (await queueInfo(ctx.db, ctx.now())).total_waiting,
    notifications: () => outboxCounts(ctx.db),
    wsClients: () => hub.size,
    jobs,
    database,
    bus,
  });
  const webDist = options.webDist === undefined ? defaultWebDist() : options.webDist;
  if (webDist) {
    contracts.pagesFollow();
    await registerSitePages(app, ctx, webDist);
  }
  return { app, ctx, bus, hub, jobs, events, modules, routes, contracts, shared };
}
