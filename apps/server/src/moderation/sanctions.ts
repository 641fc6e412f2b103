import { type AdminSanctions, SUSPENSION_DURATION_SECONDS, type SuspensionDuration } from '@rankmatch/shared';
import { findUser } from '../accounts/queries.ts';
import { type Executor, readAll } from '../db/client.ts';
import type { Work } from '../events/unit.ts';
import { AppError } from '../http/errors.ts';
import { liftSuspension, suspend, suspensionsOf } from '../trust/suspensions.ts';
import { warn, warningsOf } from '../trust/warnings.ts';

// Sanctions in proportion from the admin's user tab (issue 35): a matching suspension for a chosen duration, its
// lifting, and a warning shown once. The writes are trust/'s (owner of both tables), each audited there.

/** A player's suspensions and warnings, newest first (404 for an unknown user). */
export async function userSanctions(db: Executor, userId: string, now: number): Promise<AdminSanctions> {
  if (!(await findUser(db, userId))) throw new AppError('USER_NOT_FOUND');
  const [suspensions, warnings] = await readAll(
    db,
    () => suspensionsOf(db, userId, now),
    () => warningsOf(db, userId),
  );
  return { suspensions, warnings };
}

export async function suspendAsAdmin(
  work: Work,
  input: { userId: string; duration: SuspensionDuration; reason: string; actorId: string; now: number },
): Promise<void> {
  const { userId, reason, now } = input;
  const endsAt = now + SUSPENSION_DURATION_SECONDS[input.duration];
  await suspend(work, { userId, kind: 'admin', reason, now, endsAt, createdBy: input.actorId });
}

export async function liftAsAdmin(
  work: Work,
  input: { userId: string; suspensionId: number; actorId: string; now: number },
): Promise<void> {
  await liftSuspension(work, input);
}

export async function warnAsAdmin(
  work: Work,
  input: { userId: string; reason: string; actorId: string; now: number },
): Promise<void> {
  if (!(await findUser(work.tx, input.userId))) throw new AppError('USER_NOT_FOUND');
  await warn(work, input);
}
