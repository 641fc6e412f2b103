import type { TeamSide } from '../settlement/types.ts';
import { rateMatch } from './match.ts';
import type { Mmr, RatingConfig } from './types.ts';

// An admin corrects (or voids) a settled match. The match is re-rated from the ratings its players had when it
// settled — the displayed rate (rate_after − rate_delta) and the MMR it was rated from (stored with the match) — with
// the new winner. Later matches are not re-rated: each player's displayed rate from that match on is shifted by the
// difference between the new and the old change, and their current MMR by the difference between the beliefs the
// match gives with the new and with the old result. The effect is bounded by one match's change (at most 2 × maxDelta
// for the displayed rate), and later calculations, which used the old ratings, stand as played.
//
// A refund (a teammate left or stayed AFK) takes one player's change of the match back the same way, as if the match
// had not counted for them; their team-mates and opponents keep theirs, rated with them in the match as it was played.

export interface SettledPlayer {
  user_id: string;
  team: TeamSide;
  /** The displayed rate after the match as settled. */
  rate_after: number;
  /** The change the settlement gave (0 for a void match). */
  rate_delta: number;
  /** The MMR the match was rated from. */
  mmr: Mmr;
  /** The match's change was given back to this player (a refund): the match counts for nothing for them. */
  refunded?: boolean;
}

export interface PlayerCorrection {
  user_id: string;
  /** The displayed rate the match was rated from. */
  before: number;
  old_delta: number;
  new_delta: number;
  /** What every later displayed rate of this player moves by: new_delta − old_delta. */
  shift: number;
  /** What the player's current MMR moves by: the match's new belief − its old one. */
  mmr_shift: Mmr;
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
    players.filter((p) => p.team === team).map((p) => ({ user_id: p.user_id, rate: before(p), mmr: p.mmr }));
  const rated = (winner: TeamSide | null) =>
    new Map(rateMatch({ teamA: side('A'), teamB: side('B'), winner }, config).map((c) => [c.user_id, c]));
  const old = rated(oldWinner);
  const fresh = rated(newWinner);
  const won = (winner: TeamSide | null, team: TeamSide) => (winner === team ? 1 : 0);
  const counted = (winner: TeamSide | null) => (winner === null ? 0 : 1);
  return players.map((p) => {
    // A refund holds whatever the result becomes: the match never counts for this player again.
    if (p.refunded) return unchanged(p);
    const now = fresh.get(p.user_id);
    const was = old.get(p.user_id);
    const newDelta = now?.delta ?? 0;
    return {
      user_id: p.user_id,
      before: before(p),
      old_delta: p.rate_delta,
      new_delta: newDelta,
      shift: newDelta - p.rate_delta,
      mmr_shift: {
        mu: (now?.mmr_after.mu ?? p.mmr.mu) - (was?.mmr_after.mu ?? p.mmr.mu),
        sigma: (now?.mmr_after.sigma ?? p.mmr.sigma) - (was?.mmr_after.sigma ?? p.mmr.sigma),
      },
      wins: won(newWinner, p.team) - won(oldWinner, p.team),
      matches: counted(newWinner) - counted(oldWinner),
    };
  });
}

function unchanged(p: SettledPlayer): PlayerCorrection {
  const before = p.rate_after - p.rate_delta;
  return {
    user_id: p.user_id,
    before,
    old_delta: p.rate_delta,
    new_delta: p.rate_delta,
    shift: 0,
    mmr_shift: { mu: 0, sigma: 0 },
    wins: 0,
    matches: 0,
  };
}

/**
 * Gives the chosen players their change of the match back (`winner` is the result the match stands on now): each
 * one's rate loses the change and every later rate shifts by it, the match and a win leave their season numbers, and
 * their current MMR moves by the update the match gave them, as correctMatch does for a void match. Players already
 * refunded, or not named, are left out.
 */
export function refundPlayers(
  players: readonly SettledPlayer[],
  winner: TeamSide | null,
  userIds: readonly string[],
  config: Partial<RatingConfig> = {},
): PlayerCorrection[] {
  const wanted = new Set(userIds);
  const voided = new Map(correctMatch(players, winner, null, config).map((c) => [c.user_id, c]));
  return players
    .filter((p) => wanted.has(p.user_id) && !p.refunded)
    .map((p) => voided.get(p.user_id) as PlayerCorrection);
}

/** A player of a settled match as a refund sees them. */
export interface RefundCandidate {
  user_id: string;
  team: TeamSide;
  rate_delta: number;
  refunded: boolean;
}

/**
 * Whom a leaver's refund is for: the leaver's team-mates who lost rate in the match, apart from those already refunded
 * and those who are themselves to blame (`excluded`: confirmed leavers, players the match penalised).
 */
export function refundTargets(
  players: readonly RefundCandidate[],
  leaverId: string,
  excluded: readonly string[] = [],
): string[] {
  const leaver = players.find((p) => p.user_id === leaverId);
  if (!leaver) return [];
  const skip = new Set([leaverId, ...excluded]);
  return players
    .filter((p) => p.team === leaver.team && !skip.has(p.user_id) && !p.refunded && p.rate_delta < 0)
    .map((p) => p.user_id);
}

/** A player's current MMR moved by a correction's shift (σ stays positive). */
export function shiftMmr(current: Mmr, shift: Mmr): Mmr {
  return { mu: current.mu + shift.mu, sigma: Math.max(1, current.sigma + shift.sigma) };
}
