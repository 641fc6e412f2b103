import type { TeamSide } from '../settlement/types.ts';
import { resolveRatingConfig } from './config.ts';
import { assertMatchTeams, clampedStep } from './elo.ts';
import { mmrWinProbability, updateMmr } from './mmr.ts';
import type { Mmr, RatedPlayer, RateMatchInput, RatingChange, RatingConfig } from './types.ts';

// The displayed rate: Elo-style (K × (result − expectation), rounded, clamped to minDelta–maxDelta), but it learns
// from the MMR instead of forgetting. The expectation is the player's team's chance of winning as the MMR sees it,
// moved up when the displayed rate lies above the player's MMR and down when below, so a rate that is too high gains
// little for a win and loses much for a loss (and the reverse): the displayed rate follows the MMR. K is large for
// the change toward the MMR while the displayed rate is far from it in units of its uncertainty (a returning player
// after the season's reset, a newcomer whose results pull the MMR away) and small once they agree, so a settled rate
// no longer walks ±20.

/** The player's expected score: their team's MMR win chance `teamChance`, moved by the gap rate − μ. */
export function displayedExpectation(rate: number, mmr: Mmr, teamChance: number, config: RatingConfig): number {
  const odds = (teamChance / (1 - teamChance)) * 10 ** ((rate - mmr.mu) / config.gapScale);
  return odds / (1 + odds);
}

/**
 * The K of one player's change: kFactor, rising linearly to provisionalKFactor at provisionalSigmas × σ between the
 * displayed rate and the MMR — for the change that moves the rate toward the MMR only (a win below it, a loss above
 * it). The other result keeps kFactor, so a rate far from the MMR catches up fast without swinging wider.
 */
export function kOf(rate: number, mmr: Mmr, won: boolean, config: RatingConfig): number {
  const toward = won ? rate < mmr.mu : rate > mmr.mu;
  const away = toward ? Math.min(1, Math.abs(rate - mmr.mu) / (config.provisionalSigmas * mmr.sigma)) : 0;
  return Math.round(config.kFactor + (config.provisionalKFactor - config.kFactor) * away);
}

/**
 * Rates a finished match (any team sizes ≥ 1): each player's displayed rate change and new MMR. `winner: null`
 * (an invalid match) changes nobody. Returns team A's players then team B's, in input order.
 */
export function rateMatch(input: RateMatchInput, config: Partial<RatingConfig> = {}): RatingChange[] {
  const { teamA, teamB, winner } = input;
  assertMatchTeams('rateMatch', input, ({ user_id, rate, mmr }) =>
    Number.isFinite(rate) && Number.isFinite(mmr.mu) && mmr.sigma > 0 ? null : `ratings of ${user_id} are not finite`,
  );
  const resolved = resolveRatingConfig(config);
  const beliefs = (team: readonly RatedPlayer[]) => team.map((p) => p.mmr);
  const chanceA = mmrWinProbability(beliefs(teamA), beliefs(teamB), resolved.mmr);
  const updated = updateMmr(beliefs(teamA), beliefs(teamB), winner, resolved.mmr);
  const rateSide = (team: readonly RatedPlayer[], side: TeamSide, after: Mmr[]): RatingChange[] =>
    team.map((player, i) => {
      const expected = displayedExpectation(player.rate, player.mmr, side === 'A' ? chanceA : 1 - chanceA, resolved);
      const won = winner === side;
      const k = winner === null ? 0 : kOf(player.rate, player.mmr, won, resolved);
      const delta = winner === null ? 0 : clampedStep(expected, won, k, resolved);
      return {
        user_id: player.user_id,
        team: side,
        before: player.rate,
        after: player.rate + delta,
        delta,
        expected,
        k,
        mmr_before: player.mmr,
        mmr_after: after[i] as Mmr,
      };
    });
  return [...rateSide(teamA, 'A', updated.teamA), ...rateSide(teamB, 'B', updated.teamB)];
}
