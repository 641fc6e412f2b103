import {
  isMatchingOpen,
  nextWaveUnix,
  type QueueCandidate,
  queueIneligibility,
  remainingTimeoutMinutes,
} from '@rankmatch/engine';
import { penaltyTimeoutMessage, type QueueEntry, type QueueInfo, queueSuspendedMessage } from '@rankmatch/shared';
import { and, count, countDistinct, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { UserRow } from '../accounts/queries.ts';
import { activeSuspension, suspendedUntilOf } from '../accounts/suspension.ts';
import { addAvoids } from '../avoids/service.ts';
import { textArray } from '../db/arrays.ts';
import { type Executor, readAll, type Tx } from '../db/client.ts';
import { matchPlayers, playerMmr, queueEntries, seasonStats, users, waveRuns } from '../db/schema.ts';
import type { Work } from '../events/unit.ts';
import { AppError } from '../http/errors.ts';
import { isInOpenMatch, openMatchIdOf } from '../matches/queries.ts';
import { isSeasonOpen, markedActiveSeason } from '../seasons/queries.ts';
import { presentEntry } from './presenter.ts';

// The queue_entries table belongs to this folder: joins and leaves, the wave's removals and missed-wave counts
// (removeEntries, markWaveMissed) and the ready checks' holds (holdEntries, releaseEntries) are written here only.

/** A user as the queue rule reads them, with the end of their suspension in force (null: none). */
export const queueCandidate = (user: UserRow, suspendedUntil: number | null): QueueCandidate => ({
  trainer_name: user.trainerName,
  is_banned: user.isBanned,
  penalty_count: user.penaltyCount,
  penalty_correction: user.penaltyCorrection,
  penalty_timeout_until: user.penaltyTimeoutUntil,
  suspended_until: suspendedUntil,
});

/** Why a user may not queue, or null: the engine's rule (the wave and the web app use the same). */
export async function joinBlock(db: Executor, user: UserRow, now: number): Promise<AppError | null> {
  // Asking for the account's deletion took the player out of the queue; they come back by cancelling it.
  if (user.deletionRequestedAt !== null) return new AppError('QUEUE_DELETION_PENDING');
  const suspension = await activeSuspension(db, user.id, now);
  const reason = queueIneligibility(queueCandidate(user, suspension?.ends_at ?? null), {
    now,
    seasonOpen: isSeasonOpen(await markedActiveSeason(db), now),
    inOpenMatch: await isInOpenMatch(db, user.id),
  });
  switch (reason) {
    case null:
      return null;
    case 'banned':
      return new AppError('BANNED');
    case 'no_trainer_name':
      return new AppError('QUEUE_NO_TRAINER_NAME');
    case 'penalty_threshold':
      return new AppError('QUEUE_PENALTY_BLOCKED');
    case 'penalty_timeout':
      return new AppError(
        'QUEUE_PENALTY_TIMEOUT',
        penaltyTimeoutMessage(remainingTimeoutMinutes(now, user.penaltyTimeoutUntil)),
      );
    case 'suspended':
      return new AppError(
        'QUEUE_SUSPENDED',
        queueSuspendedMessage(suspension?.ends_at ?? now, suspension?.reason ?? ''),
      );
    case 'season_closed':
      return new AppError('QUEUE_SEASON_CLOSED');
    case 'in_match':
      return new AppError('QUEUE_IN_MATCH');
  }
}

/**
 * Joins, leaves and waves are serialized: a join or a leave holds this lock shared, a wave exclusively, each for its
 * transaction. A join that comes while a wave writes its matches waits for it and then sees its player's new match
 * (409), so nobody ends up both in a match and in the queue; a leave waits for it too, so a player whose leave went
 * through is never matched by a wave that read the queue before it, and one the wave matched finds the match as soon as
 * the leave answers.
 */
export async function lockQueue(tx: Tx, mode: 'join' | 'wave'): Promise<void> {
  await tx.execute(
    mode === 'wave'
      ? sql`select pg_advisory_xact_lock(hashtextextended('rankmatch:queue', 0))`
      : sql`select pg_advisory_xact_lock_shared(hashtextextended('rankmatch:queue', 0))`,
  );
}

/** What a join sends: the preferences, and `blocking` (players added to the avoid list; empty: no change). */
type JoinInput = {
  deck_type?: string | null | undefined;
  roles?: string[] | undefined;
  blocking?: string[] | null | undefined;
};

/**
 * Joins or updates the preferences (one entry per player; the original join time is kept). The spec's `blocking` adds
 * to the avoid list of my page (avoids/), under its rules, in the same transaction: a refused id refuses the join.
 */
export async function joinQueue({ tx, emit }: Work, user: UserRow, input: JoinInput, now: number): Promise<QueueEntry> {
  await lockQueue(tx, 'join');
  const entry = await joinIn(tx, user, input, now);
  emit({ type: 'queue.changed' }, { type: 'queue.entry.changed', user_id: user.id, entry });
  return entry;
}

async function joinIn(db: Tx, user: UserRow, input: JoinInput, now: number): Promise<QueueEntry> {
  // The player's own entry first: a ready check's start or failure that removes it under the shared lock finishes
  // before, and the rule below then sees the new match or timeout instead of the join re-creating the entry.
  await db
    .select({ userId: queueEntries.userId })
    .from(queueEntries)
    .where(eq(queueEntries.userId, user.id))
    .for('update');
  const block = await joinBlock(db, user, now);
  if (block) throw block;
  if (input.blocking) await addAvoids(db, user.id, input.blocking, now);
  const [row] = await db
    .insert(queueEntries)
    .values({ userId: user.id, deckType: input.deck_type ?? null, roles: input.roles ?? [], joinedAt: now })
    .onConflictDoUpdate({
      target: queueEntries.userId,
      set: { deckType: input.deck_type ?? null, roles: input.roles ?? [] },
    })
    .returning();
  if (!row) throw new Error('queue entry vanished');
  return presentEntry(row);
}

/** Takes a player out of the queue (their own leave, or a ban); resolves whether they were in it. */
export async function leaveQueue({ tx, emit }: Work, userId: string): Promise<boolean> {
  await lockQueue(tx, 'join');
  const removed = await tx.delete(queueEntries).where(eq(queueEntries.userId, userId)).returning();
  if (removed.length > 0) {
    emit({ type: 'queue.changed' }, { type: 'queue.entry.changed', user_id: userId, entry: null });
  }
  return removed.length > 0;
}

export async function findEntry(db: Executor, userId: string): Promise<QueueEntry | null> {
  const [row] = await db.select().from(queueEntries).where(eq(queueEntries.userId, userId));
  return row ? presentEntry(row) : null;
}

/** How many players wait. */
export async function queueSize(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(queueEntries);
  return row?.n ?? 0;
}

/**
 * The waiting entries, longest-waiting first, with what a wave needs of each player: the user row, the season rate the
 * match shows and the season's rated matches, the MMR's stored belief (null: none yet), whether they are in an open
 * match and when their suspension in force ends (null: none).
 */
export async function waitingEntries(tx: Tx, seasonId: string, now: number) {
  return tx
    .select({
      entry: queueEntries,
      user: users,
      rate: sql<number>`coalesce(${seasonStats.rate}, ${users.startRate})`,
      seasonMatches: sql<number>`coalesce(${seasonStats.matchCount}, 0)`,
      mmr: { mu: playerMmr.mu, sigma: playerMmr.sigma, seasonId: playerMmr.seasonId },
      inMatch: sql<boolean>`${openMatchIdOf(queueEntries.userId)} is not null`,
      suspendedUntil: suspendedUntilOf(queueEntries.userId, now),
    })
    .from(queueEntries)
    .innerJoin(users, eq(users.id, queueEntries.userId))
    .leftJoin(seasonStats, and(eq(seasonStats.userId, queueEntries.userId), eq(seasonStats.seasonId, seasonId)))
    .leftJoin(playerMmr, eq(playerMmr.userId, queueEntries.userId))
    .where(isNull(queueEntries.readyCheckId))
    .orderBy(queueEntries.joinedAt);
}

/** The entries open ready checks hold (one statement for a wave's checks): waves skip them until each ends. */
export async function holdEntries(tx: Tx, holds: readonly { userId: string; readyCheckId: number }[]): Promise<void> {
  if (holds.length === 0) return;
  const list = JSON.stringify(holds.map((h) => ({ user_id: h.userId, ready_check_id: h.readyCheckId })));
  await tx.execute(sql`update queue_entries q set ready_check_id = h.ready_check_id
    from json_to_recordset(${list}::json) as h(user_id text, ready_check_id bigint) where q.user_id = h.user_id`);
}

/** A failed check gives its ready players back to the waves, with their join time and missed waves kept. */
export async function releaseEntries(tx: Tx, readyCheckId: number, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .update(queueEntries)
    .set({ readyCheckId: null })
    .where(
      and(
        eq(queueEntries.readyCheckId, readyCheckId),
        sql`${queueEntries.userId} = any(${textArray(userIds)}::text[])`,
      ),
    );
}

/** The players whose entry a check still holds (a ban or an admin's clear removes entries under it). */
export async function heldBy(db: Executor, readyCheckId: number): Promise<string[]> {
  const rows = await db
    .select({ userId: queueEntries.userId })
    .from(queueEntries)
    .where(eq(queueEntries.readyCheckId, readyCheckId));
  return rows.map((r) => r.userId);
}

/** The check holding a player's entry, or null (not held, or not queued). */
export async function holdOf(db: Executor, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ readyCheckId: queueEntries.readyCheckId })
    .from(queueEntries)
    .where(eq(queueEntries.userId, userId));
  return row?.readyCheckId ?? null;
}

/** Takes players out of the queue and tells them (a ready check's no-shows). */
export async function dropEntries({ tx, emit }: Work, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const removed = await tx
    .delete(queueEntries)
    .where(sql`${queueEntries.userId} = any(${textArray(userIds)}::text[])`)
    .returning({ userId: queueEntries.userId });
  emit(...removed.map((r) => ({ type: 'queue.entry.changed' as const, user_id: r.userId, entry: null })));
  if (removed.length > 0) emit({ type: 'queue.changed' });
}

/** Takes players out of the queue (matched by a wave, or no longer eligible). */
export async function removeEntries(tx: Tx, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.delete(queueEntries).where(sql`${queueEntries.userId} = any(${textArray(userIds)}::text[])`);
}

/** The players a wave left waiting missed it: their matching window widens. */
export async function markWaveMissed(tx: Tx, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .update(queueEntries)
    .set({ wavesMissed: sql`${queueEntries.wavesMissed} + 1` })
    .where(sql`${queueEntries.userId} = any(${textArray(userIds)}::text[])`);
}

/** Empties the queue (the admin's test tools); resolves how many entries it removed. */
export async function clearQueue({ tx, emit }: Work): Promise<number> {
  await lockQueue(tx, 'join');
  const rows = await tx.delete(queueEntries).returning({ id: queueEntries.userId });
  emit({ type: 'queue.changed' });
  return rows.length;
}

/** The queue panel's numbers (spec §3 queue info, plus what the UI needs to say when the next wave runs). */
export async function queueInfo(db: Executor, now: number): Promise<QueueInfo> {
  // The mean wait of the players matched in the last ten waves that matched anyone.
  const recentWaves = db
    .select({ averageWaitSeconds: waveRuns.averageWaitSeconds })
    .from(waveRuns)
    .where(gt(waveRuns.matchCount, 0))
    .orderBy(desc(waveRuns.id))
    .limit(10)
    .as('recent');
  const [[waiting], ongoing, [ongoingCount], [lastWave], [avg], season] = await readAll(
    db,
    () => db.select({ n: count() }).from(queueEntries),
    () =>
      db
        .select({ userId: matchPlayers.userId })
        .from(matchPlayers)
        .where(eq(matchPlayers.isOpen, true))
        .orderBy(matchPlayers.userId),
    () =>
      db
        .select({ n: countDistinct(matchPlayers.matchId) })
        .from(matchPlayers)
        .where(eq(matchPlayers.isOpen, true)),
    () =>
      db
        .select({ ranAt: waveRuns.ranAt, matched: waveRuns.matched })
        .from(waveRuns)
        .where(gt(waveRuns.matchCount, 0))
        .orderBy(desc(waveRuns.id))
        .limit(1),
    () => db.select({ seconds: sql<number | null>`avg(${recentWaves.averageWaitSeconds})` }).from(recentWaves),
    () => markedActiveSeason(db),
  );
  const average = avg?.seconds;
  return {
    total_waiting: waiting?.n ?? 0,
    ongoing_matches: ongoingCount?.n ?? 0,
    ongoing_match_players: ongoing.map((r) => r.userId),
    previous_matched_unixtime: lastWave?.ranAt ?? null,
    previous_user_count: lastWave?.matched ?? 0,
    average_wait_time: average === null || average === undefined ? null : Math.round(Number(average)),
    next_wave_unixtime: nextWaveUnix(now),
    is_matching_open: isMatchingOpen(now),
    is_season_active: isSeasonOpen(season, now),
  };
}
