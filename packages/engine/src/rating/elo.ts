import type { TeamSide } from '../settlement/types.ts';
import type { EloChange, RatingConfig } from './types.ts';

// Elo against the opposing team's average: the expectation and the clamped, rounded step that the displayed rate's
// rule keeps (see match.ts), and the whole rule the site used before the MMR (rateMatchElo), which the rating
// benchmark measures as "today's Elo".

/** A player as the team-average Elo sees them. */
export interface EloPlayer {
  user_id: string;
  rate: number;
}

type EloConfig = Pick<RatingConfig, 'kFactor' | 'minDelta' | 'maxDelta'>;

/** The site's Elo before the MMR: K = 40, changes clamped to 10–50. */
export const LEGACY_ELO: Readonly<EloConfig> = Object.freeze({ kFactor: 40, minDelta: 10, maxDelta: 50 });

/** Elo expected score of a player rated `rate` against an opponent (team average) rated `opponentRate`. */
export function expectedScore(rate: number, opponentRate: number): number {
  return 1 / (1 + 10 ** ((opponentRate - rate) / 400));
}

export function teamAverage(team: readonly { rate: number }[]): number {
  if (team.length === 0) throw new RangeError('teamAverage: empty team');
  let sum = 0;
  for (const player of team) sum += player.rate;
  return sum / team.length;
}

/**
 * Signed change K × (S − E) for an expected score E: rounded on its magnitude (half away from zero, so a win and a
 * loss round alike), then clamped in magnitude to [minDelta, maxDelta].
 */
export function clampedStep(
  expected: number,
  won: boolean,
  k: number,
  config: Pick<RatingConfig, 'minDelta' | 'maxDelta'>,
): number {
  const magnitude = Math.round(k * (won ? 1 - expected : expected));
  const clamped = Math.min(config.maxDelta, Math.max(config.minDelta, magnitude));
  return won ? clamped : -clamped;
}

/** Signed Elo change for one player against an opponent (team average) rated `opponentRate` (see clampedStep; K = 40 unless given). */
export function eloDelta(rate: number, opponentRate: number, won: boolean, config: Partial<EloConfig> = {}): number {
  const resolved = { ...LEGACY_ELO, ...config };
  return clampedStep(expectedScore(rate, opponentRate), won, resolved.kFactor, resolved);
}

/**
 * A match's two teams as a rating rule takes them: neither empty, every player's numbers usable (`invalid` names what
 * is wrong, or null), nobody twice. `rule` names the rule in the error.
 */
export function assertMatchTeams<P extends { user_id: string }>(
  rule: string,
  teams: { teamA: readonly P[]; teamB: readonly P[] },
  invalid: (player: P) => string | null,
): void {
  const seen = new Set<string>();
  for (const [side, team] of [['A', teams.teamA] as const, ['B', teams.teamB] as const]) {
    if (team.length === 0) throw new RangeError(`${rule}: team ${side} is empty`);
    for (const player of team) {
      const problem = invalid(player);
      if (problem) throw new RangeError(`${rule}: ${problem}`);
    }
  }
  for (const player of [...teams.teamA, ...teams.teamB]) {
    if (seen.has(player.user_id)) throw new RangeError(`${rule}: ${player.user_id} appears twice`);
    seen.add(player.user_id);
  }
}

/**
 * The site's rule before the MMR (K = 40, clamped to 10–50): rates a finished match (any team sizes ≥ 1) with each
 * player against the opposing team's average. `winner: null` (invalid match) changes nobody: delta 0, after = before.
 * Returns team A's players then team B's, in input order.
 */
export function rateMatchElo(
  input: { teamA: readonly EloPlayer[]; teamB: readonly EloPlayer[]; winner: TeamSide | null },
  config: Partial<EloConfig> = {},
): EloChange[] {
  const { teamA, teamB, winner } = input;
  assertMatchTeams('rateMatchElo', input, (p) =>
    Number.isFinite(p.rate) ? null : `rate of ${p.user_id} is not finite`,
  );
  const resolved = { ...LEGACY_ELO, ...config };
  const opponentAverage: Record<TeamSide, number> = { A: teamAverage(teamB), B: teamAverage(teamA) };
  const rateSide = (team: readonly EloPlayer[], side: TeamSide): EloChange[] =>
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
export function ratingChangesById<C extends { user_id: string }>(changes: readonly C[]): Map<string, C> {
  return new Map(changes.map((change) => [change.user_id, change]));
}
