import type { PenaltyState } from '@rankmatch/engine';
import { and, eq, gt, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { UserRow } from './queries.ts';

// The penalty columns of users (count, correction, progress since the last penalty, timeout, last penalty) are written
// here and nowhere else: the settlement's penalties and the demo's import (storePenaltyStates), the season change
// (clearPenaltiesAtSeasonChange) and an admin's edit (setPenaltyCounts). The rules themselves are the engine's.

/** A user's penalties as the engine's rules read them. */
export const penaltyStateOf = (user: UserRow): PenaltyState => ({
  penalty_count: user.penaltyCount,
  penalty_correction: user.penaltyCorrection,
  matches_since_penalty: user.matchesSincePenalty,
  penalty_timeout_until: user.penaltyTimeoutUntil,
  last_penalty_at: user.lastPenaltyAt,
});

/** The engine's effectivePenalty of a users row, in SQL: count − correction, never below 0. */
export const effectivePenaltySql: SQL<number> = sql<number>`greatest(0, ${users.penaltyCount} - ${users.penaltyCorrection})`;

/**
 * Stores players' penalty states as the engine's rules left them (after a match's violation tally, or a simulated
 * season's import), in one statement whatever their number. The rows should be locked by the caller when others may
 * change them meanwhile (see lockUsers).
 */
export async function storePenaltyStates(db: Executor, states: ReadonlyMap<string, PenaltyState>): Promise<void> {
  const rows = [...states].map(([id, p]) => ({ id, ...p }));
  if (rows.length === 0) return;
  await db.execute(sql`update users set penalty_count = x.penalty_count, penalty_correction = x.penalty_correction,
      matches_since_penalty = x.matches_since_penalty, penalty_timeout_until = x.penalty_timeout_until,
      last_penalty_at = x.last_penalty_at
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(id text, penalty_count int, penalty_correction int,
      matches_since_penalty int, penalty_timeout_until bigint, last_penalty_at bigint)
    where users.id = x.id`);
}

/**
 * The penalty rule of the season change: every player whose effective penalty is at most `maxEffective` starts the new
 * season clean (count, correction, progress and timeout cleared); the others keep theirs.
 */
export async function clearPenaltiesAtSeasonChange(tx: Tx, maxEffective: number): Promise<void> {
  await tx
    .update(users)
    .set({
      penaltyCount: 0,
      penaltyCorrection: 0,
      matchesSincePenalty: 0,
      penaltyTimeoutUntil: null,
    })
    .where(
      and(or(gt(users.penaltyCount, 0), isNotNull(users.penaltyTimeoutUntil)), lte(effectivePenaltySql, maxEffective)),
    );
}

/** An admin sets a player's penalty count and/or correction. */
export async function setPenaltyCounts(
  tx: Tx,
  userId: string,
  counts: { penaltyCount?: number; penaltyCorrection?: number },
  now: number,
): Promise<void> {
  await tx
    .update(users)
    .set({ ...counts, updatedAt: now })
    .where(eq(users.id, userId));
}
