import { correctMatch, initialMmr, type Mmr, type SettledPlayer, shiftMmr } from '@rankmatch/engine';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/log.ts';
import { mmrTimeline } from '../calibration/params.ts';
import type { Config } from '../config.ts';
import type { Tx } from '../db/client.ts';
import { matches, matchPlayers, playerMmr, seasonStats, users } from '../db/schema.ts';
import type { Work } from '../events/unit.ts';
import { AppError } from '../http/errors.ts';
import { lockMatch, type MatchRow } from './queries.ts';

// An admin voids or corrects a settled match's result (the engine's correctMatch says how far the effect reaches).
// One transaction under the match's row lock: the match, its players' changes, the later history shifted, the season
// numbers, the players' MMRs (under their row locks) and the audit entry.

type Winner = 'A' | 'B' | null;

export async function correctMatchResult(
  { tx, emit }: Work,
  input: { matchId: number; winner: Winner; actorId: string; now: number; rules: Config['rules'] },
): Promise<void> {
  const match = await lockMatch(tx, input.matchId);
  if (!match) throw new AppError('ADMIN_MATCH_NOT_FOUND');
  if (match.status !== 'done') throw new AppError('MATCH_NOT_SETTLED');
  const oldWinner = (match.winner as Winner) ?? null;
  if (oldWinner === input.winner) throw new AppError('NO_CHANGES');

  const players = await tx.select().from(matchPlayers).where(eq(matchPlayers.matchId, match.id));
  // Re-rated by the parameters it was rated by (a later refit changes later matches only).
  const rules = (await mmrTimeline(tx)).rulesFor(match, input.rules);
  const ratedFrom = ratedFromOf(players, rules);
  // Refunded players keep their refund (correctMatch leaves them alone): the match never counts for them again.
  const corrections = correctMatch(settledPlayersOf(players, ratedFrom), oldWinner, input.winner, rules.rating);
  await applyCorrections(tx, match, corrections, ratedFrom, input.now);

  await tx
    .update(matches)
    .set({ winner: input.winner, settleReason: 'admin_correction' })
    .where(eq(matches.id, match.id));
  await recordAudit(tx, {
    actorId: input.actorId,
    action: 'match.correct',
    targetType: 'match',
    targetId: String(match.id),
    before: { winner: oldWinner, settle_reason: match.settleReason },
    after: {
      winner: input.winner,
      changes: corrections.map((c) => ({ user_id: c.user_id, old_delta: c.old_delta, new_delta: c.new_delta })),
    },
    now: input.now,
  });
  // The same profile.changed as a settlement's: the players' screens, and the ranking, follow the new rates.
  emit(
    { type: 'match.corrected', match_id: String(match.id), season_id: match.seasonId },
    { type: 'profile.changed', user_ids: corrections.map((c) => c.user_id), reason: 'corrected' },
  );
}

type Correction = ReturnType<typeof correctMatch>[number];
type PlayerRow = typeof matchPlayers.$inferSelect;

/** The match's players as the engine's correction reads them. */
export function settledPlayersOf(players: PlayerRow[], ratedFrom: Map<string, Mmr>): SettledPlayer[] {
  return players.map((p) => ({
    user_id: p.userId,
    team: p.team as 'A' | 'B',
    rate_after: p.rateAfter ?? p.rateBefore,
    rate_delta: p.rateDelta ?? 0,
    mmr: ratedFrom.get(p.userId) as Mmr,
    refunded: p.refundedAt !== null,
  }));
}

/**
 * Writes what the engine's correction (or refund) says: the match's own changes, the later history shifted, the
 * season numbers and the current MMRs.
 */
export async function applyCorrections(
  tx: Tx,
  match: MatchRow,
  corrections: Correction[],
  ratedFrom: Map<string, Mmr>,
  now: number,
): Promise<void> {
  if (corrections.length === 0) return;
  await rewriteRateChanges(tx, match, corrections);
  await correctSeasonNumbers(tx, match, corrections, now);
  await correctMmrs(tx, match, corrections, ratedFrom, now);
}

/** The MMR the match was rated from (a match settled before the MMR existed: a newcomer's at the rate it had). */
export function ratedFromOf(players: PlayerRow[], rules: Config['rules']): Map<string, Mmr> {
  return new Map(
    players.map((p): [string, Mmr] => [
      p.userId,
      p.mmrMu !== null && p.mmrSigma !== null
        ? { mu: p.mmrMu, sigma: p.mmrSigma }
        : initialMmr((p.rateAfter ?? p.rateBefore) - (p.rateDelta ?? 0), rules.rating.mmr),
    ]),
  );
}

/**
 * This match's own changes; the later matches of the season keep theirs, and their rates after move by the shift.
 */
async function rewriteRateChanges(tx: Tx, match: MatchRow, corrections: Correction[]): Promise<void> {
  const own = sql.join(
    corrections.map((c) => sql`(${c.user_id}, ${c.before + c.new_delta}::int, ${c.new_delta}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update ${matchPlayers} set rate_after = v.rate_after, rate_delta = v.rate_delta
    from (values ${own}) as v(user_id, rate_after, rate_delta)
    where ${matchPlayers.matchId} = ${match.id} and ${matchPlayers.userId} = v.user_id`);

  const shifts = sql.join(
    corrections.map((c) => sql`(${c.user_id}, ${c.shift}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update ${matchPlayers} set rate_after = ${matchPlayers.rateAfter} + v.shift
    from (values ${shifts}) as v(user_id, shift), ${matches}
    where ${matchPlayers.userId} = v.user_id and ${matches.id} = ${matchPlayers.matchId}
      and ${matches.seasonId} = ${match.seasonId} and ${matchPlayers.matchId} > ${match.id}
      and ${matchPlayers.rateAfter} is not null and v.shift <> 0`);
}

/** Season numbers: rate shifted, counts adjusted, max rate recomputed from the corrected history (and the start). */
async function correctSeasonNumbers(tx: Tx, match: MatchRow, corrections: Correction[], now: number): Promise<void> {
  const ids = corrections.map((c) => c.user_id);
  const numbers = sql.join(
    corrections.map(
      (c) => sql`(${c.user_id}, ${c.before + c.new_delta}::int, ${c.shift}::int, ${c.wins}::int, ${c.matches}::int)`,
    ),
    sql`, `,
  );
  // A void match created no season row: the player starts one from the rate the match was rated from.
  await tx.execute(sql`insert into ${seasonStats} (user_id, season_id, rate, max_rate, match_count, win_count, max_rate_at)
    select v.user_id, ${match.seasonId}, v.rate - v.shift, v.rate - v.shift, 0, 0, ${now}::bigint
    from (values ${numbers}) as v(user_id, rate, shift, wins, matches)
    on conflict (user_id, season_id) do nothing`);
  await tx.execute(sql`update ${seasonStats} set rate = ${seasonStats.rate} + v.shift,
      match_count = greatest(0, ${seasonStats.matchCount} + v.matches),
      win_count = greatest(0, ${seasonStats.winCount} + v.wins)
    from (values ${numbers}) as v(user_id, rate, shift, wins, matches)
    where ${seasonStats.userId} = v.user_id and ${seasonStats.seasonId} = ${match.seasonId}`);
  await tx.execute(sql`update ${seasonStats} set max_rate = greatest(${seasonStats.rate}, ${users.startRate}, coalesce((
      select max(mp.rate_after) from ${matchPlayers} mp join ${matches} m on m.id = mp.match_id
      where mp.user_id = ${seasonStats.userId} and m.season_id = ${seasonStats.seasonId} and mp.rate_after is not null
    ), 0))
    from ${users}
    where ${users.id} = ${seasonStats.userId} and ${seasonStats.seasonId} = ${match.seasonId}
      and ${inArray(seasonStats.userId, ids)}`);
}

/**
 * The MMRs: each player's current belief moves by the match's new belief − its old one. A player without one (their
 * only matches were void) starts from the belief the match was rated from.
 */
async function correctMmrs(
  tx: Tx,
  match: MatchRow,
  corrections: Correction[],
  ratedFrom: Map<string, Mmr>,
  now: number,
): Promise<void> {
  const ids = corrections.map((c) => c.user_id);
  const current = new Map(
    (
      await tx
        .select()
        .from(playerMmr)
        .where(inArray(playerMmr.userId, ids))
        .orderBy(asc(playerMmr.userId))
        .for('update')
    ).map((row) => [row.userId, row]),
  );
  const beliefs = corrections
    .filter((c) => c.mmr_shift.mu !== 0 || c.mmr_shift.sigma !== 0)
    .map((c) => {
      const row = current.get(c.user_id);
      const next = shiftMmr(row ?? (ratedFrom.get(c.user_id) as Mmr), c.mmr_shift);
      return { userId: c.user_id, ...next, seasonId: row?.seasonId ?? match.seasonId, updatedAt: now };
    });
  if (beliefs.length > 0) {
    await tx
      .insert(playerMmr)
      .values(beliefs)
      .onConflictDoUpdate({
        target: playerMmr.userId,
        set: { mu: sql`excluded.mu`, sigma: sql`excluded.sigma`, updatedAt: sql`excluded.updated_at` },
      });
  }
}
