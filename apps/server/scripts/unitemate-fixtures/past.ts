import type { Random } from '@rankmatch/engine';
import { ADMIN_BADGE, DROPPED_BADGE, type FixtureSeason, RETIRED_BADGE, SEASONS, SHOP_BADGES } from './catalogue.ts';
import type { FixtureUser } from './people.ts';

// The ended seasons as Unitemate's season change leaves them (services/season_reset_service.py and
// scripts/grant_season_badges.py): every user gets a past_seasons record (with 0 matches if they did not play), the
// top 100 by rate a rank, and the rewards it lists (rank badge, the highest match-count badge, the gold licence for
// 50+ matches without penalty) go into owned_badges. Then the shop's and the admins' badges.

interface Played {
  user: FixtureUser;
  total: number;
  wins: number;
  finalRate: number;
  maxRate: number;
  penalised: boolean;
}

/** How many matches a user played in an ended season (the fixture's: 70 % played, up to 320 matches). */
export type SeasonTotal = (r: Random, user: FixtureUser, season: FixtureSeason) => number;
const fixtureTotal: SeasonTotal = (r) => (r.chance(0.7) ? Math.floor(r.next() ** 2 * 320) + 1 : 0);

function playSeason(r: Random, users: readonly FixtureUser[], season: FixtureSeason, total_: SeasonTotal): Played[] {
  return users
    .filter((u) => u.createdAt < season.end)
    .map((user) => {
      const total = total_(r, user, season);
      const share = Math.min(1, total / 60);
      const finalRate = Math.round(1500 + (user.skill - 1500) * share * 0.7 + (total > 0 ? r.normal(0, 25) : 0));
      const winShare = Math.min(0.7, Math.max(0.3, 0.5 + (user.skill - 1500) / 1500));
      return {
        user,
        total,
        wins: Math.round(total * winShare),
        finalRate,
        maxRate: finalRate + (total > 0 ? Math.round(Math.abs(r.normal(0, 30))) : 0),
        penalised: r.chance(0.12),
      };
    });
}

function rewards(season: FixtureSeason, played: Played, rank: number | null): string[] {
  const earned: string[] = [];
  if (rank !== null) {
    const tier = rank <= 3 ? rank - 1 : rank <= 10 ? 3 : 4;
    earned.push(season.rewards.rank[tier] as string);
  }
  if (played.total >= 200) earned.push(season.rewards.battle[1]);
  else if (played.total >= 100) earned.push(season.rewards.battle[0]);
  if (played.total >= 50 && !played.penalised) earned.push(season.rewards.gold);
  return earned;
}

function grant(user: FixtureUser, badges: readonly string[]): void {
  for (const id of badges) if (!user.owned.includes(id)) user.owned.push(id);
}

/** Seasons 5 and 6 (7 is running): records, ranks and rewards. `total` draws each user's matches of a season. */
export function endPastSeasons(r: Random, users: readonly FixtureUser[], total: SeasonTotal = fixtureTotal): void {
  for (const season of SEASONS.filter((s) => !s.active)) {
    const played = playSeason(r, users, season, total);
    const ranked = played.filter((p) => p.total > 0).sort((a, b) => b.finalRate - a.finalRate);
    const places = new Map(ranked.map((p, i) => [p, i + 1]));
    for (const p of played) {
      const place = places.get(p) ?? 0;
      const rank = place > 0 && place <= 100 ? place : null;
      const earned = rewards(season, p, rank);
      p.user.past.push({
        season_id: season.id,
        season_name: `Season ${season.id}`,
        total_matches: p.total,
        win_count: p.wins,
        final_rate: p.total > 0 ? p.finalRate : 1500,
        max_rate: p.total > 0 ? p.maxRate : 1500,
        final_rank: rank,
        earned_badges: earned,
      });
      grant(p.user, earned);
    }
  }
  // A reward run repeated for one user (their grant script appends without checking).
  const twice = users.find((u) => u.past.length === 2 && u.index > 20);
  if (twice) twice.past.push({ ...(twice.past[1] as object) });
}

/** Shares of users who bought a shop badge, a retired one, and who took part in the event the new site drops. */
export interface BadgeShares {
  shop: number;
  retired: number;
  /** One user in `eventEvery` has the dropped event badge. */
  eventEvery: number;
}
const FIXTURE_SHARES: BadgeShares = { shop: 0.18, retired: 0.06, eventEvery: 40 };

/** Shop purchases (now and retired), admins' grants, a badge the new site leaves out, and what each user wears. */
export function giveOtherBadges(r: Random, users: readonly FixtureUser[], shares: BadgeShares = FIXTURE_SHARES): void {
  for (const user of users) {
    if (r.chance(shares.shop)) grant(user, [SHOP_BADGES[r.int(SHOP_BADGES.length)] as string]);
    if (r.chance(shares.retired)) grant(user, [RETIRED_BADGE]);
    if (user.index % shares.eventEvery === 3) grant(user, [DROPPED_BADGE]);
    if (user.admin || user.index === 1) grant(user, [ADMIN_BADGE]);
    const worn = user.owned.filter(() => r.chance(0.5));
    // Their profile form writes "" for an emptied slot; never-set slots are null.
    user.current = [worn[0] ?? (r.chance(0.5) ? '' : null), worn[1] ?? (r.chance(0.5) ? '' : null)];
  }
}

/** Sales counts of the shop badges: their owners, plus units sold to accounts since gone. */
export function salesCounts(users: readonly FixtureUser[]): Map<string, number> {
  const sales = new Map<string, number>();
  for (const id of [...SHOP_BADGES, RETIRED_BADGE]) {
    sales.set(id, users.filter((u) => u.owned.includes(id)).length + 2);
  }
  return sales;
}
