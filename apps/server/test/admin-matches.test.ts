import { adminMatchDetailSchema, currentMatchSchema } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshAppPerTest, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/community.ts';
import {
  activeSeason,
  type MatchedPlayers,
  matchTen,
  mmrRows,
  postReport,
  report,
  seasonRow,
} from './helpers/match.ts';

// The admin's result correction of a settled match, and the test tools of the overview and /match_test.

let t: TestApp;
let admin: string;

freshAppPerTest((fresh) => {
  ({ t, admin } = fresh);
});

const correct = (matchId: string, winner: unknown) =>
  t.request({ method: 'POST', url: `/api/admin/matches/${matchId}/result`, token: admin, payload: { winner } });

/** Two reports that agree (one per team) settle the match for `winner`. */
async function settle(m: MatchedPlayers, winner: 'A' | 'B') {
  const result = winner === 'A' ? 'A-win' : 'B-win';
  await postReport(t, m.match.match_id, m.tokenOf(m.teamA[0] as string), report(result));
  const res = await postReport(t, m.match.match_id, m.tokenOf(m.teamB[0] as string), report(result));
  expect(res.json(), res.body).toMatchObject({ status: 'done' });
}

async function historyOf(userId: string) {
  const res = await t.ctx.db.execute(
    sql`select match_id, rate_after, rate_delta from match_players where user_id = ${userId} order by match_id`,
  );
  return (res as unknown as { rows: { match_id: number; rate_after: number; rate_delta: number }[] }).rows.map((r) => ({
    rate_after: Number(r.rate_after),
    rate_delta: Number(r.rate_delta),
  }));
}

describe('POST /api/admin/matches/:id/result', () => {
  it('refuses an open match, an unknown one, the same result and a bad winner', async () => {
    await activeSeason(t);
    const m = await matchTen(t, admin);
    expectError(await correct(m.match.match_id, 'A'), 409, 'MATCH_NOT_SETTLED');
    expectError(await correct('999', 'A'), 404, 'ADMIN_MATCH_NOT_FOUND');
    expectError(await correct(m.match.match_id, 'C'), 400, 'MATCH_CORRECTION_WINNER_INVALID');
    await settle(m, 'A');
    expectError(await correct(m.match.match_id, 'A'), 400, 'NO_CHANGES');
  });

  it('reverses a result: that match is re-rated, counts and max rates follow', async () => {
    await activeSeason(t);
    const m = await matchTen(t, admin);
    await settle(m, 'A');
    const a = m.teamA[1] as string;
    const b = m.teamB[1] as string;
    expect(await seasonRow(t, a)).toMatchObject({ rate: 1510, max_rate: 1510, win_count: 1, match_count: 1 });
    const settledAt = t.clock.now();

    t.clock.advance(13 * 60);
    const res = await correct(m.match.match_id, 'B');
    expect(res.statusCode, res.body).toBe(200);
    const detail = adminMatchDetailSchema.parse(res.json());
    expect(detail.winner_team).toBe('B');
    expect(detail.settle_reason).toBe('admin_correction');
    // The detail says when the admin corrected it (issue 36, item 11), and still when it first settled.
    expect(detail.corrected_at).toBe(settledAt + 13 * 60);
    expect(detail.settled_at).toBe(settledAt);
    expect(detail.team_a.players.every((p) => p.rate_after === 1490)).toBe(true);
    expect(await seasonRow(t, a)).toMatchObject({ rate: 1490, max_rate: 1500, win_count: 0, match_count: 1 });
    expect(await seasonRow(t, b)).toMatchObject({ rate: 1510, max_rate: 1510, win_count: 1, match_count: 1 });
    expect(await historyOf(a)).toEqual([{ rate_after: 1490, rate_delta: -10 }]);
    // The MMR is what the match gives with the new result, from the belief stored with it (newcomers: 1500 ± 125).
    const mmr = await mmrRows(t, m.match.match_id);
    expect(mmr.get(a)).toMatchObject({ rated_mu: 1500, rated_sigma: 125 });
    expect(mmr.get(a)?.mu).toBeCloseTo(1491.721317, 5);
    expect(mmr.get(b)?.mu).toBeCloseTo(1508.278683, 5);
    expect(mmr.get(a)?.sigma).toBeCloseTo(124.789677, 5);

    const audit = await t.request({ method: 'GET', url: `/api/admin/audit?action=match.`, token: admin });
    expect(audit.json().entries[0]).toMatchObject({
      action: 'match.correct',
      target_id: m.match.match_id,
      before: { winner: 'A' },
      after: { winner: 'B' },
    });
  });

  it('voids a match (nothing counts) and can give it a result again', async () => {
    await activeSeason(t);
    const m = await matchTen(t, admin);
    await settle(m, 'A');
    const a = m.teamA[0] as string;
    expect((await correct(m.match.match_id, 'invalid')).json()).toMatchObject({ winner_team: null });
    expect(await seasonRow(t, a)).toMatchObject({ rate: 1500, max_rate: 1500, win_count: 0, match_count: 0 });
    // Voided: the MMR update is taken back.
    expect((await mmrRows(t, m.match.match_id)).get(a)?.mu).toBeCloseTo(1500, 9);
    expect((await mmrRows(t, m.match.match_id)).get(a)?.sigma).toBeCloseTo(125, 9);
    expect((await correct(m.match.match_id, 'A')).statusCode).toBe(200);
    expect(await seasonRow(t, a)).toMatchObject({ rate: 1510, max_rate: 1510, win_count: 1, match_count: 1 });
    expect((await mmrRows(t, m.match.match_id)).get(a)?.mu).toBeCloseTo(1508.278683, 5);
  });

  it('shifts the later history of the same players without re-rating later matches', async () => {
    await activeSeason(t);
    const first = await matchTen(t, admin);
    await settle(first, 'A');
    const second = await matchTen(t, admin);
    await settle(second, 'A');
    const player = first.teamA[0] as string;
    const before = await historyOf(player);
    const rateBefore = (await seasonRow(t, player))?.rate as number;
    const muBefore = (await mmrRows(t, second.match.match_id)).get(player)?.mu as number;

    expect((await correct(first.match.match_id, 'B')).statusCode).toBe(200);
    const after = await historyOf(player);
    // The corrected match moves by 20 (a +10 win became a −10 loss); the later match keeps its own change.
    expect(after[0]).toEqual({ rate_after: 1490, rate_delta: -10 });
    expect(after[1]).toEqual({
      rate_after: (before[1]?.rate_after as number) - 20,
      rate_delta: before[1]?.rate_delta as number,
    });
    expect(await seasonRow(t, player)).toMatchObject({ rate: rateBefore - 20 });
    // The current MMR moves by what the first match gives as a loss instead of a win (its later update stands).
    expect((await mmrRows(t, second.match.match_id)).get(player)?.mu).toBeCloseTo(
      muBefore - (1508.278683 - 1491.721317),
      5,
    );
  });
});

describe('test tools', () => {
  it('fills the queue with exactly the number asked for, audited', async () => {
    await activeSeason(t);
    const res = await t.request({ method: 'POST', url: '/api/debug/queue/fill', token: admin, payload: { count: 10 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().enqueued).toHaveLength(10);
    expect((await t.request({ method: 'GET', url: '/api/debug/queue', token: admin })).json()).toEqual({
      queue_count: 10,
    });
    // The ten chosen are the closest in rate among the test accounts (1200–1780): one wave matches them all.
    const wave = await t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin });
    expect(wave.json().created_matches, wave.body).toHaveLength(1);
    const defaults = await t.request({ method: 'POST', url: '/api/debug/queue/fill', token: admin });
    expect(defaults.json().enqueued).toHaveLength(10);
    const audit = await t.request({ method: 'GET', url: '/api/admin/audit?action=debug.', token: admin });
    expect(audit.json().entries.map((e: { action: string }) => e.action)).toEqual([
      'debug.queue_fill',
      'debug.matchmaking',
      'debug.queue_fill',
    ]);
    // Players in the new match are skipped with the reason.
    expect(defaults.json().skipped).toHaveLength(10);
  });

  it('fills up to one match around the players already waiting, so the next wave matches them', async () => {
    // The README's first match: dummy_29 joins in the browser, the admin fills the queue and runs the wave.
    await activeSeason(t);
    const player = await t.login('dummy_29');
    await t.ctx.db.execute(sql`update users set start_rate = 1780 where id = 'dummy_29'`);
    expect((await t.request({ method: 'POST', url: '/api/queue/join', token: player, payload: {} })).statusCode).toBe(
      200,
    );
    const res = await t.request({ method: 'POST', url: '/api/debug/queue/fill', token: admin, payload: { count: 10 } });
    expect(res.statusCode, res.body).toBe(200);
    const enqueued: string[] = res.json().enqueued;
    expect(enqueued).toHaveLength(9);
    expect(enqueued).not.toContain('dummy_29');
    // The nine closest in rate to the one waiting: none of the lowest-rated test accounts.
    const rates = (
      (await t.ctx.db.execute(sql`select id, start_rate from users where is_dummy and not is_admin`)) as unknown as {
        rows: { id: string; start_rate: number }[];
      }
    ).rows;
    const byDistance = rates
      .filter((r) => r.id !== 'dummy_29' && r.id.startsWith('dummy_'))
      .sort((a, b) => Math.abs(a.start_rate - 1780) - Math.abs(b.start_rate - 1780));
    const farthestChosen = Math.max(
      ...enqueued.map((id) => Math.abs((rates.find((r) => r.id === id)?.start_rate ?? 0) - 1780)),
    );
    expect(farthestChosen).toBe(Math.abs((byDistance[8]?.start_rate ?? 0) - 1780));
    const wave = await t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin });
    expect(wave.json().created_matches, wave.body).toHaveLength(1);
    expect((await t.request({ method: 'GET', url: '/api/matches/current', token: player })).statusCode).toBe(200);
  });

  it('fills around the MMR the waves match on, not the shown rate (issue 22)', async () => {
    // dummy_29 shows 1500 but its MMR says 1700: the nine closest to 1500 would leave it alone in its ±200 window.
    await activeSeason(t);
    const player = await t.login('dummy_29');
    await t.ctx.db.execute(sql`update users set start_rate = 1500 where id = 'dummy_29'`);
    await t.ctx.db.execute(sql`insert into player_mmr (user_id, mu, sigma, season_id, updated_at)
      values ('dummy_29', 1700, 90, 's-test', 0)`);
    expect((await t.request({ method: 'POST', url: '/api/queue/join', token: player, payload: {} })).statusCode).toBe(
      200,
    );
    const res = await t.request({ method: 'POST', url: '/api/debug/queue/fill', token: admin, payload: { count: 10 } });
    const enqueued: string[] = res.json().enqueued;
    const rates = (
      (await t.ctx.db.execute(sql`select id, start_rate from users where is_dummy`)) as unknown as {
        rows: { id: string; start_rate: number }[];
      }
    ).rows.filter((r) => enqueued.includes(r.id));
    expect(rates).toHaveLength(9);
    expect(rates.every((r) => Math.abs(r.start_rate - 1700) <= 100)).toBe(true);
    const wave = await t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin });
    expect(wave.json().created_matches, wave.body).toHaveLength(1);
    expect((await t.request({ method: 'GET', url: '/api/matches/current', token: player })).statusCode).toBe(200);
  });

  it('reports for every player of the open test matches and settles them', async () => {
    await activeSeason(t);
    // One rating window for all twenty, so one wave makes two matches.
    await t.ctx.db.execute(sql`update users set start_rate = 1500 where is_dummy`);
    await t.request({ method: 'POST', url: '/api/debug/queue/fill', token: admin, payload: { count: 20 } });
    const wave = await t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin });
    expect(wave.json().created_matches).toHaveLength(2);
    const res = await t.request({ method: 'POST', url: '/api/debug/matches/report-all', token: admin, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ matches: 2, settled: 2 });
    const done = await t.request({ method: 'GET', url: '/api/admin/matches?status=done', token: admin });
    expect(done.json().matches.map((x: { winner_team: string }) => x.winner_team)).toEqual(['A', 'A']);
    const again = await t.request({ method: 'POST', url: '/api/debug/matches/report-all', token: admin });
    expect(again.json()).toEqual({ matches: 0, reported: 0, settled: 0 });
  });

  it('keeps the reports players already sent: only those who have not reported report', async () => {
    await activeSeason(t);
    const m = await matchTen(t, admin);
    const id = m.match.match_id;
    const first = await t.request({
      method: 'POST',
      url: `/api/debug/matches/${id}/report`,
      token: admin,
      payload: { user_id: m.teamA[0], result: 'B-win' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const stored = () =>
      t.ctx.db.execute(sql`select user_id, result from match_reports where match_id = ${Number(id)} order by user_id`);
    const before = (await stored()) as unknown as { rows: { user_id: string; result: string }[] };
    const res = await t.request({ method: 'POST', url: '/api/debug/matches/report-all', token: admin, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await stored()) as unknown as { rows: { user_id: string; result: string }[] };
    expect(after.rows.find((r) => r.user_id === m.teamA[0])).toEqual(before.rows[0]);
    expect(after.rows.filter((r) => r.user_id !== m.teamA[0]).every((r) => r.result === 'A-win')).toBe(true);
    expect(res.json().reported).toBe(after.rows.length - 1);
  });

  it('leaves matches with a real player alone', async () => {
    await activeSeason(t);
    const m = await matchTen(t, admin);
    await t.ctx.db.execute(sql`update users set is_dummy = false where id = ${m.teamA[0] as string}`);
    const res = await t.request({ method: 'POST', url: '/api/debug/matches/report-all', token: admin });
    expect(res.json()).toEqual({ matches: 0, reported: 0, settled: 0 });
  });

  it('shows a match as a chosen player sees it, and reports for chosen test accounts', async () => {
    await activeSeason(t);
    const m = await matchTen(t, admin);
    const id = m.match.match_id;
    const view = await t.request({
      method: 'GET',
      url: `/api/debug/matches/${id}/view?user_id=${m.teamA[0]}`,
      token: admin,
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(currentMatchSchema.parse(view.json())).toEqual(m.match);

    const post = (payload: object) =>
      t.request({ method: 'POST', url: `/api/debug/matches/${id}/report`, token: admin, payload });
    const first = await post({ user_id: m.teamA[0], result: 'B-win' });
    expect(first.json()).toMatchObject({ status: 'matched', report_count: 1, report: { result: 'B-win' } });
    expectError(await post({ user_id: 'dummy_29', result: 'A-win' }), 404, 'DEBUG_NOT_IN_MATCH');
    expectError(await post({ user_id: m.teamA[1], result: 'X' }), 400, 'REPORT_RESULT_INVALID');
    const settled = await post({ user_id: m.teamB[0], result: 'B-win' });
    expect(settled.json()).toMatchObject({ status: 'done', report_count: 2 });
    await t.ctx.db.execute(sql`update users set is_dummy = false where id = ${m.teamB[1] as string}`);
    expectError(await post({ user_id: m.teamB[1], result: 'B-win' }), 409, 'DEBUG_NOT_TEST_ACCOUNT');
  });
});
