// Per-wave metrics (like lichess's pairing records): counts, per-match quality, role satisfaction, waits.
import type { Match, MatchPlayer, MatchQuality, PlayerWait, WaveMetrics } from './types.ts';

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

function max(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let m = Number.NEGATIVE_INFINITY;
  for (const v of values) if (v > m) m = v;
  return m;
}

export function matchPlayers(match: Match): MatchPlayer[] {
  return [...match.team_a.players, ...match.team_b.players];
}

export function matchQuality(match: Match): MatchQuality {
  const players = matchPlayers(match);
  return {
    anchor_user_id: match.anchor_user_id,
    rating_spread: match.rating_spread,
    team_gap: match.team_gap,
    preferred_share: players.filter((p) => p.preferred).length / players.length,
    first_choice_share: players.filter((p) => p.first_choice).length / players.length,
  };
}

/** `candidates` = distinct players of the wave; `leftWaiting` = those not matched. */
export function computeWaveMetrics(
  matches: readonly Match[],
  candidates: number,
  leftWaiting: number,
  nowUnix: number,
): WaveMetrics {
  const players = matches.flatMap(matchPlayers);
  const waits: PlayerWait[] = players.map((p) => ({
    user_id: p.user_id,
    wait_seconds: p.wait_seconds,
    waves_missed: p.waves_missed,
  }));
  const gaps = matches.map((m) => m.team_gap);
  const spreads = matches.map((m) => m.rating_spread);
  const waitSeconds = waits.map((w) => w.wait_seconds);
  return {
    now: nowUnix,
    candidates,
    matched: players.length,
    left_waiting: leftWaiting,
    matches: matches.length,
    per_match: matches.map(matchQuality),
    preferred_role_share: players.length === 0 ? null : players.filter((p) => p.preferred).length / players.length,
    first_choice_share: players.length === 0 ? null : players.filter((p) => p.first_choice).length / players.length,
    mean_team_gap: mean(gaps),
    max_team_gap: max(gaps),
    mean_rating_spread: mean(spreads),
    max_rating_spread: max(spreads),
    waits,
    mean_wait_seconds: mean(waitSeconds),
    max_wait_seconds: max(waitSeconds),
  };
}
