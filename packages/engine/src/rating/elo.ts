import type { TeamSide } from '../settlement/types.ts';
import { resolveRatingConfig } from './config.ts';
import type { RatedPlayer, RateMatchInput, RatingChange, RatingConfig } from './types.ts';

/** Elo expected score of a player rated `rate` against an opponent (team average) rated `opponentRate`. */
export function expectedScore(rate: number, opponentRate: number): number {
  return 1 / (1 + 10 ** ((opponentRate - rate) / 400));
}

export function teamAverage(team: readonly RatedPlayer[]): number {
  if (team.length === 0) throw new RangeError('teamAverage: empty team');
  let sum = 0;
  for (const player of team) sum += player.rate;
  return sum / team.length;
}

/**
 * Signed rating change for one player: K × (S − E), rounded on its magnitude (half away from zero, so a
 * win and a loss round alike), then clamped in magnitude to [minDelta, maxDelta].
 */
export function eloDelta(rate: number, opponentRate: number, won: boolean, config: Partial<RatingConfig> = {}): number {
  const { kFactor, minDelta, maxDelta } = resolveRatingConfig(config);
  const expected = expectedScore(rate, opponentRate);
  const magnitude = Math.round(kFactor * (won ? 1 - expected : expected));
  const clamped = Math.min(maxDelta, Math.max(minDelta, magnitude));
  return won ? clamped : -clamped;
}

function assertTeam(team: readonly RatedPlayer[], side: TeamSide): void {
  if (team.length === 0) throw new RangeError(`rateMatch: team ${side} is empty`);
  for (const player of team) {
    if (!Number.isFinite(player.rate)) throw new RangeError(`rateMatch: rate of ${player.user_id} is not finite`);
  }
}

/**
 * Rates a finished 5v5 match (works for any team sizes >= 1). Each player is rated against the opposing
 * team's average. `winner: null` (invalid match) changes nobody: delta 0, after = before.
 * Returns team A's players then team B's, in input order.
 */
export function rateMatch(input: RateMatchInput, config: Partial<RatingConfig> = {}): RatingChange[] {
  const { teamA, teamB, winner } = input;
  assertTeam(teamA, 'A');
  assertTeam(teamB, 'B');
  const seen = new Set<string>();
  for (const player of [...teamA, ...teamB]) {
    if (seen.has(player.user_id)) throw new RangeError(`rateMatch: ${player.user_id} appears twice`);
    seen.add(player.user_id);
  }
  const resolved = resolveRatingConfig(config);
  const opponentAverage: Record<TeamSide, number> = { A: teamAverage(teamB), B: teamAverage(teamA) };
  const rateSide = (team: readonly RatedPlayer[], side: TeamSide): RatingChange[] =>
    team.map((player) => {
      const opponents = opponentAverage[side];
      const delta = winner === null ? 0 : eloDelta(player.rate, opponents, winner === side, resolved);
      return {
        user_id: player.user_id,
        team: side,
        before: player.rate,
        after: player.rate + delta,
        delta,
        expected: expectedScore(player.rate, opponents),
      };
    });
  return [...rateSide(teamA, 'A'), ...rateSide(teamB, 'B')];
}

/** The ranking is by max rate: it only ever rises. */
export function updateMaxRate(maxRate: number, rateAfter: number): number {
  return Math.max(maxRate, rateAfter);
}

/** Convenience lookup of changes by user id. */
export function ratingChangesById(changes: readonly RatingChange[]): Map<string, RatingChange> {
  return new Map(changes.map((change) => [change.user_id, change]));
}
