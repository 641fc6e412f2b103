import type { ReadyCheck } from '@rankmatch/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { readyCheckPlayers } from '../db/schema.ts';
import type { ReadyCheckState } from '../events/bus.ts';
import type { Work } from '../events/unit.ts';
import { AppError } from '../http/errors.ts';
import { holdOf, lockQueue } from '../queue/service.ts';
import { failCheck, startCheck } from './close.ts';
import { checkState, viewOf } from './presenter.ts';
import { type CheckRow, lockCheck, openChecks, playersOf } from './queries.ts';

// What players (and the deadline job, and the admin's test tool) do to an open check. Every path takes the queue lock
// first (shared: checks wait only for waves, and presses of different checks for nothing) and the check's row lock
// second; a join locks its own entry before its rule, so it never re-creates an entry a start or failure removed.

/**
 * A player presses 準備完了: refused once the deadline has come (even before the job closed the check), 404 for a
 * check that is not theirs; a second press answers the same. The tenth press starts the match.
 */
export async function pressReady(work: Work, userId: string, readyCheckId: number, now: number): Promise<ReadyCheck> {
  const { tx, emit } = work;
  await lockQueue(tx, 'join');
  const check = await lockCheck(tx, readyCheckId);
  const players = check ? await playersOf(tx, check.id) : [];
  const me = players.find((p) => p.userId === userId);
  if (!check || !me) throw new AppError('READY_CHECK_NOT_FOUND');
  if (check.status === 'failed') throw new AppError('READY_CHECK_CLOSED');
  if (me.readyAt !== null) return viewOf(checkState(check, players), userId);
  if (check.status !== 'open' || now >= check.deadlineAt) throw new AppError('READY_CHECK_CLOSED');
  await markReady(tx, check.id, [userId], now);
  me.readyAt = now;
  const state = await afterPresses(work, check, now);
  if (state.status === 'open') emit({ type: 'ready.pressed', check: state });
  return viewOf(state, userId);
}

/** Starts the check when every player has pressed; its state either way. */
async function afterPresses(work: Work, check: CheckRow, now: number): Promise<ReadyCheckState> {
  const players = await playersOf(work.tx, check.id);
  if (players.every((p) => p.readyAt !== null)) return startCheck(work, check, now);
  return checkState(check, players);
}

async function markReady(tx: Tx, readyCheckId: number, userIds: readonly string[], now: number): Promise<void> {
  await tx
    .update(readyCheckPlayers)
    .set({ readyAt: now })
    .where(
      and(
        eq(readyCheckPlayers.readyCheckId, readyCheckId),
        inArray(readyCheckPlayers.userId, [...userIds]),
        isNull(readyCheckPlayers.readyAt),
      ),
    );
}

/**
 * A player leaves the queue while a check holds their entry: the check fails at once, for everyone, with the leaver
 * as its no-show. Past the deadline the job's rule applies instead (it fails the check within seconds).
 */
export async function leaveDuringCheck(work: Work, userId: string, now: number): Promise<void> {
  await lockQueue(work.tx, 'join');
  const held = await holdOf(work.tx, userId);
  if (held === null) return;
  const check = await lockCheck(work.tx, held);
  if (check?.status !== 'open' || now >= check.deadlineAt) return;
  // The leave may have waited for the wave that opened the check: it closes no earlier than it opened.
  await failCheck(work, check, Math.max(now, check.openedAt), { kind: 'left', userIds: [userId] });
}

/** The deadline job's transaction: the listed checks whose deadline has come fail; resolves how many. */
export async function closeOverdue(work: Work, due: readonly number[], now: number): Promise<number> {
  await lockQueue(work.tx, 'join');
  let closed = 0;
  for (const id of due) {
    const check = await lockCheck(work.tx, id);
    // A press or a leave may have closed it since the list was read.
    if (check?.status !== 'open') continue;
    await failCheck(work, check, now, { kind: 'deadline' });
    closed += 1;
  }
  return closed;
}

/** The admin's test tool: every test account in an open check (within its time) presses; complete checks start. */
export async function readyAllTestAccounts(
  work: Work,
  now: number,
): Promise<{ readied: number; started_matches: string[] }> {
  await lockQueue(work.tx, 'join');
  let readied = 0;
  const started: string[] = [];
  for (const id of await openChecks(work.tx, now)) {
    const check = await lockCheck(work.tx, id);
    if (check?.status !== 'open') continue;
    const waiting = (await playersOf(work.tx, id)).filter((p) => p.isDummy && p.readyAt === null);
    if (waiting.length === 0) continue;
    await markReady(
      work.tx,
      id,
      waiting.map((p) => p.userId),
      now,
    );
    readied += waiting.length;
    const state = await afterPresses(work, check, now);
    if (state.status === 'open') work.emit({ type: 'ready.pressed', check: state });
    if (state.match_id !== null) started.push(state.match_id);
  }
  return { readied, started_matches: started };
}
