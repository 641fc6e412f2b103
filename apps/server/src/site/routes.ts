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
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { api } from '../docs/contract.ts';
import { presentSeason } from '../seasons/presenter.ts';
import { isSeasonOpen, markedActiveSeason } from '../seasons/queries.ts';
import type { StatsService } from '../stats/service.ts';
import { registerCrawlerRoutes } from './crawlers.ts';

export const MATCHING_HOURS_TEXT = '平日 14:00〜翌4:00 / 土日 終日（日本時間）';

export function registerSiteRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  stats: Pick<StatsService, 'activeMatchCount'>,
): void {
  const { db } = ctx;
  registerCrawlerRoutes(app, ctx);

  /** What the shell shows from configuration. */
  app.get(
    '/api/site',
    api({ summary: 'Site configuration for the shell', tag: 'system', access: 'public', reply: siteReplySchema }),
    async (): Promise<SiteReply> => ({
      stats_dashboard_url: ctx.config.site.statsDashboardUrl ?? null,
      operator_name: ctx.config.site.operatorName ?? null,
      operator_contact: ctx.config.site.operatorContact ?? null,
      ad_slot_url: ctx.config.site.adSlotUrl ?? null,
    }),
  );

  /** Public system data a visitor finds useful. */
  app.get(
    '/api/public/system',
    api({ summary: 'Rules and matching hours', tag: 'system', access: 'public', reply: systemReplySchema }),
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
}
