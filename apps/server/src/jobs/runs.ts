import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { jobRuns } from '../db/schema.ts';

// job_runs: the scheduled turns claimed by an instance (the scheduler's table, written only here).

/** How long claimed turns are kept (the rehearsal and an operator read the last days' turns). */
export const TURN_RETENTION_SECONDS = 7 * 86_400;

/** Claims a job's turn for this instance; false when another instance already ran it. */
export async function claimTurn(db: Executor, turn: { job: string; slot: number; instance: string }): Promise<boolean> {
  const rows = await db
    .insert(jobRuns)
    .values({ ...turn, claimedAt: Math.floor(Date.now() / 1000) })
    .onConflictDoNothing()
    .returning({ slot: jobRuns.slot });
  return rows.length > 0;
}

/** Drops turns older than the retention. */
export async function pruneTurns(db: Executor, now: number): Promise<number> {
  const rows = await db
    .delete(jobRuns)
    .where(lt(jobRuns.slot, now - TURN_RETENTION_SECONDS))
    .returning({ n: sql<number>`1` });
  return rows.length;
}
