import { DEFAULT_RATING_CONFIG } from '@rankmatch/engine';
import { BadgeResolver, mapBadgeSales } from './map-badges.ts';
import { MapContext, type MapOptions, type MapResult, type SeasonStatsInsert } from './map-context.ts';
import { handOverDeleted } from './map-deleted.ts';
import { mapSettings, splitMaster } from './map-master.ts';
import { indexRecords, mapMatches } from './map-matches.ts';
import { mapPastSeasons } from './map-past-seasons.ts';
import { addFallbackSeason, mapSeasons, pushSeasons, type SeasonIndex } from './map-seasons.ts';
import { mapUsers } from './map-users.ts';
import { importedSigma } from './mmr.ts';
import type { UnitemateDump } from './rows-parse.ts';

// Unitemate's rows → rankmatch's rows (pure: the caller writes them). Returns the rows, the input rows it left out
// with the reason, the values it changed, and the bad input (errors) that must stop an import.

export type { MapOptions, MapResult } from './map-context.ts';

/** The last time each user played, from the records table (their season numbers' max_rate_at). */
function lastPlayed(dump: UnitemateDump): Map<string, number> {
  const last = new Map<string, number>();
  for (const { data } of dump.records) {
    if (data.started_date == null) continue;
    last.set(data.user_id, Math.max(last.get(data.user_id) ?? 0, data.started_date));
  }
  return last;
}

/** Season numbers of users rebuilt from match snapshots: counted from their imported matches of the current season. */
function deriveStats(ctx: MapContext, seasons: SeasonIndex, synthetic: ReadonlySet<string>): void {
  const season = seasons.current();
  if (!season || synthetic.size === 0) return;
  const rows = ctx.result.rows;
  const decided = new Map(
    rows.matches.filter((m) => m.seasonId === season.id && m.winner !== null).map((m) => [m.id, m]),
  );
  const stats = new Map<string, SeasonStatsInsert>();
  // match_players are in match order, so the rate is followed match by match.
  for (const p of rows.matchPlayers) {
    const match = decided.get(p.matchId);
    if (!match || !synthetic.has(p.userId)) continue;
    const s = stats.get(p.userId) ?? {
      userId: p.userId,
      seasonId: season.id,
      rate: p.rateBefore,
      maxRate: p.rateBefore,
      matchCount: 0,
      winCount: 0,
      maxRateAt: match.matchedAt,
    };
    s.rate = p.rateAfter ?? p.rateBefore;
    s.matchCount += 1;
    if (match.winner === p.team) s.winCount += 1;
    if (s.rate > s.maxRate) [s.maxRate, s.maxRateAt] = [s.rate, match.settledAt ?? match.matchedAt];
    stats.set(p.userId, s);
  }
  rows.seasonStats.push(...stats.values());
}

/** Every player who played: their imported rate, with the σ of as many matches as they played in all seasons. */
function mapMmr(ctx: MapContext, seasons: SeasonIndex): void {
  const rows = ctx.result.rows;
  const played = new Map<string, { mu: number; seasonId: string; matches: number; end: number }>();
  for (const r of rows.seasonRecords) {
    const end = seasons.byId.get(r.seasonId)?.endDate ?? 0;
    const seen = played.get(r.userId);
    const latest = !seen || end >= seen.end;
    const next = {
      mu: latest ? r.finalRate : (seen?.mu ?? r.finalRate),
      seasonId: latest ? r.seasonId : (seen?.seasonId ?? r.seasonId),
      end: Math.max(end, seen?.end ?? 0),
      matches: (seen?.matches ?? 0) + r.totalMatches,
    };
    played.set(r.userId, next);
  }
  for (const s of rows.seasonStats) {
    const seen = played.get(s.userId);
    played.set(s.userId, {
      mu: s.rate,
      seasonId: s.seasonId,
      end: Number.MAX_SAFE_INTEGER,
      matches: (seen?.matches ?? 0) + s.matchCount,
    });
  }
  for (const [userId, p] of [...played].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (p.matches <= 0) continue;
    const sigma = importedSigma(p.matches, DEFAULT_RATING_CONFIG.mmr);
    rows.playerMmr.push({ userId, mu: p.mu, sigma, seasonId: p.seasonId, updatedAt: ctx.options.now });
  }
}

const byText = (...keys: (string | number)[]) =>
  keys.map((k) => (typeof k === 'number' ? String(k).padStart(16, '0') : k)).join('\u0000');

function sortBy<T>(list: T[], key: (row: T) => string): void {
  list.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** Rows in key order, whatever order the input came in (a DynamoDB export's partitions shuffle it). */
function sortRows(ctx: MapContext): void {
  const r = ctx.result.rows;
  sortBy(r.users, (x) => x.id);
  sortBy(r.userBadges, (x) => byText(x.userId, x.badgeId));
  sortBy(r.seasonStats, (x) => byText(x.seasonId, x.userId));
  sortBy(r.seasonRecords, (x) => byText(x.seasonId, x.userId));
  sortBy(r.seasonAwards, (x) => byText(x.seasonId, x.userId, x.tier));
  sortBy(r.settings, (x) => x.id);
  sortBy(r.playerMmr, (x) => x.userId);
  sortBy(r.matchReports, (x) => byText(x.matchId, x.reportedAt, x.userId));
}

export function mapUnitemate(dump: UnitemateDump, options: MapOptions): MapResult {
  const ctx = new MapContext(options);
  const master = splitMaster(ctx, dump.master);
  const resolver = new BadgeResolver(ctx, master.badges);
  mapSettings(ctx, master.settings);
  mapBadgeSales(ctx, resolver, master.badges);
  const seasons = mapSeasons(ctx, master.seasons, dump.users);
  addFallbackSeason(
    ctx,
    seasons,
    dump.matches.map((m) => m.data.matched_unixtime),
  );
  const users = mapUsers(ctx, resolver, seasons, dump.users, lastPlayed(dump));
  const synthetic = new Set<string>();
  mapMatches(
    ctx,
    { resolver, seasons, userIds: users.ids, records: indexRecords(dump.records), synthetic },
    dump.matches,
  );
  mapPastSeasons(ctx, seasons, users.past);
  deriveStats(ctx, seasons, synthetic);
  mapMmr(ctx, seasons);
  pushSeasons(ctx, seasons);
  handOverDeleted(ctx, dump);
  sortRows(ctx);
  return ctx.result;
}
