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
import { grantBadges, grantedEvent } from '../badges/service.ts';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { matches, matchPlayers, seasonStats, userAchievements, users } from '../db/schema.ts';
import { Coalescing } from '../events/coalesce.ts';
import type { DomainEvents } from '../events/domain.ts';
import { findSeason, markedActiveSeason, type SeasonRow } from '../seasons/queries.ts';
import { present, presentEarned } from './presenter.ts';

// Achievements during play: evaluated for the ten players of every settled match (the match.settled handler) and on
// request. The rules are the engine's; this module reads the progress, records what was reached (once per key) and
// grants the badges through grantBadges, then publishes them so the player's screen shows a toast.

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
  const [stats, roleWins, totals, penalties] = await Promise.all([
    db
      .select({ userId: seasonStats.userId, matches: seasonStats.matchCount })
      .from(seasonStats)
      .where(and(eq(seasonStats.seasonId, seasonId), inArray(seasonStats.userId, userIds))),
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
    db
      .select({ userId: seasonStats.userId, wins: sql<number>`sum(${seasonStats.winCount})::int` })
      .from(seasonStats)
      .where(inArray(seasonStats.userId, userIds))
      .groupBy(seasonStats.userId),
    db
      .select({ id: users.id, count: users.penaltyCount, correction: users.penaltyCorrection })
      .from(users)
      .where(inArray(users.id, userIds)),
  ]);
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
const ACHIEVEMENT_QUIET_MS = 100;
const ACHIEVEMENT_MAX_WAIT_MS = 1000;

export class AchievementService {
  constructor(
    private readonly ctx: AppContext,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Settlements are evaluated in batches once they pause for ACHIEVEMENT_QUIET_MS (at most ACHIEVEMENT_MAX_WAIT_MS
   * after the first): a burst of settlements is one evaluation after the burst instead of several inside it, where
   * they would compete with the reports for the database, and a lone settlement's toast comes a tenth of a second later.
   */
  private readonly settled = new Coalescing<{ match_id: string; season_id: string }>(
    (events) => this.evaluateSettled(events),
    { quietMs: ACHIEVEMENT_QUIET_MS, maxWaitMs: ACHIEVEMENT_MAX_WAIT_MS },
  );

  /** The match.settled handler: the ten players of the match, in the match's season. */
  onMatchSettled(event: { match_id: string; season_id: string }): Promise<void> {
    return this.settled.push(event);
  }

  private async evaluateSettled(events: readonly { match_id: string; season_id: string }[]): Promise<void> {
    for (const seasonId of new Set(events.map((e) => e.season_id))) {
      const matchIds = events.filter((e) => e.season_id === seasonId).map((e) => Number(e.match_id));
      const players = await this.ctx.db
        .select({ userId: matchPlayers.userId })
        .from(matchPlayers)
        .where(inArray(matchPlayers.matchId, matchIds));
      const season = await findSeason(this.ctx.db, seasonId);
      if (season && players.length > 0) await this.evaluate(season, [...new Set(players.map((p) => p.userId))]);
    }
  }

  /**
   * Records and grants what the players newly reached; returns it per player. Each is dated now, or when `reachedAt`
   * says it was reached (an imported history: the demo's seasons).
   */
  async evaluate(
    season: SeasonRow,
    userIds: string[],
    options: { reachedAt?: (userId: string, status: AchievementStatus) => number | null } = {},
  ): Promise<Map<string, AchievementStatus[]>> {
    const now = this.ctx.now();
    const [progress, earned] = await Promise.all([
      progressOf(this.ctx.db, userIds, season.id),
      this.ctx.db.select().from(userAchievements).where(inArray(userAchievements.userId, userIds)),
    ]);
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
    const { reached, granted } = await this.ctx.db.transaction(async (tx) => {
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
      const grants = await grantBadges(
        tx,
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
      return { reached: kept, granted: grants };
    });
    await this.events.publish(...grantedEvent(granted));
    return reached;
  }

  /** Every achievement of the active season (and the ones across seasons) with progress and whether it was earned. */
  async list(userId: string): Promise<Achievement[]> {
    const season = await markedActiveSeason(this.ctx.db);
    const earned = await this.ctx.db.select().from(userAchievements).where(eq(userAchievements.userId, userId));
    const byKey = new Map(earned.map((e) => [e.key, e]));
    if (!season) return earned.map(presentEarned);
    const progress = (await progressOf(this.ctx.db, [userId], season.id)).get(userId) as PlayerProgress;
    return evaluateAchievements(progress, rulesFor(season)).map((s) => present(s, byKey.get(s.key)));
  }

  async recent(userId: string, limit: number): Promise<Achievement[]> {
    const rows = await this.ctx.db
      .select()
      .from(userAchievements)
      .where(eq(userAchievements.userId, userId))
      .orderBy(desc(userAchievements.earnedAt), desc(userAchievements.key))
      .limit(limit);
    return rows.map(presentEarned);
  }

  /** Re-evaluates the player in the active season (idempotent); returns what was newly earned. */
  async check(userId: string): Promise<Achievement[]> {
    const season = await markedActiveSeason(this.ctx.db);
    if (!season) return [];
    const reached = (await this.evaluate(season, [userId])).get(userId) ?? [];
    const earned = await this.ctx.db.select().from(userAchievements).where(eq(userAchievements.userId, userId));
    return reached.map((s) =>
      present(
        s,
        earned.find((e) => e.key === s.key),
      ),
    );
  }
}
