import { type AchievementStatus, evaluateAchievements, newlyReached, type PlayerProgress } from '@rankmatch/engine';
import {
  type Achievement,
  BADGES,
  ROLE_WIN_BADGE_ROLE_NAMES,
  ROLE_WINS_TARGET,
  ROLES,
  seasonAwardsOf,
} from '@rankmatch/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { grantBadges } from '../badges/service.ts';
import type { AppContext } from '../context.ts';
import { type Executor, readAll } from '../db/client.ts';
import { matches, matchPlayers, seasonStats, userAchievements, users } from '../db/schema.ts';
import { findSeason, markedActiveSeason, type SeasonRow } from '../seasons/queries.ts';
import { present, presentEarned } from './presenter.ts';

// Achievements during play: evaluated for the ten players of every settled match (the match.settled handler) and on
// request. The rules are the engine's; this module reads the progress, records what was reached (once per key) and
// grants the badges through grantBadges (whose badges.granted shows the player a toast).

/** role → the catalogue's "30 wins in one season as …" badge. */
const ROLE_BADGES: Record<string, string> = Object.fromEntries(
  ROLES.flatMap((role) => {
    const badge = BADGES.find(
      (b) => b.condition === `1シーズンで${ROLE_WIN_BADGE_ROLE_NAMES[role]}として${ROLE_WINS_TARGET}勝`,
    );
    return badge ? [[role, badge.id]] : [];
  }),
);

function rulesFor(season: SeasonRow) {
  const map = seasonAwardsOf(season);
  return { seasonId: season.id, matchBadges: map.matches, goldLicenceBadge: map.gold_licence, roleBadges: ROLE_BADGES };
}

/** The numbers the rules read, for several players in one season. */
async function progressOf(db: Executor, userIds: string[], seasonId: string): Promise<Map<string, PlayerProgress>> {
  const [stats, roleWins, totals, penalties] = await readAll(
    db,
    () =>
      db
        .select({ userId: seasonStats.userId, matches: seasonStats.matchCount })
        .from(seasonStats)
        .where(and(eq(seasonStats.seasonId, seasonId), inArray(seasonStats.userId, userIds))),
    () =>
      db
        .select({ userId: matchPlayers.userId, role: matchPlayers.role, wins: sql<number>`count(*)::int` })
        .from(matchPlayers)
        .innerJoin(matches, eq(matches.id, matchPlayers.matchId))
        .where(
          and(
            inArray(matchPlayers.userId, userIds),
            eq(matches.seasonId, seasonId),
            eq(matches.status, 'done'),
            eq(matches.winner, matchPlayers.team),
          ),
        )
        .groupBy(matchPlayers.userId, matchPlayers.role),
    () =>
      db
        .select({ userId: seasonStats.userId, wins: sql<number>`sum(${seasonStats.winCount})::int` })
        .from(seasonStats)
        .where(inArray(seasonStats.userId, userIds))
        .groupBy(seasonStats.userId),
    () =>
      db
        .select({ id: users.id, count: users.penaltyCount, correction: users.penaltyCorrection })
        .from(users)
        .where(inArray(users.id, userIds)),
  );
  return new Map(
    userIds.map((id) => {
      const penalty = penalties.find((p) => p.id === id);
      return [
        id,
        {
          seasonMatches: stats.find((s) => s.userId === id)?.matches ?? 0,
          seasonWinsByRole: Object.fromEntries(roleWins.filter((r) => r.userId === id).map((r) => [r.role, r.wins])),
          effectivePenalty: penalty ? Math.max(0, penalty.count - penalty.correction) : 0,
          totalWins: totals.find((t) => t.userId === id)?.wins ?? 0,
        },
      ];
    }),
  );
}

/** How long settlements must pause before their achievements are evaluated, and the longest they wait. */
export const ACHIEVEMENT_QUIET_MS = 100;
export const ACHIEVEMENT_MAX_WAIT_MS = 1000;

/** The match.settled handler's batch: the ten players of each match, in the match's season. */
export async function evaluateSettled(
  ctx: AppContext,
  events: readonly { match_id: string; season_id: string }[],
): Promise<void> {
  for (const seasonId of new Set(events.map((e) => e.season_id))) {
    const matchIds = events.filter((e) => e.season_id === seasonId).map((e) => Number(e.match_id));
    const players = await ctx.db
      .select({ userId: matchPlayers.userId })
      .from(matchPlayers)
      .where(inArray(matchPlayers.matchId, matchIds));
    const season = await findSeason(ctx.db, seasonId);
    if (season && players.length > 0) await recordAchievements(ctx, season, [...new Set(players.map((p) => p.userId))]);
  }
}

/**
 * Records and grants what the players newly reached; returns it per player. Each is dated now, or when `reachedAt`
 * says it was reached (an imported history: the demo's seasons).
 */
export async function recordAchievements(
  ctx: AppContext,
  season: SeasonRow,
  userIds: string[],
  options: { reachedAt?: (userId: string, status: AchievementStatus) => number | null } = {},
): Promise<Map<string, AchievementStatus[]>> {
  const now = ctx.now();
  const [progress, earned] = await readAll(
    ctx.db,
    () => progressOf(ctx.db, userIds, season.id),
    () => ctx.db.select().from(userAchievements).where(inArray(userAchievements.userId, userIds)),
  );
  const rules = rulesFor(season);
  const fresh = new Map<string, AchievementStatus[]>();
  for (const userId of userIds) {
    const keys = new Set(earned.filter((e) => e.userId === userId).map((e) => e.key));
    const list = newlyReached(evaluateAchievements(progress.get(userId) as PlayerProgress, rules), keys);
    if (list.length > 0) fresh.set(userId, list);
  }
  // Most settlements reach nothing new: no transaction then. What is new is inserted once (the key is the primary
  // key), so an evaluation racing this one cannot record or grant it twice.
  if (fresh.size === 0) return fresh;
  return ctx.write(async (work) => {
    const { tx } = work;
    const rows = [...fresh].flatMap(([userId, list]) =>
      list.map((a) => ({
        userId,
        key: a.key,
        achievementId: a.id,
        seasonId: a.seasonId,
        badgeId: a.badgeId,
        earnedAt: options.reachedAt?.(userId, a) ?? now,
      })),
    );
    // Another evaluation may have recorded some of them a moment ago: only the rows inserted here count.
    const inserted = await tx
      .insert(userAchievements)
      .values(rows)
      .onConflictDoNothing()
      .returning({ userId: userAchievements.userId, key: userAchievements.key });
    const mine = new Set(inserted.map((r) => `${r.userId} ${r.key}`));
    const recorded = rows.filter((r) => mine.has(`${r.userId} ${r.key}`));
    await grantBadges(
      work,
      recorded.flatMap((r) =>
        r.badgeId
          ? [
              {
                userId: r.userId,
                badgeId: r.badgeId,
                source: 'achievement' as const,
                reference: r.key,
                achievementId: r.achievementId,
                now: r.earnedAt,
              },
            ]
          : [],
      ),
    );
    const kept = new Map<string, AchievementStatus[]>();
    for (const [userId, list] of fresh) {
      const own = list.filter((a) => mine.has(`${userId} ${a.key}`));
      if (own.length > 0) kept.set(userId, own);
    }
    return kept;
  });
}

/** Every achievement of the active season (and the ones across seasons) with progress and whether it was earned. */
export async function achievementsOf(ctx: AppContext, userId: string): Promise<Achievement[]> {
  const season = await markedActiveSeason(ctx.db);
  const earned = await ctx.db.select().from(userAchievements).where(eq(userAchievements.userId, userId));
  const byKey = new Map(earned.map((e) => [e.key, e]));
  if (!season) return earned.map(presentEarned);
  const progress = (await progressOf(ctx.db, [userId], season.id)).get(userId) as PlayerProgress;
  return evaluateAchievements(progress, rulesFor(season)).map((s) => present(s, byKey.get(s.key)));
}

export async function recentAchievements(ctx: AppContext, userId: string, limit: number): Promise<Achievement[]> {
  const rows = await ctx.db
    .select()
    .from(userAchievements)
    .where(eq(userAchievements.userId, userId))
    .orderBy(desc(userAchievements.earnedAt), desc(userAchievements.key))
    .limit(limit);
  return rows.map(presentEarned);
}

/** Re-evaluates the player in the active season (idempotent); returns what was newly earned. */
export async function checkAchievements(ctx: AppContext, userId: string): Promise<Achievement[]> {
  const season = await markedActiveSeason(ctx.db);
  if (!season) return [];
  const reached = (await recordAchievements(ctx, season, [userId])).get(userId) ?? [];
  const earned = await ctx.db.select().from(userAchievements).where(eq(userAchievements.userId, userId));
  return reached.map((s) =>
    present(
      s,
      earned.find((e) => e.key === s.key),
    ),
  );
}

/** A deleted account's achievements (deletion/): its own trophies, which no other player's history shows. */
export async function dropAchievements(db: Executor, userId: string): Promise<number> {
  const removed = await db
    .delete(userAchievements)
    .where(eq(userAchievements.userId, userId))
    .returning({ key: userAchievements.key });
  return removed.length;
}
