import type { CurrentMatch } from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import { readSettings } from '../settings/service.ts';
import { presentMatch } from './presenter.ts';
import { type MatchRow, matchRoster, reportsOf } from './queries.ts';

/** A match as one of its players sees it (GET /api/matches/current, and the admin's match test screen). */
export async function matchViewFor(ctx: AppContext, match: MatchRow, userId: string): Promise<CurrentMatch> {
  const [roster, reports, settings] = await Promise.all([
    matchRoster(ctx.db, match),
    reportsOf(ctx.db, match.id),
    readSettings(ctx.db),
  ]);
  return presentMatch(match, roster, {
    reported: reports.some((r) => r.userId === userId),
    reportCount: reports.length,
    rules: ctx.config.rules,
    lobbyTimeouts: { create: settings.lobby_create_timeout, join: settings.lobby_join_timeout },
  });
}
