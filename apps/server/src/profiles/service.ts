import {
  type MatchSummary,
  PLAYER_RECENT_MATCHES,
  PLAYER_TOP_CHARACTERS,
  type PlayerPage,
  type Role,
} from '@rankmatch/shared';
import { and, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { presentPublicUser, winRate } from '../accounts/presenter.ts';
import { findSeasonStats, findUser, isListed } from '../accounts/queries.ts';
import { ownedBadgeIds } from '../badges/service.ts';
import { type Executor, readAll } from '../db/client.ts';
import { matches, matchPlayers, matchReports } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { latestMatches, ratingHistory } from '../matches/history.ts';
import { findMatch, matchRoster } from '../matches/queries.ts';
import { markedActiveSeason } from '../seasons/queries.ts';
import { seasonRecords } from '../seasons/records.ts';

// Player pages and match summaries: what anyone may see, assembled from the users, seasons, badges and matches
// modules. A banned player, or one who never set a trainer name, has no page (404), as if they did not exist (isListed).

/** The characters a player reported most in the season's rated matches (refunded ones count for nothing), with wins. */
async function topCharacters(db: Executor, userId: string, seasonId: string) {
  const rows = await db
    .select({
      pokemonId: matchReports.pickedPokemon,
      matches: sql<number>`count(*)::int`,
      wins: sql<number>`count(*) filter (where ${matches.winner} = ${matchPlayers.team})::int`,
    })
    .from(matchReports)
    .innerJoin(matches, eq(matches.id, matchReports.matchId))
    .innerJoin(matchPlayers, and(eq(matchPlayers.matchId, matchReports.matchId), eq(matchPlayers.userId, userId)))
    .where(
      and(
        eq(matchReports.userId, userId),
        eq(matches.seasonId, seasonId),
        eq(matches.status, 'done'),
        isNotNull(matches.winner),
        isNull(matchPlayers.refundedAt),
        ne(matchReports.pickedPokemon, ''),
      ),
    )
    .groupBy(matchReports.pickedPokemon)
    .orderBy(desc(sql`count(*)`), matchReports.pickedPokemon)
    .limit(PLAYER_TOP_CHARACTERS);
  return rows.map((r) => ({
    pokemon_id: r.pokemonId,
    matches: r.matches,
    wins: r.wins,
    win_rate: winRate(r.wins, r.matches),
  }));
}

export async function playerPage(db: Executor, userId: string): Promise<PlayerPage> {
  const user = await findUser(db, userId);
  if (!isListed(user)) throw new AppError('USER_NOT_FOUND');
  const season = await markedActiveSeason(db);
  const [stats, owned, recent, records, history, characters] = await readAll(
    db,
    () => (season ? findSeasonStats(db, user.id, season.id) : Promise.resolve(undefined)),
    () => ownedBadgeIds(db, user.id),
    () => latestMatches(db, user.id, PLAYER_RECENT_MATCHES),
    () => seasonRecords(db, user.id),
    () => (season ? ratingHistory(db, user.id, season.id) : Promise.resolve([])),
    () => (season ? topCharacters(db, user.id, season.id) : Promise.resolve([])),
  );
  return {
    profile: presentPublicUser(user, stats),
    owned_badges: owned,
    season: season ? { season_id: season.id, season_name: season.name } : null,
    rating_history: history,
    characters,
    recent_matches: recent,
    records,
  };
}

/** A settled match for anyone; an open one is not shown (404), so nobody spies on a match in progress. */
export async function matchSummary(db: Executor, matchId: number): Promise<MatchSummary> {
  const match = await findMatch(db, matchId);
  if (match?.status !== 'done' || match.settledAt === null) throw new AppError('MATCH_SUMMARY_NOT_FOUND');
  const [roster, picks] = await readAll(
    db,
    () => matchRoster(db, match),
    () =>
      db
        .select({ userId: matchReports.userId, pokemonId: matchReports.pickedPokemon })
        .from(matchReports)
        .where(eq(matchReports.matchId, match.id)),
  );
  const team = (side: 'A' | 'B') =>
    roster
      .filter((r) => r.player.team === side)
      .map(({ player, user }) => {
        const after = player.rateAfter ?? player.rateBefore;
        const delta = player.rateDelta ?? 0;
        return {
          user_id: user.id,
          trainer_name: user.trainerName,
          role: (player.role as Role) ?? null,
          pokemon_id: picks.find((p) => p.userId === user.id)?.pokemonId ?? '',
          rate_before: after - delta,
          rate_after: after,
          rate_delta: delta,
        };
      });
  return {
    match_id: String(match.id),
    season_id: match.seasonId,
    started_at: match.startedAt,
    settled_at: match.settledAt,
    winner_team: (match.winner as 'A' | 'B' | null) ?? null,
    first_attack: match.firstAttack as 'A' | 'B',
    predicted_a: match.predictedA,
    team_a: team('A'),
    team_b: team('B'),
  };
}
