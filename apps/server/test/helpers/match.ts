import { type CurrentMatch, currentMatchSchema, type MatchReportInput, movesOf } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';

// Fixtures for the match lifecycle tests: ten test accounts queued and matched by a real wave.

export async function activeSeason(t: TestApp, id = 's-test'): Promise<void> {
  const now = t.clock.now();
  await t.ctx.db.execute(sql`insert into seasons (id, name, start_date, end_date, is_active)
    values (${id}, 'テストシーズン', ${now - 86_400}, ${now + 86_400 * 30}, true) on conflict do nothing`);
}

export interface MatchedPlayers {
  match: CurrentMatch;
  /** user id → token */
  tokens: Map<string, string>;
  teamA: string[];
  teamB: string[];
  tokenOf(userId: string): string;
}

/**
 * Ten test accounts (dummy_01…10 unless given), all rated 1500 (and, new to the MMR, 1500 ± 125 there) so one window
 * holds them and an even match moves each rate by exactly 10, join the queue; the admin triggers a wave; returns the
 * match.
 */
export async function matchTen(t: TestApp, admin: string, ids = tenIds()): Promise<MatchedPlayers> {
  const tokens = new Map<string, string>();
  for (const id of ids) {
    const token = await t.login(id);
    tokens.set(id, token);
    await t.ctx.db.execute(sql`update users set start_rate = 1500 where id = ${id}`);
    const res = await t.request({ method: 'POST', url: '/api/queue/join', token, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
  }
  const wave = await t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin });
  expect(wave.statusCode, wave.body).toBe(200);
  const first = tokens.get(ids[0] as string) as string;
  const res = await t.request({ method: 'GET', url: '/api/matches/current', token: first });
  expect(res.statusCode, res.body).toBe(200);
  const match = currentMatchSchema.parse(res.json());
  const teamA = match.team_a.players.map((p) => p.user_id);
  const teamB = match.team_b.players.map((p) => p.user_id);
  return {
    match,
    tokens,
    teamA,
    teamB,
    tokenOf: (userId) => {
      const token = tokens.get(userId);
      if (!token) throw new Error(`no token for ${userId}`);
      return token;
    },
  };
}

export const tenIds = (from = 1) => Array.from({ length: 10 }, (_, i) => `dummy_${String(from + i).padStart(2, '0')}`);

/** A valid win/lose report: picked Pikachu with its first moves, banned nothing unless given. */
export function report(result: 'A-win' | 'B-win', extra: Partial<MatchReportInput> = {}): MatchReportInput {
  const picked = extra.picked_pokemon ?? 'PIKACHU';
  const moves = movesOf(picked);
  return {
    result,
    banned_pokemon: '',
    picked_pokemon: picked,
    pokemon_move1: moves.slot1[0] ?? '',
    pokemon_move2: moves.slot2[0] ?? '',
    violation_report: '',
    ...extra,
  };
}

export function invalidReport(culprit: string): MatchReportInput {
  return {
    result: 'invalid',
    banned_pokemon: '',
    picked_pokemon: '',
    pokemon_move1: '',
    pokemon_move2: '',
    violation_report: culprit,
    violation_reason: culprit === '' ? '' : 'leave',
  };
}

export const postReport = (t: TestApp, matchId: string, token: string, payload: object) =>
  t.request({ method: 'POST', url: `/api/matches/${matchId}/report`, token, payload });

export async function seasonRow(t: TestApp, userId: string, seasonId = 's-test') {
  const res = await t.ctx.db.execute(
    sql`select rate, max_rate, match_count, win_count from season_stats where user_id = ${userId} and season_id = ${seasonId}`,
  );
  return (res as unknown as { rows: { rate: number; max_rate: number; match_count: number; win_count: number }[] })
    .rows[0];
}

/**
 * The MMR of a match's players: the belief the match was rated from (rated_mu, rated_sigma) and each player's current
 * one (mu, sigma, season_id; null without one), by user id.
 */
export async function mmrRows(t: TestApp, matchId: string | number) {
  const res = await t.ctx.db.execute(sql`select mp.user_id, mp.mmr_mu as rated_mu, mp.mmr_sigma as rated_sigma,
      g.mu, g.sigma, g.season_id
    from match_players mp left join player_mmr g on g.user_id = mp.user_id
    where mp.match_id = ${Number(matchId)}`);
  type Row = {
    user_id: string;
    rated_mu: number | null;
    rated_sigma: number | null;
    mu: number | null;
    sigma: number | null;
    season_id: string | null;
  };
  return new Map((res as unknown as { rows: Row[] }).rows.map((r) => [r.user_id, r]));
}

/**
 * A match of ten test accounts settled for `winner`: one report per team (each picked Pikachu and banned Mew, what the
 * statistics read); the follow-up handlers have run when it returns.
 */
export async function settledMatch(t: TestApp, admin: string, winner: 'A' | 'B'): Promise<MatchedPlayers> {
  const m = await matchTen(t, admin);
  const result = winner === 'A' ? 'A-win' : 'B-win';
  for (const id of [m.teamA[0], m.teamB[0]] as string[]) {
    await postReport(t, m.match.match_id, m.tokenOf(id), report(result, { banned_pokemon: 'MEW' }));
  }
  await t.built.events.drain();
  return m;
}
