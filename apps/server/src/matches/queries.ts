import type { MatchReport, MatchResult } from '@rankmatch/engine';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.ts';
import { matches, matchPlayers, matchReports, seasonStats, users } from '../db/schema.ts';

export async function isParticipant(db: Executor, matchId: string, userId: string): Promise<boolean> {
  if (!/^\d{1,18}$/.test(matchId)) return false;
  const rows = await db
    .select({ u: matchPlayers.userId })
    .from(matchPlayers)
    .where(and(eq(matchPlayers.matchId, Number(matchId)), eq(matchPlayers.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

export type MatchRow = typeof matches.$inferSelect;

/** The open match of a user (status matched), if any. */
export async function openMatchOf(db: Executor, userId: string): Promise<MatchRow | undefined> {
  const [row] = await db
    .select({ match: matches })
    .from(matchPlayers)
    .innerJoin(matches, eq(matches.id, matchPlayers.matchId))
    .where(and(eq(matchPlayers.userId, userId), eq(matchPlayers.isOpen, true)))
    .limit(1);
  return row?.match;
}

/**
 * The match a player's screen shows: the open one, else a settled one whose report window is still open and that the
 * player has not reported yet (they may still name a violator).
 */
export async function currentMatchOf(db: Executor, userId: string, since: number): Promise<MatchRow | undefined> {
  const open = await openMatchOf(db, userId);
  if (open) return open;
  const [row] = await db
    .select({ match: matches })
    .from(matchPlayers)
    .innerJoin(matches, eq(matches.id, matchPlayers.matchId))
    .leftJoin(matchReports, and(eq(matchReports.matchId, matches.id), eq(matchReports.userId, userId)))
    .where(
      and(
        eq(matchPlayers.userId, userId),
        eq(matches.status, 'done'),
        gt(matches.startedAt, since),
        isNull(matchReports.userId),
      ),
    )
    .orderBy(desc(matches.id))
    .limit(1);
  return row?.match;
}

/** The ten players with their profile and their max rate of the match's season. */
export async function matchRoster(db: Executor, match: Pick<MatchRow, 'id' | 'seasonId'>) {
  return db
    .select({ player: matchPlayers, user: users, maxRate: seasonStats.maxRate })
    .from(matchPlayers)
    .innerJoin(users, eq(users.id, matchPlayers.userId))
    .leftJoin(seasonStats, and(eq(seasonStats.userId, matchPlayers.userId), eq(seasonStats.seasonId, match.seasonId)))
    .where(eq(matchPlayers.matchId, match.id))
    .orderBy(asc(matchPlayers.team), asc(matchPlayers.slot));
}

export const ADMIN_MATCH_LIST_LIMIT = 100;

/** Newest first, with the counts the admin table shows. */
export async function adminMatchList(db: Executor, status: 'all' | 'matched' | 'done') {
  return db
    .select({
      match: matches,
      players: sql<number>`(select count(*)::int from ${matchPlayers} where ${matchPlayers.matchId} = ${matches.id})`,
      reports: sql<number>`(select count(*)::int from ${matchReports} where ${matchReports.matchId} = ${matches.id})`,
      hostName: users.trainerName,
    })
    .from(matches)
    .leftJoin(users, eq(users.id, matches.hostUserId))
    .where(status === 'all' ? undefined : eq(matches.status, status))
    .orderBy(desc(matches.id))
    .limit(ADMIN_MATCH_LIST_LIMIT);
}

export async function findMatch(db: Executor, matchId: number): Promise<MatchRow | undefined> {
  const [row] = await db.select().from(matches).where(eq(matches.id, matchId)).limit(1);
  return row;
}

export async function lockMatch(tx: Tx, matchId: number): Promise<MatchRow | undefined> {
  const [row] = await tx.select().from(matches).where(eq(matches.id, matchId)).for('update');
  return row;
}

export async function reportsOf(db: Executor, matchId: number) {
  return db
    .select()
    .from(matchReports)
    .where(eq(matchReports.matchId, matchId))
    .orderBy(asc(matchReports.reportedAt), asc(matchReports.userId));
}

export type ReportRow = Awaited<ReturnType<typeof reportsOf>>[number];

/** A stored report as the engine's rules read it. */
export const engineReport = (
  r: Pick<ReportRow, 'userId' | 'team' | 'result' | 'violationReport' | 'reportedAt'>,
): MatchReport => ({
  user_id: r.userId,
  team: r.team as 'A' | 'B',
  result: r.result as MatchResult,
  violation_report: r.violationReport,
  reported_at: r.reportedAt,
});

/** The ten players of a match with their current season numbers (the rate Elo starts from). */
export async function playersOf(db: Executor, match: Pick<MatchRow, 'id' | 'seasonId'>) {
  return db
    .select({
      userId: matchPlayers.userId,
      team: matchPlayers.team,
      startRate: users.startRate,
      stats: seasonStats,
    })
    .from(matchPlayers)
    .innerJoin(users, eq(users.id, matchPlayers.userId))
    .leftJoin(seasonStats, and(eq(seasonStats.userId, matchPlayers.userId), eq(seasonStats.seasonId, match.seasonId)))
    .where(eq(matchPlayers.matchId, match.id))
    .orderBy(asc(matchPlayers.team), asc(matchPlayers.slot));
}

export type PlayerRow = Awaited<ReturnType<typeof playersOf>>[number];
