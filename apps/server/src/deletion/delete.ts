import { randomBytes } from 'node:crypto';
import { DELETED_PLAYER_NAME } from '@rankmatch/shared';
import { createRemainder, dueDeletions, removeUserRow } from '../accounts/deletion.ts';
import { lockUsers } from '../accounts/queries.ts';
import { dropAchievements } from '../achievements/service.ts';
import { recordAudit } from '../audit/log.ts';
import { forgetSignIn } from '../auth/sessions.ts';
import { forgetAvoids } from '../avoids/service.ts';
import { dropOwnedBadges } from '../badges/service.ts';
import type { AppContext } from '../context.ts';
import type { Work } from '../events/unit.ts';
import { handOverMatchHistory } from '../matches/handover.ts';
import { isInOpenMatch } from '../matches/queries.ts';
import { forgetNotifications } from '../notifications/forget.ts';
import { leaveQueue } from '../queue/service.ts';
import { anonymiseRankingEntries } from '../ranking/snapshot.ts';
import { handOverSeasonRecords } from '../seasons/handover.ts';
import { handOverOrders } from '../shop/handover.ts';
import { dropEvidence, handOverModeration } from '../trust/handover.ts';

// The deletion job, one transaction per due account. Its id is the Discord snowflake, the key of every table: a new
// row (the remainder, `deleted-…`) takes the rows others' history and the law need, each owner deletes the rest, and
// the old row goes, so nothing stays under the Discord id and its next sign-in makes a new account.

export const ACCOUNT_DELETION_JOB = 'account-deletion';
/** Hourly, at minute 47 (apart from the other hourly jobs). */
const ACCOUNT_DELETION_CRON = '47 * * * *';
/** Accounts deleted per run at most; the rest wait for the next run (a deletion is a rare, modest transaction). */
const DELETIONS_PER_RUN = 50;

export type Deletion =
  | { userId: string; deleted: true; remainderId: string }
  /** Still pending: cancelled meanwhile, or the player is in an open match (their match needs its ten rows). */
  | { userId: string; deleted: false; reason: 'not_due' | 'in_match' };

const newRemainderId = () => `deleted-${randomBytes(8).toString('hex')}`;

/** Deletes one account whose grace period has ended, in the caller's transaction. */
export async function deleteAccount(work: Work, userId: string, now: number): Promise<Deletion> {
  const { tx, emit } = work;
  await leaveQueue(work, userId);
  const [user] = await lockUsers(tx, [userId]);
  if (!user || user.deletedAt !== null || user.deletionRequestedAt === null) {
    return { userId, deleted: false, reason: 'not_due' };
  }
  if (await isInOpenMatch(tx, userId)) return { userId, deleted: false, reason: 'in_match' };
  const remainderId = newRemainderId();
  await createRemainder(tx, user, remainderId, now);
  // Kept: moved to the remainder.
  await handOverMatchHistory(tx, userId, remainderId);
  await handOverSeasonRecords(tx, userId, remainderId);
  await handOverModeration(tx, userId, remainderId);
  const orders = await handOverOrders(tx, userId, remainderId);
  await anonymiseRankingEntries(tx, userId, remainderId, DELETED_PLAYER_NAME);
  // Removed.
  const removed = {
    ...(await forgetSignIn(tx, userId)),
    ...(await forgetNotifications(tx, userId)),
    evidence: await dropEvidence(tx, userId),
    badges: await dropOwnedBadges(tx, userId),
    achievements: await dropAchievements(tx, userId),
    // Their avoid list, and their place in others' lists (only their own list's size is counted).
    avoids: await forgetAvoids(tx, userId),
  };
  await removeUserRow(tx, userId);
  await recordAudit(tx, {
    actorId: userId,
    action: 'user.delete',
    targetType: 'user',
    targetId: userId,
    before: { deletion_requested_at: user.deletionRequestedAt },
    after: { anonymised_id: remainderId, orders_kept: orders, ...removed },
    now,
  });
  emit({ type: 'account.deleted', user_id: userId, anonymised_id: remainderId });
  return { userId, deleted: true, remainderId };
}

/** Deletes every account whose grace period has ended by now, each in its own transaction. */
export async function deleteDueAccounts(ctx: AppContext): Promise<Deletion[]> {
  const now = ctx.now();
  const due = await dueDeletions(ctx.db, now, DELETIONS_PER_RUN);
  const done: Deletion[] = [];
  for (const userId of due) done.push(await ctx.write((work) => deleteAccount(work, userId, now)));
  return done;
}

/** The hourly job (one instance, under its lock). */
export function defineAccountDeletion(ctx: AppContext) {
  return ctx.jobs.define({
    name: ACCOUNT_DELETION_JOB,
    schedule: { cron: ACCOUNT_DELETION_CRON },
    run: () => deleteDueAccounts(ctx),
  });
}
