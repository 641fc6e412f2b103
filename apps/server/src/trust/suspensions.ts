import type { AdminSuspension, SuspensionKind, SuspensionState } from '@rankmatch/shared';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { findUser } from '../accounts/queries.ts';
import { recordAudit } from '../audit/log.ts';
import type { Executor } from '../db/client.ts';
import { suspensions, users } from '../db/schema.ts';
import type { Work } from '../events/unit.ts';
import { AppError } from '../http/errors.ts';
import { leaveQueue, lockQueue } from '../queue/service.ts';

// The suspensions table belongs to this folder: a matching suspension for a set time (an admin's sanction, or the
// ready check's timeout for a player who did not answer) and its lifting are written here only. The reads the queue
// and the profile need ("suspended until when?") are in accounts/suspension.ts, below the queue.

export type SuspensionRow = typeof suspensions.$inferSelect;

export interface SuspendInput {
  userId: string;
  kind: SuspensionKind;
  /** Shown to the player with the end ("why"). */
  reason: string;
  now: number;
  endsAt: number;
  /** The moderation case it closes, if any. */
  caseId?: number | null | undefined;
  /** The admin who suspends (audited here); null or absent: the site's own (the ready check). */
  createdBy?: string | null | undefined;
}

/**
 * Suspends a player from matching until `endsAt`, in the caller's transaction: the row, their queue entry removed at
 * once (the queue's own leave, with its events), their screens told (profile.changed) and, for an admin, the audit
 * entry. An open match of theirs goes on; sign-in and pages are untouched.
 */
export async function suspend(work: Work, input: SuspendInput): Promise<SuspensionRow> {
  const { tx, emit } = work;
  if (!(input.endsAt > input.now)) throw new Error('a suspension ends after it starts');
  // The queue's lock first, as a ban and a wave take it (then rows): a suspension and a wave never wait on each other.
  await lockQueue(tx, 'join');
  if (!(await findUser(tx, input.userId))) throw new AppError('USER_NOT_FOUND');
  const [row] = await tx
    .insert(suspensions)
    .values({
      userId: input.userId,
      kind: input.kind,
      reason: input.reason,
      caseId: input.caseId ?? null,
      startsAt: input.now,
      endsAt: input.endsAt,
      createdBy: input.createdBy ?? null,
    })
    .returning();
  if (!row) throw new Error('suspension vanished');
  await leaveQueue(work, input.userId);
  emit({ type: 'profile.changed', user_ids: [input.userId], reason: 'admin' });
  if (input.createdBy) {
    await recordAudit(tx, {
      actorId: input.createdBy,
      action: 'user.suspend',
      targetType: 'user',
      targetId: input.userId,
      before: null,
      after: {
        suspension_id: row.id,
        starts_at: row.startsAt,
        ends_at: row.endsAt,
        sanction_reason: row.reason,
        case_id: row.caseId,
      },
      now: input.now,
    });
  }
  return row;
}

/**
 * An admin lifts a suspension in force (404 SUSPENSION_NOT_FOUND when it is not this player's, 409
 * SUSPENSION_NOT_ACTIVE when it already ended or was lifted): the row keeps it, the player's screens are told, audited.
 */
export async function liftSuspension(
  work: Work,
  input: { userId: string; suspensionId: number; actorId: string; now: number },
): Promise<SuspensionRow> {
  const { tx, emit } = work;
  const [row] = await tx
    .select()
    .from(suspensions)
    .where(and(eq(suspensions.id, input.suspensionId), eq(suspensions.userId, input.userId)))
    .for('update');
  if (!row) throw new AppError('SUSPENSION_NOT_FOUND');
  if (stateOf(row, input.now) !== 'active') throw new AppError('SUSPENSION_NOT_ACTIVE');
  const [lifted] = await tx
    .update(suspensions)
    .set({ liftedAt: input.now, liftedBy: input.actorId })
    .where(eq(suspensions.id, row.id))
    .returning();
  emit({ type: 'profile.changed', user_ids: [input.userId], reason: 'admin' });
  await recordAudit(tx, {
    actorId: input.actorId,
    action: 'user.suspension_lift',
    targetType: 'user',
    targetId: input.userId,
    before: { suspension_id: row.id, ends_at: row.endsAt, lifted_at: null },
    after: { suspension_id: row.id, ends_at: row.endsAt, lifted_at: input.now },
    now: input.now,
  });
  return lifted ?? row;
}

const stateOf = (row: Pick<SuspensionRow, 'liftedAt' | 'endsAt'>, now: number): SuspensionState =>
  row.liftedAt !== null ? 'lifted' : row.endsAt > now ? 'active' : 'ended';

/** A player's suspensions for the admin's user tab, newest first, with who suspended and who lifted. */
export async function suspensionsOf(db: Executor, userId: string, now: number): Promise<AdminSuspension[]> {
  const creator = alias(users, 'creator');
  const lifter = alias(users, 'lifter');
  const rows = await db
    .select({ s: suspensions, creatorName: creator.trainerName, lifterName: lifter.trainerName })
    .from(suspensions)
    .leftJoin(creator, eq(creator.id, suspensions.createdBy))
    .leftJoin(lifter, eq(lifter.id, suspensions.liftedBy))
    .where(eq(suspensions.userId, userId))
    .orderBy(desc(suspensions.startsAt), desc(suspensions.id));
  return rows.map(({ s, creatorName, lifterName }) => ({
    suspension_id: s.id,
    kind: s.kind as SuspensionKind,
    reason: s.reason,
    case_id: s.caseId,
    starts_at: s.startsAt,
    ends_at: s.endsAt,
    state: stateOf(s, now),
    created_by: s.createdBy,
    created_by_name: creatorName,
    lifted_at: s.liftedAt,
    lifted_by: s.liftedBy,
    lifted_by_name: lifterName,
  }));
}
