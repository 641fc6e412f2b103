import { type AwardTier, MATCH_THRESHOLDS, type SeasonAwardMap } from '@rankmatch/shared';
import type { MapContext } from './map-context.ts';
import type { SeasonIndex } from './map-seasons.ts';
import type { PastEntry } from './map-users.ts';

// Each user's past_seasons → season_records, season_awards and the season's reward map. Unitemate keeps a season's
// earned_badges as a bare list (rank badge, then the match-count badge, then the gold licence: season_reset_service),
// and never stores which badge stood for which reward: the tiers are read back from the players' ranks and match
// counts, voted over the players whose list is complete, so one odd record cannot mislabel a badge.

type Tier = AwardTier;

function rankTier(rank: number | null | undefined): Tier | null {
  if (rank === null || rank === undefined || rank < 1) return null;
  if (rank <= 3) return (['rank_1', 'rank_2', 'rank_3'] as const)[rank - 1] as Tier;
  if (rank <= 10) return 'top_10';
  return rank <= 100 ? 'top_100' : null;
}

/** The rewards a record could have earned, in the order Unitemate lists them. */
function expectedTiers(entry: PastEntry): Tier[] {
  const tiers: (Tier | null)[] = [
    rankTier(entry.season.final_rank),
    entry.season.total_matches >= 100 ? 'matches' : null,
    entry.season.total_matches >= 50 ? 'gold_licence' : null,
  ];
  return tiers.filter((t): t is Tier => t !== null);
}

/** Their badge id → the tier most complete records give it. */
function voteTiers(entries: readonly PastEntry[]): Map<string, Tier> {
  const votes = new Map<string, Map<Tier, number>>();
  for (const entry of entries) {
    const expected = expectedTiers(entry);
    if (expected.length !== entry.earned.length) continue;
    entry.earned.forEach(({ theirs }, i) => {
      const counts = votes.get(theirs) ?? new Map<Tier, number>();
      counts.set(expected[i] as Tier, (counts.get(expected[i] as Tier) ?? 0) + 1);
      votes.set(theirs, counts);
    });
  }
  const tiers = new Map<string, Tier>();
  for (const [badge, counts] of votes) {
    const best = [...counts].sort((a, b) => b[1] - a[1])[0];
    if (best) tiers.set(badge, best[0]);
  }
  return tiers;
}

/** The latest entry of each user and season (a reward run twice appends the season twice). */
function latestEntries(ctx: MapContext, entries: readonly PastEntry[]): PastEntry[] {
  const kept = new Map<string, PastEntry>();
  for (const entry of entries) {
    const key = `${entry.season.season_id}#${entry.userId}`;
    if (kept.has(key))
      ctx.warn(
        'users',
        entry.userId,
        entry.source,
        `シーズン ${entry.season.season_id} の記録が重複しているため後の方を使います`,
      );
    kept.set(key, entry);
  }
  return [...kept.values()];
}

function emptyAwardMap(): SeasonAwardMap {
  return { rank_1: null, rank_2: null, rank_3: null, top_10: null, top_100: null, gold_licence: null, matches: {} };
}

/** A match-count badge's threshold: its holders' fewest matches, down to a hundred the site offers. */
function thresholdOf(totals: readonly number[]): string {
  const least = totals.reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
  const fitting = MATCH_THRESHOLDS.filter((t) => t <= least);
  return String(fitting[fitting.length - 1] ?? MATCH_THRESHOLDS[0]);
}

function awardsOf(ctx: MapContext, entry: PastEntry, tiers: ReadonlyMap<string, Tier>) {
  const awards = new Map<Tier, string>();
  for (const { theirs, ours } of entry.earned) {
    const tier = tiers.get(theirs);
    if (tier === undefined) {
      ctx.warn(
        'users',
        entry.userId,
        entry.source,
        `勲章 ${theirs} がシーズン報酬のどれに当たるか分かりません（所持勲章としてのみ持ち込みます）`,
      );
    } else if (ours !== null && !awards.has(tier)) awards.set(tier, ours);
  }
  return awards;
}

function mapSeason(ctx: MapContext, seasons: SeasonIndex, seasonId: string, entries: readonly PastEntry[]): void {
  const tiers = voteTiers(entries);
  const awardMap = emptyAwardMap();
  const matchTotals = new Map<string, number[]>();
  const perUser = entries.map((entry) => ({ entry, awards: awardsOf(ctx, entry, tiers) }));
  for (const { entry, awards } of perUser) {
    for (const [tier, badgeId] of awards) {
      ctx.result.rows.seasonAwards.push({ seasonId, userId: entry.userId, tier, badgeId });
      if (tier !== 'matches') awardMap[tier] ??= badgeId;
      else if (matchTotals.has(badgeId)) matchTotals.get(badgeId)?.push(entry.season.total_matches);
      else matchTotals.set(badgeId, [entry.season.total_matches]);
    }
  }
  for (const [badgeId, totals] of matchTotals) awardMap.matches[thresholdOf(totals)] ??= badgeId;
  for (const { entry, awards } of perUser) {
    const { season } = entry;
    // The penalty at the season's end is not kept; a player of 50+ matches the gold licence passed over had one.
    const missedGold = awardMap.gold_licence !== null && season.total_matches >= 50 && !awards.has('gold_licence');
    ctx.result.rows.seasonRecords.push({
      seasonId,
      userId: entry.userId,
      finalRate: season.final_rate,
      maxRate: Math.max(season.max_rate, season.final_rate),
      finalRank: season.final_rank ?? null,
      totalMatches: season.total_matches,
      wins: Math.min(season.win_count, season.total_matches),
      effectivePenalty: missedGold ? 1 : 0,
    });
  }
  const row = seasons.byId.get(seasonId);
  if (row && (tiers.size > 0 || Object.keys(awardMap.matches).length > 0)) row.awards = awardMap;
}

export function mapPastSeasons(ctx: MapContext, seasons: SeasonIndex, entries: readonly PastEntry[]): void {
  const bySeason = new Map<string, PastEntry[]>();
  for (const entry of latestEntries(ctx, entries)) {
    if (entry.season.total_matches <= 0 && entry.earned.length === 0) {
      // Their season change archives every user, played or not; rankmatch keeps records of those who played.
      const key = `${entry.season.season_id}#${entry.userId}`;
      ctx.skip('users.past_seasons', key, entry.source, '試合のないシーズンの記録です');
      continue;
    }
    const list = bySeason.get(entry.season.season_id);
    if (list) list.push(entry);
    else bySeason.set(entry.season.season_id, [entry]);
  }
  for (const [seasonId, list] of [...bySeason].sort(([a], [b]) => (a < b ? -1 : 1))) {
    mapSeason(ctx, seasons, seasonId, list);
  }
}
