import {
  isMatchingOpen,
  MATCHING_HOURS_RULE_JA,
  MATCHMAKING_RULE_JA,
  penaltyRuleJa,
  ratingRuleJa,
  settlementRuleJa,
} from '@rankmatch/engine';
import { type SiteReply, type SystemReply, siteReplySchema, systemReplySchema } from '@rankmatch/shared';
import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { type RouteDef, route } from '../http/route.ts';
import { presentSeason } from '../seasons/presenter.ts';
import { isSeasonOpen, markedActiveSeason } from '../seasons/queries.ts';
import type { StatsCache } from '../stats/cache.ts';
import { crawlerRoutes } from './crawlers.ts';

export const MATCHING_HOURS_TEXT = '平日 14:00〜翌4:00 / 土日 終日（日本時間）';

/** The shell's configuration, the rules and hours, and what crawlers read. */
export function siteRoutes(ctx: AppContext, stats: Pick<StatsCache, 'activeMatchCount'>): RouteDef[] {
  const { db } = ctx;
  /** What the shell shows from configuration. */
  const site = route(
    {
      method: 'GET',
      url: '/api/site',
      summary: 'Site configuration for the shell',
      tag: 'system',
      access: 'public',
      reply: siteReplySchema,
    },
    (): SiteReply => ({
      stats_dashboard_url: ctx.config.site.statsDashboardUrl ?? null,
      operator_name: ctx.config.site.operatorName ?? null,
      operator_contact: ctx.config.site.operatorContact ?? null,
      ad_slot_url: ctx.config.site.adSlotUrl ?? null,
    }),
  );

  /** Public system data a visitor finds useful. */
  const system = route(
    {
      method: 'GET',
      url: '/api/public/system',
      summary: 'Rules and matching hours',
      tag: 'system',
      access: 'public',
      reply: systemReplySchema,
      // Counts, the active season and the matching hours' open flag: half a minute late is harmless. Its
      // server_time is as old as the copy (the web app only compares it with a season's start date).
      cache: { sharedSeconds: 30, staleSeconds: 60 },
    },
    async (): Promise<SystemReply> => {
      const now = ctx.now();
      const season = await markedActiveSeason(db);
      const [[players], matchCount] = await Promise.all([
        db.select({ n: count() }).from(users).where(eq(users.isBanned, false)),
        // The statistics' count (void matches included), so the top page and /stats never disagree.
        stats.activeMatchCount(),
      ]);
      return {
        server_time: now,
        is_season_active: isSeasonOpen(season, now),
        active_season: season ? presentSeason(season) : null,
        matching: { is_open: isMatchingOpen(now), hours_text: MATCHING_HOURS_TEXT },
        player_count: players?.n ?? 0,
        match_count: matchCount,
        rules: {
          matchmaking: `${MATCHING_HOURS_RULE_JA}\n${MATCHMAKING_RULE_JA}`,
          // The configured rules, not the defaults.
          settlement: settlementRuleJa(ctx.config.rules.settlement),
          rating: ratingRuleJa(ctx.config.rules.rating),
          penalty: penaltyRuleJa(ctx.config.rules.penalty),
        },
      };
    },
  );
  return [...crawlerRoutes(ctx), site, system];
}
