import type { SourceRef } from './issues.ts';
import type { BadgeResolver } from './map-badges.ts';
import type { MapContext, UserBadgeInsert } from './map-context.ts';
import { isValidUserId, mapProfile } from './map-profile.ts';
import type { SeasonIndex } from './map-seasons.ts';
import type { PastSeason, UserRow } from './rows.ts';
import type { Row } from './rows-parse.ts';

// The users table → users, their owned badges (with the origin that can be read from the data), this season's
// numbers (season_stats of the current season) and, for the past-season step, each user's past_seasons entries.

/** One past_seasons entry of one user, with its badges resolved (ours, or null when left out). */
export interface PastEntry {
  userId: string;
  season: PastSeason;
  earned: { theirs: string; ours: string | null }[];
  source: SourceRef;
}

export interface MappedUsers {
  ids: Set<string>;
  past: PastEntry[];
}

function ownedBadges(
  ctx: MapContext,
  resolver: BadgeResolver,
  seasons: SeasonIndex,
  row: UserRow,
  at: SourceRef,
): UserBadgeInsert[] {
  const seasonOf = new Map<string, string>();
  for (const past of row.past_seasons ?? [])
    for (const id of past.earned_badges ?? []) seasonOf.set(id, past.season_id);
  const theirs = [...(row.owned_badges ?? [])];
  for (const slot of [row.current_badge, row.current_badge_2]) {
    if (slot && !theirs.includes(slot)) {
      theirs.push(slot);
      ctx.warn('users', row.user_id, at, `装備中の勲章 ${slot} が所持勲章にないため所持に加えました`);
    }
  }
  const grants = new Map<string, UserBadgeInsert>();
  for (const id of theirs) {
    const ours = resolver.resolve(id, at);
    if (ours === undefined) continue;
    if (ours === null) {
      if (id.trim() !== '') ctx.warn('users', row.user_id, at, `勲章 ${id} は対応表で持ち込まない勲章です`);
      continue;
    }
    if (grants.has(ours)) continue;
    const season = seasonOf.get(id);
    const endOf = season === undefined ? undefined : seasons.byId.get(season)?.endDate;
    grants.set(ours, {
      userId: row.user_id,
      badgeId: ours,
      source: season !== undefined ? 'season' : resolver.isShopBadge(id) ? 'purchase' : 'admin',
      reference: season ?? `unitemate:${id}`,
      // Unitemate keeps no grant times: a season's end, else the last time the user row was written.
      acquiredAt: endOf || row.updated_at || row.created_at || ctx.options.now,
    });
  }
  return [...grants.values()];
}

function pastEntries(resolver: BadgeResolver, row: UserRow, at: SourceRef): PastEntry[] {
  return (row.past_seasons ?? []).map((season) => ({
    userId: row.user_id,
    season,
    earned: (season.earned_badges ?? []).map((theirs) => ({ theirs, ours: resolver.resolve(theirs, at) ?? null })),
    source: at,
  }));
}

/** This season's numbers, where rankmatch keeps them (the current season's season_stats). */
function currentStats(ctx: MapContext, seasons: SeasonIndex, row: UserRow, at: SourceRef, lastPlayed?: number): void {
  if (row.match_count <= 0) return;
  const season = seasons.current();
  if (!season) {
    ctx.warn('users', row.user_id, at, '今シーズンの成績を置くシーズンがないため、レートと試合数を持ち込みません');
    return;
  }
  ctx.result.rows.seasonStats.push({
    userId: row.user_id,
    seasonId: season.id,
    rate: row.rate,
    maxRate: Math.max(row.max_rate ?? row.rate, row.rate),
    matchCount: row.match_count,
    winCount: Math.min(row.win_count, row.match_count),
    // When the maximum was reached is not kept: the player's last match, else the row's last write.
    maxRateAt: lastPlayed ?? row.updated_at ?? row.created_at ?? ctx.options.now,
  });
}

export function mapUsers(
  ctx: MapContext,
  resolver: BadgeResolver,
  seasons: SeasonIndex,
  rows: readonly Row<UserRow>[],
  lastPlayed: ReadonlyMap<string, number>,
): MappedUsers {
  const mapped: MappedUsers = { ids: new Set(), past: [] };
  for (const { data, source } of rows) {
    if (data.namespace !== 'default') {
      ctx.skip('users', data.user_id, source, `名前空間 ${data.namespace} の行です（本番の名前空間は default）`);
      continue;
    }
    if (!isValidUserId(data.user_id)) {
      ctx.skip('users', data.user_id, source, 'ユーザー ID に使えない文字があります');
      continue;
    }
    ctx.result.rows.users.push(mapProfile(ctx, resolver, data, source));
    ctx.result.rows.userBadges.push(...ownedBadges(ctx, resolver, seasons, data, source));
    currentStats(ctx, seasons, data, source, lastPlayed.get(data.user_id));
    mapped.past.push(...pastEntries(resolver, data, source));
    mapped.ids.add(data.user_id);
  }
  return mapped;
}
