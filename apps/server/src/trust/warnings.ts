import type { Warning } from '@rankmatch/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { warnings } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

// An admin's warning is shown to its player once: listed until the player says they have read it.

export async function unseenWarnings(db: Executor, userId: string): Promise<Warning[]> {
  const rows = await db
    .select()
    .from(warnings)
    .where(and(eq(warnings.userId, userId), isNull(warnings.seenAt)))
    .orderBy(asc(warnings.createdAt));
  return rows.map((w) => ({
    warning_id: w.id,
    reason: w.reason,
    match_id: w.matchId === null ? null : String(w.matchId),
    created_at: w.createdAt,
  }));
}

export async function markWarningSeen(db: Executor, input: { id: number; userId: string; now: number }): Promise<void> {
  const seen = await db
    .update(warnings)
    .set({ seenAt: input.now })
    .where(and(eq(warnings.id, input.id), eq(warnings.userId, input.userId)))
    .returning({ id: warnings.id });
  if (seen.length === 0) throw new AppError('WARNING_NOT_FOUND');
}
