import type { ReadyCheck, ReadyCheckOutcome, ReadyCheckStatus } from '@rankmatch/shared';
import type { ReadyCheckState } from '../events/bus.ts';
import type { CheckPlayer, CheckRow } from './queries.ts';

// A ready check as its players see it. The state (one per check, carried by the ready.* events to every instance)
// holds every player's outcome; each player's view picks theirs.

/** What became of one player of a failed check. */
export interface PlayerOutcome {
  outcome: ReadyCheckOutcome;
  timeoutUntil: number | null;
}

/**
 * Whether a player pressed: in a failed check, a ready_at after the close is the mark of a player released without
 * blame (close.ts), not a press.
 */
const pressed = (check: CheckRow, p: CheckPlayer): boolean =>
  p.readyAt !== null && (check.status !== 'failed' || check.closedAt === null || p.readyAt <= check.closedAt);

const byUserId = (a: CheckPlayer, b: CheckPlayer) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);

export function checkState(
  check: CheckRow,
  players: readonly CheckPlayer[],
  outcomes: ReadonlyMap<string, PlayerOutcome> = new Map(),
): ReadyCheckState {
  return {
    ready_check_id: String(check.id),
    status: check.status as ReadyCheckStatus,
    opened_at: check.openedAt,
    deadline_at: check.deadlineAt,
    match_id: check.matchId === null ? null : String(check.matchId),
    // One order everywhere (the database's collation may sort ids otherwise): by user id, as code units.
    players: [...players].sort(byUserId).map((p) => ({
      user_id: p.userId,
      trainer_name: p.trainerName,
      ready: pressed(check, p),
      outcome: outcomes.get(p.userId)?.outcome ?? null,
      timeout_until: outcomes.get(p.userId)?.timeoutUntil ?? null,
    })),
  };
}

/** One player's view of a check (the reply and the `readyCheck` push). */
export function viewOf(state: ReadyCheckState, userId: string): ReadyCheck {
  const me = state.players.find((p) => p.user_id === userId);
  const failed = state.status === 'failed';
  return {
    ready_check_id: state.ready_check_id,
    status: state.status,
    opened_at: state.opened_at,
    deadline_at: state.deadline_at,
    players: state.players.map(({ user_id, trainer_name, ready }) => ({ user_id, trainer_name, ready })),
    ready_count: state.players.filter((p) => p.ready).length,
    me_ready: me?.ready ?? false,
    match_id: state.match_id,
    my_outcome: failed ? (me?.outcome ?? null) : null,
    timeout_until: failed ? (me?.timeout_until ?? null) : null,
  };
}
