import { TEAM_SIZE } from '@rankmatch/shared';
import { normalCdf, winMeanShift, winVarianceShrink } from './gaussian.ts';
import type { Mmr, MmrConfig, MmrState } from './types.ts';

// The hidden matchmaking rating (MMR): a Gaussian belief N(μ, σ²) about each player's skill, on the displayed rate's
// scale, updated by the two-team case of TrueSkill (Herbrich, Minka and Graepel 2006), which is exact for two teams.
// A team's performance is the weighted sum of its players' performances, each drawn around their skill with spread β;
// the winner's performance was the larger. The site weighs each player 1/(team size): a team is as strong as its
// players' mean, which is how the simulation (and Elo against a team's average) sees a match. Every player's belief
// moves by their share of the uncertainty (σ²): an unsure player learns fast, a known one barely moves.
// β is a player's spread in a team of five (the site's). A team of n players' mean would vary β/√n around its
// strength, so an 11-a-side match would look three times surer than a 2v2: a player's spread is β√(n/5) instead, and a
// team's performance varies as much whatever its size (on the site, always five, nothing changes; on the real
// records of other sizes it is what lets one β fit them all: docs/ratings.md).

/** One player in the general update: a belief and the weight of their performance in their team's (1 = TrueSkill's). */
export interface GaussianPlayer {
  mu: number;
  sigma: number;
  weight?: number;
  /** Spread of this player's performance (the rules' β when absent). */
  beta?: number;
}

export interface GaussianRules {
  /** Spread of one player's performance around their skill. */
  beta: number;
  /** Added in quadrature to every σ before the match (skills drift). */
  tau: number;
  /** A win needs the performance difference to pass this margin (TrueSkill's draw margin; the site has no draws: 0). */
  drawMargin: number;
}

/** The new beliefs after `winners` beat `losers` (each list in input order). */
export function gaussianWin(
  winners: readonly GaussianPlayer[],
  losers: readonly GaussianPlayer[],
  rules: GaussianRules,
): { winners: Mmr[]; losers: Mmr[] } {
  if (winners.length === 0 || losers.length === 0) throw new RangeError('gaussianWin: a team is empty');
  const prior = (p: GaussianPlayer) => ({
    mu: p.mu,
    variance: p.sigma ** 2 + rules.tau ** 2,
    weight: p.weight ?? 1,
    beta: p.beta ?? rules.beta,
  });
  const w = winners.map(prior);
  const l = losers.map(prior);
  let variance = 0;
  let difference = 0;
  for (const p of w) {
    variance += p.weight ** 2 * (p.variance + p.beta ** 2);
    difference += p.weight * p.mu;
  }
  for (const p of l) {
    variance += p.weight ** 2 * (p.variance + p.beta ** 2);
    difference -= p.weight * p.mu;
  }
  const c = Math.sqrt(variance);
  const t = (difference - rules.drawMargin) / c;
  const v = winMeanShift(t);
  const shrink = winVarianceShrink(t);
  const update = (p: ReturnType<typeof prior>, sign: 1 | -1): Mmr => ({
    mu: p.mu + sign * ((p.weight * p.variance) / c) * v,
    sigma: Math.sqrt(p.variance * Math.max(0, 1 - ((p.weight ** 2 * p.variance) / variance) * shrink)),
  });
  return { winners: w.map((p) => update(p, 1)), losers: l.map((p) => update(p, -1)) };
}

const rulesOf = (config: MmrConfig): GaussianRules => ({ beta: config.beta, tau: config.tau, drawMargin: 0 });

/** A player's performance spread in a team of `size`: β at the site's five, so that a team's spread is β/√5. */
export const playerBeta = (config: MmrConfig, size: number): number => config.beta * Math.sqrt(size / TEAM_SIZE);

const weighted = (team: readonly Mmr[], config: MmrConfig): GaussianPlayer[] => {
  const beta = playerBeta(config, team.length);
  return team.map((p) => ({ mu: p.mu, sigma: p.sigma, weight: 1 / team.length, beta }));
};

/**
 * The site's update of one settled match: team means, no draws. `winner: null` (a void match) changes nobody.
 * Returns team A's beliefs then team B's, in input order.
 */
export function updateMmr(
  teamA: readonly Mmr[],
  teamB: readonly Mmr[],
  winner: 'A' | 'B' | null,
  config: MmrConfig,
): { teamA: Mmr[]; teamB: Mmr[] } {
  if (winner === null) return { teamA: teamA.map((p) => ({ ...p })), teamB: teamB.map((p) => ({ ...p })) };
  const [won, lost] = winner === 'A' ? [teamA, teamB] : [teamB, teamA];
  const result = gaussianWin(weighted(won, config), weighted(lost, config), rulesOf(config));
  return winner === 'A'
    ? { teamA: result.winners, teamB: result.losers }
    : { teamA: result.losers, teamB: result.winners };
}

/** Team A's chance of winning as the MMR sees it: Φ(mean difference / its spread). */
export function mmrWinProbability(teamA: readonly Mmr[], teamB: readonly Mmr[], config: MmrConfig): number {
  let variance = 0;
  let difference = 0;
  for (const [team, sign] of [
    [teamA, 1],
    [teamB, -1],
  ] as const) {
    const beta = playerBeta(config, team.length);
    for (const p of team) {
      variance += (p.sigma ** 2 + config.tau ** 2 + beta ** 2) / team.length ** 2;
      difference += (sign * p.mu) / team.length;
    }
  }
  return normalCdf(difference / Math.sqrt(variance));
}

/** A belief counts as a guess while its σ is within this share of a newcomer's. */
export const UNCERTAIN_SIGMA_SHARE = 0.9;

/**
 * Whether a player's rating is still a guess, for the waves (they spread such players over both teams): provisional
 * this season (fewer than `provisionalMatches` rated matches) and their MMR barely learnt yet (σ ≥ 90 % of a
 * newcomer's). A returning player whose MMR is known is not one, whatever their season count.
 */
export function isUncertainMmr(
  belief: Mmr,
  seasonMatches: number,
  provisionalMatches: number,
  config: MmrConfig,
): boolean {
  return seasonMatches < provisionalMatches && belief.sigma >= UNCERTAIN_SIGMA_SHARE * config.initialSigma;
}

/** A newcomer's belief: their start rate, with the initial uncertainty. */
export function initialMmr(startRate: number, config: MmrConfig): Mmr {
  return { mu: startRate, sigma: config.initialSigma };
}

/**
 * The belief a match of `seasonId` is rated from. The MMR is carried across seasons; at a player's first rated match
 * of another season their σ widens by `seasonSigma` (in quadrature, never past the newcomer's), since skills move
 * between seasons. A player without a belief starts from their start rate.
 */
export function mmrForSeason(state: MmrState | null, startRate: number, seasonId: string, config: MmrConfig): Mmr {
  if (state === null) return initialMmr(startRate, config);
  if (state.season_id === seasonId) return { mu: state.mu, sigma: state.sigma };
  return {
    mu: state.mu,
    sigma: Math.min(Math.max(state.sigma, config.initialSigma), Math.hypot(state.sigma, config.seasonSigma)),
  };
}
