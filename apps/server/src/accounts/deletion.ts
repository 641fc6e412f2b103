import {
  ACCOUNT_DELETION_GRACE_SECONDS,
  type AccountDeletion,
  DELETED_PLAYER_NAME,
  deletionDueAt,
} from '@rankmatch/shared';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { UserRow } from './queries.ts';

// The users table's side of an account deletion (deletion/ runs it): the request and its cancellation, the due
// accounts, and the anonymised remainder that takes the account's place under a new id.

/** A deletion as replies show it (due = requested + the grace period). */
export const presentDeletion = (user: Pick<UserRow, 'deletionRequestedAt' | 'deletedAt'>): AccountDeletion => ({
  requested_at: user.deletionRequestedAt,
  due_at: user.deletionRequestedAt === null ? null : deletionDueAt(user.deletionRequestedAt),
  deleted_at: user.deletedAt,
});

/** The player asks for their account's deletion (a time) or takes the request back (null). */
export async function setDeletionRequest(tx: Tx, userId: string, requestedAt: number | null, now: number) {
  await tx
    .update(users)
    .set({ deletionRequestedAt: requestedAt, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
}

/** Accounts whose grace period has ended by `now`, oldest request first. */
export async function dueDeletions(db: Executor, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(lte(users.deletionRequestedAt, now - ACCOUNT_DELETION_GRACE_SECONDS), isNull(users.deletedAt)))
    .orderBy(asc(users.deletionRequestedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The deleted account's remainder: a new row under `remainderId` that keeps what others' history and the rules need
 * (start rate, penalties, dates) and nothing that names the player; its auth_sub binds it to no sign-in.
 */
export async function createRemainder(tx: Tx, user: UserRow, remainderId: string, now: number): Promise<void> {
  await tx.insert(users).values({
    ...user,
    id: remainderId,
    authSub: `deleted|${remainderId}`,
    discordUsername: '',
    discordAvatarUrl: '',
    trainerName: DELETED_PLAYER_NAME,
    twitterId: '',
    bio: '',
    favoritePokemon: [],
    currentBadge: null,
    currentBadge2: null,
    isAdmin: false,
    preferredRole: null,
    updatedAt: now,
    deletedAt: now,
  });
}

/** Drops the account's own row once every row that must stay has moved to the remainder. */
export async function removeUserRow(tx: Tx, userId: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}
