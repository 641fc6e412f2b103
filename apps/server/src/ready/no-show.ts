import { noShowTimeoutMinutes, READY_CHECK_NO_SHOW_REASON } from '@rankmatch/shared';
import type { Executor } from '../db/client.ts';
import type { Work } from '../events/unit.ts';
import { suspend } from '../trust/suspensions.ts';
import { missCounts } from './queries.ts';

// The escalating matching timeout of the players who did not answer a ready check: their misses in the last days
// (this one included) give the step (READY_NO_SHOW_TIMEOUT_MINUTES: a warning only, then longer timeouts), recorded
// as a matching suspension of kind ready_check (trust/suspensions.ts), which the queue's join rule and waves read.

/** When a no-show's timeout ends after a check that failed at `at` (null: a warning only). */
export async function noShowTimeouts(
  db: Executor,
  userIds: readonly string[],
  at: number,
): Promise<Map<string, number | null>> {
  const misses = await missCounts(db, userIds, at);
  return new Map(
    userIds.map((id) => {
      const minutes = noShowTimeoutMinutes(misses.get(id) ?? 0);
      return [id, minutes > 0 ? at + minutes * 60 : null];
    }),
  );
}

/** Suspends the no-shows of a check that failed now (its rows already say failed); resolves each one's timeout. */
export async function penaliseNoShows(
  work: Work,
  userIds: readonly string[],
  now: number,
): Promise<Map<string, number | null>> {
  const timeouts = await noShowTimeouts(work.tx, userIds, now);
  for (const [userId, endsAt] of timeouts) {
    if (endsAt === null) continue;
    await suspend(work, { userId, kind: 'ready_check', reason: READY_CHECK_NO_SHOW_REASON, now, endsAt });
  }
  return timeouts;
}
