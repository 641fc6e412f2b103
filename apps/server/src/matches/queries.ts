import type { MatchReport, MatchResult } from '@rankmatch/engine';
import type { CurrentMatch } from '@rankmatch/shared';
import { and, asc, desc, eq, gt, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { bigintArray } from '../db/arrays.ts';
import { type Executor, rowsOf, type Tx } from '../db/client.ts';
import { rowJsonText } from '../db/row-json.ts';
import { matches, matchPlayers, matchReports, playerMmr, seasonStats, users } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { readSettings } from '../settings/service.ts';
import { presentMatch } from './presenter.ts';

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

/**
 * The id of a player's open match (status matched), or null: the one definition of "this player is in an open match",
 * as an SQL value for a user id or a user-id column. A settlement clears is_open; the partial unique index
 * match_players_one_open keeps it to one match per player.
 */
export const openMatchIdOf = (userId: string | SQLWrapper): SQL<number | null> =>
  sql<number | null>`(select ${matchPlayers.matchId} from ${matchPlayers}
    where ${matchPlayers.userId} = ${userId} and ${matchPlayers.isOpen} limit 1)`;

/** Whether a player is in an open match (the queue's rule). */
export async function isInOpenMatch(db: Executor, userId: string): Promise<boolean> {
  const [row] = rowsOf<{ in_match: boolean }>(
    await db.execute(sql`select ${openMatchIdOf(userId)} is not null as in_match`),
  );
  return row?.in_match === true;
}

/** The open match of a user (status matched), if any. */
export async function openMatchOf(db: Executor, userId: string): Promise<MatchRow | undefined> {
  const [row] = await db
    .select()
    .from(matches)
    .where(eq(matches.id, openMatchIdOf(userId)))
    .limit(1);
  return row;
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

// Every report takes this lock first: SQL built once (see db/row-json.ts).
const MATCH_JSON = rowJsonText(matches, 'm');

/** The match row, locked for the rest of the transaction (the latest committed version, once the lock is ours). */
export async function lockMatch(tx: Tx, matchId: number): Promise<MatchRow | undefined> {
  return (await lockMatches(tx, [matchId])).get(matchId);
}

/**
 * Several match rows, locked in the order of their ids (as every other path that locks more than one match does,
 * so that two such transactions cannot wait on each other). With `skipLocked`, those another transaction holds are
 * left out instead of waited for.
 */
export async function lockMatches(
  tx: Tx,
  matchIds: readonly number[],
  options: { skipLocked?: boolean } = {},
): Promise<Map<number, MatchRow>> {
  const rows = rowsOf<{ m: MatchRow }>(
    await tx.execute(
      sql`select ${sql.raw(MATCH_JSON)} as m from matches m where m.id = any(${bigintArray(matchIds)}::bigint[])
        order by m.id for update${sql.raw(options.skipLocked ? ' skip locked' : '')}`,
    ),
  );
  return new Map(rows.map(({ m }) => [m.id, m]));
}

/** Ids as one PostgreSQL array value (a single parameter, so the statement's text does not depend on their number). */

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
/** A match's players with what rating them needs: start rate, season numbers and MMR (null: none yet). */
export async function playersOf(db: Executor, match: Pick<MatchRow, 'id' | 'seasonId'>) {
  return db
    .select({
      userId: matchPlayers.userId,
      team: matchPlayers.team,
      startRate: users.startRate,
      stats: seasonStats,
      mmr: { mu: playerMmr.mu, sigma: playerMmr.sigma, seasonId: playerMmr.seasonId },
    })
    .from(matchPlayers)
    .innerJoin(users, eq(users.id, matchPlayers.userId))
    .leftJoin(seasonStats, and(eq(seasonStats.userId, matchPlayers.userId), eq(seasonStats.seasonId, match.seasonId)))
    .leftJoin(playerMmr, eq(playerMmr.userId, matchPlayers.userId))
    .where(eq(matchPlayers.matchId, match.id))
    .orderBy(asc(matchPlayers.team), asc(matchPlayers.slot));
}

export type PlayerRow = Awaited<ReturnType<typeof playersOf>>[number];

/** A report row as a JSON object with the row type's keys. */
const REPORT_JSON = rowJsonText(matchReports, 'r');

/** What deciding a match needs: its players as playersOf reads them and its reports, oldest first. */
export interface MatchState {
  matchId: number;
  players: PlayerRow[];
  reports: ReportRow[];
}

/**
 * The state of several matches in one statement (one round trip on the report's hot path; call it under their row
 * locks). Each player's user and season row are read by their keys (subqueries per player), whatever the planner's
 * statistics say.
 */
export async function matchStates(tx: Tx, matchIds: readonly number[]): Promise<Map<number, MatchState>> {
  const rows = rowsOf<{ state: MatchState }>(
    await tx.execute(sql`select json_build_object(
        'matchId', m.id,
        'reports', (select coalesce(json_agg(${sql.raw(REPORT_JSON)} order by r.reported_at, r.user_id), '[]')
          from match_reports r where r.match_id = m.id),
        'players', (select coalesce(json_agg(json_build_object('userId', mp.user_id, 'team', mp.team,
            'startRate', (select u.start_rate from users u where u.id = mp.user_id),
            'stats', (select json_build_object('userId', s.user_id, 'seasonId', s.season_id, 'rate', s.rate,
              'maxRate', s.max_rate, 'matchCount', s.match_count, 'winCount', s.win_count, 'maxRateAt', s.max_rate_at)
              from season_stats s where s.user_id = mp.user_id and s.season_id = m.season_id),
            'mmr', (select json_build_object('mu', g.mu, 'sigma', g.sigma, 'seasonId', g.season_id)
              from player_mmr g where g.user_id = mp.user_id))
            order by mp.team, mp.slot), '[]')
          from match_players mp where mp.match_id = m.id)) as state
      from matches m where m.id = any(${bigintArray(matchIds)}::bigint[])`),
  );
  return new Map(rows.map(({ state }) => [state.matchId, state]));
}

/** The players of a match (ids only), for its notifications. */
export async function playerIdsOf(db: Executor, matchId: number): Promise<string[]> {
  const rows = await db
    .select({ userId: matchPlayers.userId })
    .from(matchPlayers)
    .where(eq(matchPlayers.matchId, matchId));
  return rows.map((r) => r.userId);
}

/**
 * Open matches whose report deadline (started_at + the report window) falls within `beforeSeconds` from now, with
 * their players who have not reported yet: the report reminder's targets.
 */
export async function matchesNearDeadline(
  db: Executor,
  input: { now: number; windowSeconds: number; beforeSeconds: number },
): Promise<{ matchId: number; deadline: number; userIds: string[] }[]> {
  const { now, windowSeconds, beforeSeconds } = input;
  const rows = rowsOf<{ id: string | number; deadline: string | number; user_ids: string[] }>(
    await db.execute(sql`
      select m.id, m.started_at + ${windowSeconds} as deadline,
        coalesce(array_agg(p.user_id) filter (where r.user_id is null), '{}') as user_ids
      from matches m
      join match_players p on p.match_id = m.id
      left join match_reports r on r.match_id = m.id and r.user_id = p.user_id
      where m.status = 'matched'
        and m.started_at + ${windowSeconds} > ${now}
        and m.started_at + ${windowSeconds} <= ${now + beforeSeconds}
      group by m.id`),
  );
  return rows
    .map((r) => ({ matchId: Number(r.id), deadline: Number(r.deadline), userIds: r.user_ids }))
    .filter((r) => r.userIds.length > 0);
}

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

/**
 * How many of the site's matches are not the import's: an id it does not bring, or one of its ids played by someone
 * it does not bring (the demo's matches are numbered from 1 like Unitemate's). An import refuses such a site.
 */
export async function importedMatchConflicts(
  db: Executor,
  importedIds: readonly number[],
  importedUsers: readonly string[],
): Promise<number> {
  // One JSON parameter each, whatever the number of ids.
  const ids = sql`select jsonb_array_elements_text(${JSON.stringify(importedIds)}::jsonb)::bigint`;
  const players = sql`select jsonb_array_elements_text(${JSON.stringify(importedUsers)}::jsonb)`;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(matches)
    .where(
      sql`${matches.id} not in (${ids}) or exists (select 1 from ${matchPlayers} p
        where p.match_id = ${matches.id} and p.user_id not in (${players}))`,
    );
  return row?.n ?? 0;
}

/**
 * Evidence a report or dispute may take: uploaded by the caller for this match and not taken by another report or
 * dispute (the caller's own earlier report of the same match may be replaced with it). Throws EVIDENCE_NOT_USABLE.
 */
export async function assertUsableEvidence(
  db: Executor,
  input: { evidenceId: number; matchId: number; userId: string; ownReportMayHoldIt: boolean },
): Promise<void> {
  const [row] = rowsOf<{ uploader_id: string; match_id: number; in_reports: number; in_disputes: number }>(
    await db.execute(sql`select e.uploader_id, e.match_id,
        (select count(*)::int from match_reports r where r.evidence_id = e.id
          and not (${input.ownReportMayHoldIt} and r.match_id = e.match_id and r.user_id = e.uploader_id)) as in_reports,
        (select count(*)::int from disputes d where d.evidence_id = e.id) as in_disputes
      from evidence e where e.id = ${input.evidenceId}`),
  );
  const usable =
    row &&
    row.uploader_id === input.userId &&
    Number(row.match_id) === input.matchId &&
    row.in_reports === 0 &&
    row.in_disputes === 0;
  if (!usable) throw new AppError('EVIDENCE_NOT_USABLE');
}
