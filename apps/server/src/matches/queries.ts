import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { matches, matchPlayers, seasonStats, users } from '../db/schema.ts';

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
