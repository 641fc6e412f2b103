import { type HistoryEntry, RECENT_HISTORY_SIZE } from '@rankmatch/shared';
import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { matches, matchPlayers, matchReports } from '../db/schema.ts';

// A player's settled matches, read from the match tables (match_players keeps each player's rate before and after).

/**
 * Newest first: winlose 1 win, 0 lose, 2 invalid; deck_type is the character the player reported ('' if none);
 * refunded when an admin gave the match's change back (a team-mate left: rate_delta 0).
 */
export async function latestMatches(
  db: Executor,
  userId: string,
  limit = RECENT_HISTORY_SIZE,
): Promise<HistoryEntry[]> {
  const rows = await db
    .select({
      matchId: matches.id,
      team: matchPlayers.team,
      winner: matches.winner,
      startedAt: matches.startedAt,
      rateDelta: matchPlayers.rateDelta,
      refundedAt: matchPlayers.refundedAt,
      picked: matchReports.pickedPokemon,
    })
    .from(matchPlayers)
    .innerJoin(matches, eq(matches.id, matchPlayers.matchId))
    .leftJoin(matchReports, and(eq(matchReports.matchId, matchPlayers.matchId), eq(matchReports.userId, userId)))
    .where(and(eq(matchPlayers.userId, userId), eq(matches.status, 'done')))
    .orderBy(desc(matches.settledAt), desc(matches.id))
    .limit(limit);
  return rows.map((r) => ({
    match_id: String(r.matchId),
    winlose: r.winner === null ? 2 : r.winner === r.team ? 1 : 0,
    deck_type: r.picked ?? '',
    started_date: r.startedAt,
    rate_delta: r.rateDelta ?? 0,
    refunded: r.refundedAt !== null,
  }));
}

/** The season's rate after each rated (non-invalid) match that counted for the player (not refunded), oldest first. */
export async function ratingHistory(db: Executor, userId: string, seasonId: string) {
  const rows = await db
    .select({ at: matches.settledAt, rate: matchPlayers.rateAfter })
    .from(matchPlayers)
    .innerJoin(matches, eq(matches.id, matchPlayers.matchId))
    .where(
      and(
        eq(matchPlayers.userId, userId),
        eq(matches.seasonId, seasonId),
        eq(matches.status, 'done'),
        isNotNull(matches.winner),
        isNull(matchPlayers.refundedAt),
      ),
    )
    .orderBy(asc(matches.settledAt), asc(matches.id));
  return rows.flatMap((r) => (r.at !== null && r.rate !== null ? [{ at: r.at, rate: r.rate }] : []));
}
