import type { TeamSide } from '../settlement/types.ts';
import { rateMatch } from './elo.ts';
import type { RatingConfig } from './types.ts';

// An admin corrects (or voids) a settled match. The match is re-rated from the rates its players had when it
// settled (rate_after − rate_delta), with the new winner. Later matches are not re-rated: each player's rating from
// that match on is shifted by the difference between the new and the old change, so the effect is bounded by one
// match's change (at most 2 × maxDelta) and later Elo calculations, which used the old rates, stand as played.

export interface SettledPlayer {
  user_id: string;
  team: TeamSide;
  /** The rate after the match as settled. */
  rate_after: number;
  /** The change the settlement gave (0 for a void match). */
  rate_delta: number;
}

export interface PlayerCorrection {
  user_id: string;
  /** The rate the match was rated from. */
  before: number;
  old_delta: number;
  new_delta: number;
  /** What every later rate of this player moves by: new_delta − old_delta. */
  shift: number;
  /** −1, 0 or +1 to the season's win count. */
  wins: number;
  /** −1, 0 or +1 to the season's match count (a void match counts for nothing). */
  matches: number;
}

export function correctMatch(
  players: readonly SettledPlayer[],
  oldWinner: TeamSide | null,
  newWinner: TeamSide | null,
  config: Partial<RatingConfig> = {},
): PlayerCorrection[] {
  const before = (p: SettledPlayer) => p.rate_after - p.rate_delta;
  const side = (team: TeamSide) =>
    players.filter((p) => p.team === team).map((p) => ({ user_id: p.user_id, rate: before(p) }));
  const changes = new Map(
    rateMatch({ teamA: side('A'), teamB: side('B'), winner: newWinner }, config).map((c) => [c.user_id, c.delta]),
  );
  const won = (winner: TeamSide | null, team: TeamSide) => (winner === team ? 1 : 0);
  const counted = (winner: TeamSide | null) => (winner === null ? 0 : 1);
  return players.map((p) => {
    const newDelta = changes.get(p.user_id) ?? 0;
    return {
      user_id: p.user_id,
      before: before(p),
      old_delta: p.rate_delta,
      new_delta: newDelta,
      shift: newDelta - p.rate_delta,
      wins: won(newWinner, p.team) - won(oldWinner, p.team),
      matches: counted(newWinner) - counted(oldWinner),
    };
  });
}
