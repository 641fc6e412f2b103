import type { MatchReport, MatchResult } from '@rankmatch/engine';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Executor, rowsOf, type Tx } from '../db/client.ts';
import { rowJsonText } from '../db/row-json.ts';
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

// Every report takes this lock first: SQL built once (see db/row-json.ts).
const LOCK_MATCH = sql.raw(`select ${rowJsonText(matches, 'm')} as m from matches m where m.id = `);

/** The match row, locked for the rest of the transaction (the latest committed version, once the lock is ours). */
export async function lockMatch(tx: Tx, matchId: number): Promise<MatchRow | undefined> {
  const [row] = rowsOf<{ m: MatchRow }>(await tx.execute(sql`${LOCK_MATCH}${matchId} for update`));
  return row?.m;
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

/** A report's values as the player sent them (the team comes from the roster). */
export type ReportValues = Omit<typeof matchReports.$inferInsert, 'team'>;

/** A report row as a JSON object with the row type's keys (`r` is the alias of a match_reports row). */
const reportJson = sql.raw(`json_build_object('matchId', r.match_id, 'userId', r.user_id, 'team', r.team,
  'result', r.result, 'bannedPokemon', r.banned_pokemon, 'pickedPokemon', r.picked_pokemon,
  'pokemonMove1', r.pokemon_move1, 'pokemonMove2', r.pokemon_move2, 'violationReport', r.violation_report,
  'reportedAt', r.reported_at)`);

/**
 * Stores (or replaces) a player's report and reads what settling needs, in one statement (one round trip on the
 * report's hot path, under the match's row lock): the players as playersOf reads them, the reports as they were
 * before this one (the statement's snapshot), and the stored row. The team comes from the roster: for someone who is
 * not a player nothing is stored (`stored` undefined). Each player's user and season row are read by their keys
 * (subqueries per player), whatever the planner's statistics say.
 */
export async function storeReport(
  tx: Tx,
  match: Pick<MatchRow, 'id' | 'seasonId'>,
  report: ReportValues,
): Promise<{ players: PlayerRow[]; before: ReportRow[]; stored: ReportRow | undefined }> {
  const r = report;
  const result = await tx.execute(sql`with r as (
      insert into ${matchReports} (match_id, user_id, team, result, banned_pokemon, picked_pokemon, pokemon_move1,
        pokemon_move2, violation_report, reported_at)
      select ${match.id}, ${r.userId}, mp.team, ${r.result}, ${r.bannedPokemon}, ${r.pickedPokemon}, ${r.pokemonMove1},
        ${r.pokemonMove2}, ${r.violationReport}, ${r.reportedAt}
      from ${matchPlayers} mp where mp.match_id = ${match.id} and mp.user_id = ${r.userId}
      on conflict (match_id, user_id) do update set team = excluded.team, result = excluded.result,
        banned_pokemon = excluded.banned_pokemon, picked_pokemon = excluded.picked_pokemon,
        pokemon_move1 = excluded.pokemon_move1, pokemon_move2 = excluded.pokemon_move2,
        violation_report = excluded.violation_report, reported_at = excluded.reported_at
      returning *)
    select
      (select ${reportJson} from r) as stored,
      (select coalesce(json_agg(${reportJson} order by r.reported_at, r.user_id), '[]')
        from ${matchReports} r where r.match_id = ${match.id}) as before,
      (select coalesce(json_agg(json_build_object('userId', mp.user_id, 'team', mp.team,
          'startRate', (select u.start_rate from ${users} u where u.id = mp.user_id),
          'stats', (select json_build_object('userId', s.user_id, 'seasonId', s.season_id, 'rate', s.rate,
            'maxRate', s.max_rate, 'matchCount', s.match_count, 'winCount', s.win_count, 'maxRateAt', s.max_rate_at)
            from ${seasonStats} s where s.user_id = mp.user_id and s.season_id = ${match.seasonId}))
          order by mp.team, mp.slot), '[]')
        from ${matchPlayers} mp
        where mp.match_id = ${match.id}) as players`);
  const [row] = rowsOf<{ stored: ReportRow | null; before: ReportRow[]; players: PlayerRow[] }>(result);
  if (!row) throw new Error('storeReport returned no row');
  return { players: row.players, before: row.before, stored: row.stored ?? undefined };
}
