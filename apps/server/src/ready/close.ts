import { and, eq, inArray, isNull } from 'drizzle-orm';
import { readyCheckPlayers, readyChecks } from '../db/schema.ts';
import type { ReadyCheckState } from '../events/bus.ts';
import type { Work } from '../events/unit.ts';
import { createMatches, type NewMatch } from '../matches/create.ts';
import { dropEntries, heldBy, releaseEntries, removeEntries } from '../queue/service.ts';
import { penaliseNoShows } from './no-show.ts';
import { checkState, type PlayerOutcome } from './presenter.ts';
import { type CheckPlayer, type CheckRow, playersOf } from './queries.ts';

// How a ready check ends: started (the tenth press makes the match) or failed (the deadline passed, or a player left
// the queue). The caller holds the queue lock (shared) and the check's row lock, in that order, as the wave takes the
// queue lock first; a join waits on its own entry's row, so it sees what a start or failure made of it.

/** Why a check fails: its deadline passed (who did not press is to blame), or these players left its queue. */
export type FailCause = { kind: 'deadline' } | { kind: 'left'; userIds: readonly string[] };

/**
 * All ten pressed: the match as the wave planned it, its lobby timers from now; the entries go. A player whose
 * entry is no longer held (banned, or an admin emptied the queue meanwhile) cannot play: the check fails instead.
 */
export async function startCheck(work: Work, check: CheckRow, now: number): Promise<ReadyCheckState> {
  const { tx, emit } = work;
  const players = await playersOf(tx, check.id);
  const held = new Set(await heldBy(tx, check.id));
  const gone = players.filter((p) => !held.has(p.userId)).map((p) => p.userId);
  if (gone.length > 0) return failCheck(work, check, now, { kind: 'left', userIds: gone });
  // The plan is the NewMatch the wave's engine made (open.ts stores it as is).
  const plan = check.plan as unknown as NewMatch;
  const [created] = await createMatches(
    work,
    { seasonId: check.seasonId, waveId: check.waveId, now, readyCheckId: check.id },
    [plan],
  );
  if (!created) throw new Error('ready check: no match created');
  const userIds = players.map((p) => p.userId);
  await removeEntries(tx, userIds);
  const [closed] = await tx
    .update(readyChecks)
    .set({ status: 'started', closedAt: now, matchId: Number(created.id) })
    .where(eq(readyChecks.id, check.id))
    .returning();
  await tx.update(readyCheckPlayers).set({ isOpen: false }).where(eq(readyCheckPlayers.readyCheckId, check.id));
  const state = checkState(closed ?? check, players);
  emit({ type: 'ready.started', check: state }, { type: 'queue.changed' });
  return state;
}

/**
 * No match: the players not to blame go back to the queue (their join time and missed waves kept: the waves put them
 * first), the others leave it with their escalating timeout. Blame is kept in ready_at, which the misses count: a
 * culprit's is cleared (a leaver who had pressed), and a blameless player who had not pressed yet (another player
 * left before the deadline) gets a second after the close, which no press can have.
 */
export async function failCheck(work: Work, check: CheckRow, now: number, cause: FailCause): Promise<ReadyCheckState> {
  const { tx, emit } = work;
  const before = await playersOf(tx, check.id);
  const culprits = new Set(
    cause.kind === 'deadline' ? before.filter((p) => p.readyAt === null).map((p) => p.userId) : cause.userIds,
  );
  const blameless = before.filter((p) => !culprits.has(p.userId)).map((p) => p.userId);
  const [closed] = await tx
    .update(readyChecks)
    .set({ status: 'failed', closedAt: now })
    .where(eq(readyChecks.id, check.id))
    .returning();
  await markBlame(work, check.id, [...culprits], blameless, now);
  await releaseEntries(tx, check.id, blameless);
  await dropEntries(work, [...culprits]);
  const timeouts = await penaliseNoShows(work, [...culprits], now);
  const outcomes = new Map<string, PlayerOutcome>(
    before.map((p) => [
      p.userId,
      culprits.has(p.userId)
        ? { outcome: 'removed', timeoutUntil: timeouts.get(p.userId) ?? null }
        : { outcome: 'requeued', timeoutUntil: null },
    ]),
  );
  // The view shows who had actually pressed, whatever blame marks the rows now carry.
  const state = checkState(closed ?? check, before, outcomes);
  state.players = state.players.map((p) => ({ ...p, ready: pressedBefore(before, p.user_id) }));
  emit({ type: 'ready.failed', check: state }, { type: 'queue.changed' });
  return state;
}

const pressedBefore = (players: readonly CheckPlayer[], userId: string): boolean =>
  players.find((p) => p.userId === userId)?.readyAt != null;

/** Closes the players' rows and writes the blame marks (see failCheck). */
async function markBlame(
  { tx }: Work,
  readyCheckId: number,
  culprits: readonly string[],
  blameless: readonly string[],
  now: number,
): Promise<void> {
  const ofCheck = eq(readyCheckPlayers.readyCheckId, readyCheckId);
  await tx.update(readyCheckPlayers).set({ isOpen: false }).where(ofCheck);
  if (culprits.length > 0) {
    await tx
      .update(readyCheckPlayers)
      .set({ readyAt: null })
      .where(and(ofCheck, inArray(readyCheckPlayers.userId, [...culprits])));
  }
  if (blameless.length > 0) {
    await tx
      .update(readyCheckPlayers)
      .set({ readyAt: now + 1 })
      .where(and(ofCheck, inArray(readyCheckPlayers.userId, [...blameless]), isNull(readyCheckPlayers.readyAt)));
  }
}
