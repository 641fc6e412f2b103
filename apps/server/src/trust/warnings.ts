import type { AdminWarning, Warning } from '@rankmatch/shared';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/log.ts';
import type { Executor } from '../db/client.ts';
import { users, warnings } from '../db/schema.ts';
import type { Work } from '../events/unit.ts';
import { AppError } from '../http/errors.ts';

// An admin's warning is shown to its player once: listed until the player says they have read it.

/**
 * Records an admin's warning (from a case or the user tab) with its audit entry, in the caller's transaction; the
 * player's open pages hear of it (profile.changed reloads their warnings) and show it.
 */
export async function warn(
  { tx, emit }: Work,
  input: {
    userId: string;
    reason: string;
    caseId?: number | null;
    matchId?: number | null;
    actorId: string;
    now: number;
  },
): Promise<number> {
  const [row] = await tx
    .insert(warnings)
    .values({
      userId: input.userId,
      caseId: input.caseId ?? null,
      matchId: input.matchId ?? null,
      reason: input.reason,
      createdAt: input.now,
      createdBy: input.actorId,
    })
    .returning({ id: warnings.id });
  if (!row) throw new Error('warning vanished');
  emit({ type: 'profile.changed', user_ids: [input.userId], reason: 'admin' });
  await recordAudit(tx, {
    actorId: input.actorId,
    action: 'user.warn',
    targetType: 'user',
    targetId: input.userId,
    before: null,
    after: { warning_id: row.id, sanction_reason: input.reason, case_id: input.caseId ?? null },
    now: input.now,
  });
  return row.id;
}

/** Every warning of a player for the admin's user tab, newest first, seen or not. */
export async function warningsOf(db: Executor, userId: string): Promise<AdminWarning[]> {
  const rows = await db
    .select({ w: warnings, creatorName: users.trainerName })
    .from(warnings)
    .leftJoin(users, eq(users.id, warnings.createdBy))
    .where(eq(warnings.userId, userId))
    .orderBy(desc(warnings.createdAt), desc(warnings.id));
  return rows.map(({ w, creatorName }) => ({
    warning_id: w.id,
    reason: w.reason,
    case_id: w.caseId,
    match_id: w.matchId === null ? null : String(w.matchId),
    created_at: w.createdAt,
    created_by: w.createdBy,
    created_by_name: creatorName,
    seen_at: w.seenAt,
  }));
}

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
