import type { MyDeletion } from '@rankmatch/shared';
import { presentDeletion, setDeletionRequest } from '../accounts/deletion.ts';
import { lockUsers, type UserRow } from '../accounts/queries.ts';
import { recordAudit } from '../audit/log.ts';
import type { Work } from '../events/unit.ts';
import { AppError } from '../http/errors.ts';
import { leaveQueue } from '../queue/service.ts';

// The player's side of an account deletion (my page → アカウントの削除): asking starts the grace period and takes them
// out of the queue; cancelling within it keeps the account as it was. Both are audited, with the player as actor.
// Sessions stay: the player may sign in to cancel, and the deletion job ends them all.

const mine = (user: Pick<UserRow, 'deletionRequestedAt' | 'deletedAt'>): MyDeletion => {
  const { requested_at, due_at } = presentDeletion(user);
  return { requested_at, due_at };
};

/** The signed-in player's deletion request, if any. */
export const myDeletion = (user: UserRow): MyDeletion => mine(user);

/** Locks the player's row in the order a ban takes them (the queue first, then the user; see moderation/). */
async function lockPlayer(work: Work, userId: string): Promise<UserRow> {
  await leaveQueue(work, userId);
  const [user] = await lockUsers(work.tx, [userId]);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user;
}

/**
 * Asks for the account's deletion; asking again changes nothing (the grace period runs from the first request). A
 * player in an open match may ask too: the match ends long before the grace period does.
 */
export async function requestDeletion(work: Work, userId: string, now: number): Promise<MyDeletion> {
  const user = await lockPlayer(work, userId);
  if (user.deletionRequestedAt !== null) return mine(user);
  await setDeletionRequest(work.tx, userId, now, now);
  const after = mine({ deletionRequestedAt: now, deletedAt: null });
  await recordAudit(work.tx, {
    actorId: userId,
    action: 'user.deletion_request',
    targetType: 'user',
    targetId: userId,
    before: { deletion_requested_at: null },
    after: { deletion_requested_at: after.requested_at, due_at: after.due_at },
    now,
  });
  return after;
}

/** Takes the request back; with none pending, nothing changes. */
export async function cancelDeletion(work: Work, userId: string, now: number): Promise<MyDeletion> {
  const [user] = await lockUsers(work.tx, [userId]);
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (user.deletionRequestedAt === null) return mine(user);
  await setDeletionRequest(work.tx, userId, null, now);
  await recordAudit(work.tx, {
    actorId: userId,
    action: 'user.deletion_cancel',
    targetType: 'user',
    targetId: userId,
    before: { deletion_requested_at: user.deletionRequestedAt },
    after: { deletion_requested_at: null },
    now,
  });
  return mine({ deletionRequestedAt: null, deletedAt: null });
}
