import { READY_CHECK_SHOWN_SECONDS, READY_NO_SHOW_WINDOW_DAYS } from '@rankmatch/shared';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.ts';
import { readyCheckPlayers, readyChecks, users } from '../db/schema.ts';

export type CheckRow = typeof readyChecks.$inferSelect;

/** A player of a check with what its views and the test tools need of them. */
export interface CheckPlayer {
  userId: string;
  trainerName: string;
  readyAt: number | null;
  isDummy: boolean;
}

/** A check's row, locked for the rest of the transaction (every change to a check goes through this lock). */
export async function lockCheck(tx: Tx, id: number): Promise<CheckRow | undefined> {
  const [row] = await tx.select().from(readyChecks).where(eq(readyChecks.id, id)).for('update');
  return row;
}

/** The ten players of a check, in user id order. */
export async function playersOf(db: Executor, readyCheckId: number): Promise<CheckPlayer[]> {
  return db
    .select({
      userId: readyCheckPlayers.userId,
      trainerName: users.trainerName,
      readyAt: readyCheckPlayers.readyAt,
      isDummy: users.isDummy,
    })
    .from(readyCheckPlayers)
    .innerJoin(users, eq(users.id, readyCheckPlayers.userId))
    .where(eq(readyCheckPlayers.readyCheckId, readyCheckId))
    .orderBy(asc(readyCheckPlayers.userId));
}

/** Open checks whose deadline has come (the deadline job's list), oldest first. */
export async function overdueChecks(db: Executor, now: number): Promise<number[]> {
  const rows = await db
    .select({ id: readyChecks.id })
    .from(readyChecks)
    .where(and(eq(readyChecks.status, 'open'), lte(readyChecks.deadlineAt, now)))
    .orderBy(asc(readyChecks.id));
  return rows.map((r) => r.id);
}

/** Open checks still within their time (the test tool's ready-all), oldest first. */
export async function openChecks(db: Executor, now: number): Promise<number[]> {
  const rows = await db
    .select({ id: readyChecks.id })
    .from(readyChecks)
    .where(and(eq(readyChecks.status, 'open'), gt(readyChecks.deadlineAt, now)))
    .orderBy(asc(readyChecks.id));
  return rows.map((r) => r.id);
}

/** The player's open check, or the last one that closed within READY_CHECK_SHOWN_SECONDS. */
export async function latestCheckOf(db: Executor, userId: string, now: number): Promise<CheckRow | undefined> {
  const [row] = await db
    .select({ check: readyChecks })
    .from(readyCheckPlayers)
    .innerJoin(readyChecks, eq(readyChecks.id, readyCheckPlayers.readyCheckId))
    .where(
      and(
        eq(readyCheckPlayers.userId, userId),
        or(eq(readyCheckPlayers.isOpen, true), gte(readyChecks.closedAt, now - READY_CHECK_SHOWN_SECONDS)),
      ),
    )
    .orderBy(desc(readyChecks.id))
    .limit(1);
  return row?.check;
}

/**
 * Each player's misses in the READY_NO_SHOW_WINDOW_DAYS days up to `at`: their rows of failed checks without a press (a
 * blameless player's row carries a mark after the close as ready_at, see close.ts).
 */
export async function missCounts(db: Executor, userIds: readonly string[], at: number): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: readyCheckPlayers.userId, n: count() })
    .from(readyCheckPlayers)
    .innerJoin(readyChecks, eq(readyChecks.id, readyCheckPlayers.readyCheckId))
    .where(
      and(
        inArray(readyCheckPlayers.userId, [...userIds]),
        isNull(readyCheckPlayers.readyAt),
        eq(readyChecks.status, 'failed'),
        gt(readyChecks.closedAt, at - READY_NO_SHOW_WINDOW_DAYS * 86_400),
        lte(readyChecks.closedAt, at),
      ),
    )
    .groupBy(readyCheckPlayers.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}

/** The season's checks by status (the statistics' figures). */
export async function checkCounts(db: Executor, seasonId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: readyChecks.status, n: count() })
    .from(readyChecks)
    .where(eq(readyChecks.seasonId, seasonId))
    .groupBy(readyChecks.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}
