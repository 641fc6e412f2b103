import { type AchievementsModule, achievementsModule } from './achievements/module.ts';
import { auditModule } from './audit/module.ts';
import { authModule } from './auth/module.ts';
import { avoidsModule } from './avoids/module.ts';
import { badgesModule } from './badges/module.ts';
import { calibrationModule } from './calibration/module.ts';
import type { AppContext } from './context.ts';
import { debugModule } from './debug/module.ts';
import { deletionModule } from './deletion/module.ts';
import { discordModule } from './discord/module.ts';
import { healthModule } from './health/module.ts';
import { masterModule } from './master/module.ts';
import { matchesModule } from './matches/module.ts';
import { moderationModule } from './moderation/module.ts';
import type { Module } from './module.ts';
import { type NotificationsModule, notificationsModule } from './notifications/module.ts';
import { profilesModule } from './profiles/module.ts';
import { queueModule } from './queue/module.ts';
import { type RankingModule, rankingModule } from './ranking/module.ts';
import { readyModule } from './ready/module.ts';
import { type SeasonsModule, seasonsModule } from './seasons/module.ts';
import { type ShopModule, shopModule } from './shop/module.ts';
import { siteModule } from './site/module.ts';
import { type StatsModule, statsModule } from './stats/module.ts';
import { trustModule } from './trust/module.ts';
import { type WavesModule, wavesModule } from './waves/module.ts';

// The list of the server's modules (one per domain folder): app.ts mounts their routes and handlers. A module comes
// after the modules whose offers it needs.

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

/**
 * The app: the context every module is built from, the modules (each its routes, handlers and jobs), the sockets and
 * the web app. A module comes after the modules it needs.
 */
export function buildModules(ctx: AppContext): { list: Module[]; modules: Modules } {
  const profiles = profilesModule(ctx);
  const ranking = rankingModule(ctx);
  const stats = statsModule(ctx);
  const waves = wavesModule(ctx);
  const seasons = seasonsModule(ctx, { ranking: ranking.snapshot });
  const achievements = achievementsModule(ctx);
  const notifications = notificationsModule(ctx);
  const shop = shopModule(ctx);
  const ready = readyModule(ctx);
  const list: Module[] = [
    healthModule(ctx),
    authModule(ctx, { loadProfile: profiles.loadProfile }),
    profiles,
    avoidsModule(ctx),
    masterModule(ctx),
    badgesModule(ctx),
    seasons,
    ranking,
    ready,
    queueModule(ctx, { beforeLeave: ready.beforeLeave }),
    matchesModule(ctx),
    calibrationModule(ctx),
    waves,
    stats,
    siteModule(ctx, { stats: stats.cache }),
    achievements,
    shop,
    notifications,
    discordModule(ctx, { outbox: notifications.outbox }),
    moderationModule(ctx),
    trustModule(ctx),
    auditModule(ctx),
    deletionModule(ctx),
    debugModule(ctx, { waves }),
  ];
  return { list, modules: { ranking, stats, waves, seasons, achievements, notifications, shop } };
}
