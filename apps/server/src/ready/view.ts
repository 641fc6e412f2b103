import type { ReadyCheck } from '@rankmatch/shared';
import type { Executor } from '../db/client.ts';
import { noShowTimeouts } from './no-show.ts';
import { checkState, type PlayerOutcome, viewOf } from './presenter.ts';
import { latestCheckOf, playersOf } from './queries.ts';

/**
 * GET /api/queue/ready-check: the player's open check, or the one that closed in the last minutes, as the pushes
 * showed it (a reload or a second tab sees the same). A failed check's outcome is read back from the blame marks.
 */
export async function myReadyCheck(db: Executor, userId: string, now: number): Promise<ReadyCheck | null> {
  const check = await latestCheckOf(db, userId, now);
  if (!check) return null;
  const players = await playersOf(db, check.id);
  const outcomes = new Map<string, PlayerOutcome>();
  const me = players.find((p) => p.userId === userId);
  if (check.status === 'failed' && check.closedAt !== null && me) {
    const removed = me.readyAt === null;
    const timeoutUntil = removed ? ((await noShowTimeouts(db, [userId], check.closedAt)).get(userId) ?? null) : null;
    outcomes.set(userId, { outcome: removed ? 'removed' : 'requeued', timeoutUntil });
  }
  return viewOf(checkState(check, players, outcomes), userId);
}
