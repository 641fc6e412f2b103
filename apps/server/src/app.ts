import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type AchievementsModule, achievementsModule } from './achievements/module.ts';
import { auditModule } from './audit/module.ts';
import { createGuard } from './auth/guard.ts';
import { authModule } from './auth/module.ts';
import { TokenService } from './auth/tokens.ts';
import { badgesModule } from './badges/module.ts';
import type { Config } from './config.ts';
import { type AppContext, unixNow } from './context.ts';
import type { Database } from './db/client.ts';
import { debugModule } from './debug/module.ts';
import { discordModule } from './discord/module.ts';
import { docsRoutes } from './docs/openapi.ts';
import { type EventBus, openBus } from './events/bus.ts';
import { DomainEvents } from './events/domain.ts';
import { writer } from './events/unit.ts';
import { healthModule } from './health/module.ts';
import type { RouteRegistry } from './http/contract.ts';
import { mountRoutes } from './http/route.ts';
import { defineMaintenance } from './jobs/maintenance.ts';
import { Scheduler } from './jobs/scheduler.ts';
import { masterModule } from './master/module.ts';
import { matchesModule } from './matches/module.ts';
import { Metrics, metricsRoutes } from './metrics/metrics.ts';
import { moderationModule } from './moderation/module.ts';
import type { EventHandler, Module } from './module.ts';
import { type NotificationsModule, notificationsModule } from './notifications/module.ts';
import { outboxCounts } from './notifications/outbox.ts';
import { profilesModule } from './profiles/module.ts';
import { queueModule } from './queue/module.ts';
import { queueInfo } from './queue/service.ts';
import { type RankingModule, rankingModule } from './ranking/module.ts';
import { RealtimeHub } from './realtime/hub.ts';
import { type SeasonsModule, seasonsModule } from './seasons/module.ts';
import { createFastify, registerPipeline } from './server.ts';
import { type ShopModule, shopModule } from './shop/module.ts';
import { siteModule } from './site/module.ts';
import { registerSitePages } from './site/pages.ts';
import { type StatsModule, statsModule } from './stats/module.ts';
import { type WavesModule, wavesModule } from './waves/module.ts';

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

/** The modules other code reaches (main.ts, the seed, tests and benchmarks). */
export interface Modules {
  ranking: RankingModule;
  stats: StatsModule;
  waves: WavesModule;
  seasons: SeasonsModule;
  achievements: AchievementsModule;
  notifications: NotificationsModule;
  shop: ShopModule;
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
}

/**
 * The app: the context every module is built from, the modules (each its routes, handlers and jobs), the sockets and
 * the web app. A module comes after the modules it needs.
 */
function buildModules(ctx: AppContext): { list: Module[]; modules: Modules } {
  const profiles = profilesModule(ctx);
  const ranking = rankingModule(ctx);
  const stats = statsModule(ctx);
  const waves = wavesModule(ctx);
  const seasons = seasonsModule(ctx, { ranking: ranking.snapshot });
  const achievements = achievementsModule(ctx);
  const notifications = notificationsModule(ctx);
  const shop = shopModule(ctx);
  const list: Module[] = [
    healthModule(ctx),
    authModule(ctx, { loadProfile: profiles.loadProfile }),
    profiles,
    masterModule(ctx),
    badgesModule(ctx),
    seasons,
    ranking,
    queueModule(ctx),
    matchesModule(ctx),
    waves,
    stats,
    siteModule(ctx, { stats: stats.cache }),
    achievements,
    shop,
    notifications,
    discordModule(ctx, { outbox: notifications.outbox }),
    moderationModule(ctx),
    auditModule(ctx),
    debugModule(ctx, { waves }),
  ];
  return { list, modules: { ranking, stats, waves, seasons, achievements, notifications, shop } };
}

export async function buildApp(options: AppOptions): Promise<BuiltApp> {
  const { config, database } = options;
  const now = options.now ?? unixNow;
  const app = createFastify(options);
  const bus = options.bus ?? (await openBus(config.redisUrl, config.redisChannel, app.log));
  if (!options.bus) app.addHook('onClose', async () => bus.close());
  const tokens = new TokenService(config.jwtSecret, now);
  const metrics = new Metrics();
  const { routes, contracts } = await registerPipeline(app, { config, tokens, metrics });

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
  await mountRoutes(app, http, { auth: guard, write: ctx.write, now });

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
  return { app, ctx, bus, hub, jobs, events, modules, routes, contracts };
}
