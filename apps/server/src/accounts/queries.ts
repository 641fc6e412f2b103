import type { AdminSearchType } from '@rankmatch/shared';
import { and, asc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.ts';
import { seasonStats, users } from '../db/schema.ts';

// The users table belongs to this folder: its reads here, its writes in writes.ts (profile, flags, badges worn),
// service.ts (new accounts), penalties.ts (the penalty columns) and deletion.ts. Every other folder calls those; none
// writes users itself.

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type SeasonStatsRow = typeof seasonStats.$inferSelect;

/**
 * Users' rows locked for changing their data (never their id), in the caller's transaction. FOR NO KEY UPDATE, the
 * lock an UPDATE of those columns takes anyway: rows that refer to these users can still be inserted meanwhile (a
 * report on a player's next match, whose batch may hold matches this transaction waits for: FOR UPDATE would close
 * that cycle into a deadlock).
 */
export async function lockUsers(tx: Tx, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]))
    .for('no key update');
}

export async function findUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * Whether a user has a public face (player page, public profile, a page's preview): a banned player, a deleted
 * account, or one who never set a trainer name, has none, as if they did not exist.
 */
export const isListed = (user: UserRow | undefined): user is UserRow =>
  user !== undefined && !user.isBanned && user.deletedAt === null && user.trainerName.trim() !== '';

/** isListed as a condition on users (a query's). */
export const listedCondition = (): SQL =>
  and(eq(users.isBanned, false), isNull(users.deletedAt), sql`btrim(${users.trainerName}) <> ''`) as SQL;

export async function findSeasonStats(
  db: Executor,
  userId: string,
  seasonId: string,
): Promise<SeasonStatsRow | undefined> {
  const [row] = await db
    .select()
    .from(seasonStats)
    .where(and(eq(seasonStats.userId, userId), eq(seasonStats.seasonId, seasonId)))
    .limit(1);
  return row;
}

/** LIKE pattern for a literal substring (%, _ and \ in the query match themselves). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The admin's user search: substring, case-insensitive, on the chosen names; an exact user id always matches. Exact id
 * first, then by name; each with their numbers of the given season.
 */
export async function searchUsersByName(
  db: Executor,
  input: { query: string; searchType: AdminSearchType; limit: number; seasonId: string },
): Promise<{ user: UserRow; stats: SeasonStatsRow | null }[]> {
  const pattern = containing(input.query);
  const names: SQL[] = [];
  if (input.searchType !== 'discord_name') names.push(ilike(users.trainerName, pattern));
  if (input.searchType !== 'trainer_name') names.push(ilike(users.discordUsername, pattern));
  return db
    .select({ user: users, stats: seasonStats })
    .from(users)
    .leftJoin(seasonStats, and(eq(seasonStats.userId, users.id), eq(seasonStats.seasonId, input.seasonId)))
    .where(or(eq(users.id, input.query), ...names))
    .orderBy(sql`${users.id} = ${input.query} desc`, asc(users.trainerName), asc(users.id))
    .limit(input.limit);
}

/**
 * Players with a public face whose trainer name contains `query` (case-insensitive), but `excludeId`: the name equal
 * to the query first, then those starting with it, then by name. Each with the rate of the given season (their
 * start rate without one).
 */
export async function searchListedPlayers(
  db: Executor,
  input: { query: string; excludeId: string; seasonId: string | null; limit: number },
) {
  const { query } = input;
  const name = sql`lower(${users.trainerName})`;
  const lowered = query.toLowerCase();
  return db
    .select({
      id: users.id,
      trainerName: users.trainerName,
      avatarUrl: users.discordAvatarUrl,
      rate: sql<number>`coalesce(${seasonStats.rate}, ${users.startRate})`,
    })
    .from(users)
    .leftJoin(seasonStats, and(eq(seasonStats.userId, users.id), eq(seasonStats.seasonId, input.seasonId ?? '')))
    .where(and(ilike(users.trainerName, containing(query)), ne(users.id, input.excludeId), listedCondition()))
    .orderBy(
      sql`${name} = ${lowered} desc`,
      sql`starts_with(${name}, ${lowered}) desc`,
      asc(users.trainerName),
      asc(users.id),
    )
    .limit(input.limit);
}
