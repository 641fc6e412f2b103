import { INITIAL_RATE } from '@rankmatch/shared';
import { resolveRatingConfig } from './config.ts';
import { expectedScore } from './elo.ts';
import { rateMatch } from './match.ts';
import { mmrForSeason, mmrWinProbability } from './mmr.ts';
import type { MmrConfig, MmrState, RatingConfig } from './types.ts';

// Replaying recorded team matches (the real-results benchmark and the parameter fit): the record's format, the
// metrics, and the site's own ratings as predictors. Pure: the caller reads the file and passes its text, so a
// malformed line is reported by number without the engine touching the disk.

/** One recorded match, in time order: team A's and team B's player ids and the winner. */
export interface RecordedMatch {
  a: string[];
  b: string[];
  winner: 'A' | 'B';
  /** A new value starts a season (the MMR carries over, the displayed rate restarts, as on the site). */
  season?: string;
  /** Unix seconds. */
  time?: number;
  /**
   * Players whose change this match does not keep (the site's own record: a refunded player, whose rate and MMR the
   * refund took back). Not part of the JSONL format.
   */
  unrated?: readonly string[];
}

/** A record line the reader refused: `line` is 1-based. */
export class RecordError extends Error {
  constructor(
    readonly source: string,
    readonly line: number,
    problem: string,
  ) {
    super(`${source}:${line}: ${problem}`);
    this.name = 'RecordError';
  }
}

function parseLine(text: string): RecordedMatch | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return `not JSON (${(e as Error).message})`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  const o = value as Record<string, unknown>;
  const team = (key: 'a' | 'b'): string[] | string => {
    const t = o[key];
    if (!Array.isArray(t) || t.length === 0) return `"${key}" must be a non-empty array of player ids`;
    if (!t.every((id) => typeof id === 'string' && id.length > 0)) return `"${key}" must hold non-empty strings`;
    return t as string[];
  };
  const a = team('a');
  if (typeof a === 'string') return a;
  const b = team('b');
  if (typeof b === 'string') return b;
  if (o.winner !== 'A' && o.winner !== 'B') return `"winner" must be "A" or "B", got ${JSON.stringify(o.winner)}`;
  const seen = new Set<string>();
  for (const id of [...a, ...b]) {
    if (seen.has(id)) return `player ${JSON.stringify(id)} appears twice`;
    seen.add(id);
  }
  const match: RecordedMatch = { a, b, winner: o.winner };
  if (o.season !== undefined) {
    if (typeof o.season !== 'string') return '"season" must be a string';
    match.season = o.season;
  }
  if (o.time !== undefined) {
    if (typeof o.time !== 'number' || !Number.isFinite(o.time)) return '"time" must be a number (unix seconds)';
    match.time = o.time;
  }
  return match;
}

/** Parses a JSONL record (blank lines skipped); throws a RecordError naming the first malformed line. */
export function parseRecord(text: string, source: string): RecordedMatch[] {
  const matches: RecordedMatch[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (line === '') continue;
    const parsed = parseLine(line);
    if (typeof parsed === 'string') throw new RecordError(source, i + 1, parsed);
    matches.push(parsed);
  }
  if (matches.length === 0) throw new RecordError(source, lines.length, 'no matches in the record');
  return matches;
}

/** Scores of predictions P(A wins) against outcomes (1 = A won). */
export interface Scores {
  n: number;
  /** A 0.5 prediction counts as half right. */
  accuracy: number;
  logloss: number;
  brier: number;
}

const EPS = 1e-15;

export function scorePredictions(predictions: readonly number[], outcomes: readonly (0 | 1)[]): Scores {
  const n = predictions.length;
  let right = 0;
  let logloss = 0;
  let brier = 0;
  for (let i = 0; i < n; i++) {
    const p = predictions[i] as number;
    const y = outcomes[i] as 0 | 1;
    right += p === 0.5 ? 0.5 : p > 0.5 === (y === 1) ? 1 : 0;
    const q = Math.min(1 - EPS, Math.max(EPS, y === 1 ? p : 1 - p));
    logloss -= Math.log(q);
    brier += (p - y) ** 2;
  }
  return n === 0
    ? { n, accuracy: Number.NaN, logloss: Number.NaN, brier: Number.NaN }
    : { n, accuracy: right / n, logloss: logloss / n, brier: brier / n };
}

/** One decile of stated P(A wins): the matches in it, their mean stated chance and how often A won. */
export interface CalibrationBin {
  from: number;
  to: number;
  n: number;
  stated: number;
  won: number;
}

export function calibration(predictions: readonly number[], outcomes: readonly (0 | 1)[]): CalibrationBin[] {
  const bins = Array.from({ length: 10 }, (_, i) => ({ from: i / 10, to: (i + 1) / 10, n: 0, stated: 0, won: 0 }));
  predictions.forEach((p, i) => {
    const bin = bins[Math.min(9, Math.floor(p * 10))] as CalibrationBin;
    bin.n++;
    bin.stated += p;
    bin.won += outcomes[i] as number;
  });
  return bins.map((b) => (b.n === 0 ? b : { ...b, stated: b.stated / b.n, won: b.won / b.n }));
}

/** A rating system replayed on a record: predicts P(A wins) before each match, then learns its result. */
export interface Predictor {
  predict(match: RecordedMatch): number;
  learn(match: RecordedMatch): void;
}

/** Every match's prediction, in order, each made before the system learned that match. */
export function replay(matches: readonly RecordedMatch[], system: Predictor): number[] {
  return matches.map((m) => {
    const p = system.predict(m);
    system.learn(m);
    return p;
  });
}

export const outcomesOf = (matches: readonly RecordedMatch[]): (0 | 1)[] =>
  matches.map((m) => (m.winner === 'A' ? 1 : 0));

/** Records without seasons are one season. */
const seasonOf = (m: RecordedMatch) => m.season ?? '';

/**
 * What is known of a player before their first match of a replay. `sigma: null` marks a newcomer (their start rate
 * `mu` with the replayed configuration's σ₀); otherwise the belief their first match was rated from (a player who
 * already had an MMR: the site's own history before the replayed matches, or an imported rate).
 */
export interface StartBelief {
  mu: number;
  sigma: number | null;
}

/** Start beliefs by player id; a player not listed is a newcomer at INITIAL_RATE. */
export type StartBeliefs = ReadonlyMap<string, StartBelief>;

/** A player's belief for a match of `season`: their state, else what was known before their first match. */
function beliefOf(
  state: MmrState | undefined,
  start: StartBelief | undefined,
  season: string,
  config: MmrConfig,
): { mu: number; sigma: number } {
  if (state) return mmrForSeason(state, INITIAL_RATE, season, config);
  if (!start) return mmrForSeason(null, INITIAL_RATE, season, config);
  return start.sigma === null ? mmrForSeason(null, start.mu, season, config) : { mu: start.mu, sigma: start.sigma };
}

/** The hidden MMR, as the site keeps it (carried across seasons, widened at a player's first match of a season). */
export function mmrPredictor(config: MmrConfig, starts: StartBeliefs = new Map()): Predictor {
  const states = new Map<string, MmrState>();
  const beliefs = (ids: readonly string[], season: string) =>
    ids.map((id) => beliefOf(states.get(id), starts.get(id), season, config));
  const site = siteRatings(resolveRatingConfig({ mmr: config }), states, starts);
  return {
    predict: (m) => mmrWinProbability(beliefs(m.a, seasonOf(m)), beliefs(m.b, seasonOf(m)), config),
    learn: site.learn,
  };
}

/**
 * The site's two ratings replayed through rateMatch: the MMR in `states`, the displayed rate per season (from the
 * start rate at a player's first match of each season).
 */
function siteRatings(config: RatingConfig, states: Map<string, MmrState>, starts: StartBeliefs = new Map()) {
  const rates = new Map<string, { season: string; rate: number }>();
  const rateOf = (id: string, season: string) => {
    const r = rates.get(id);
    return r && r.season === season ? r.rate : INITIAL_RATE;
  };
  const players = (ids: readonly string[], season: string) =>
    ids.map((id) => ({
      user_id: id,
      rate: rateOf(id, season),
      mmr: beliefOf(states.get(id), starts.get(id), season, config.mmr),
    }));
  return {
    rateOf,
    learn(m: RecordedMatch): void {
      const season = seasonOf(m);
      const changes = rateMatch({ teamA: players(m.a, season), teamB: players(m.b, season), winner: m.winner }, config);
      for (const c of changes) {
        if (m.unrated?.includes(c.user_id)) continue;
        states.set(c.user_id, { ...c.mmr_after, season_id: season });
        rates.set(c.user_id, { season, rate: c.after });
      }
    },
  };
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** The displayed rate as a predictor: team-mean Elo expectation on the displayed rates. */
export function displayedPredictor(config: RatingConfig): Predictor {
  const site = siteRatings(config, new Map());
  return {
    predict: (m) =>
      expectedScore(
        mean(m.a.map((id) => site.rateOf(id, seasonOf(m)))),
        mean(m.b.map((id) => site.rateOf(id, seasonOf(m)))),
      ),
    learn: site.learn,
  };
}

/** Plain team Elo: every player moves by K × (result − expectation of the team means), no rounding or clamp. */
export function teamEloPredictor(k: number): Predictor {
  const rates = new Map<string, number>();
  const teamMean = (ids: readonly string[]) => mean(ids.map((id) => rates.get(id) ?? INITIAL_RATE));
  const expectA = (m: RecordedMatch) => expectedScore(teamMean(m.a), teamMean(m.b));
  return {
    predict: expectA,
    learn(m) {
      const step = k * ((m.winner === 'A' ? 1 : 0) - expectA(m));
      for (const id of m.a) rates.set(id, (rates.get(id) ?? INITIAL_RATE) + step);
      for (const id of m.b) rates.set(id, (rates.get(id) ?? INITIAL_RATE) - step);
    },
  };
}
