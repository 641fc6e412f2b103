import {
  adminMatchDetailSchema,
  adminMatchListSchema,
  ERRORS,
  type MatchUpdate,
  matchUpdateSchema,
  movesOf,
  userProfileSchema,
  VALIDATION_MESSAGES as V,
} from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import {
  activeSeason,
  invalidReport,
  matchTen,
  mmrRows,
  postReport,
  report,
  seasonRow,
  tenIds,
} from './helpers/match.ts';

// The match lifecycle through the API: ten test accounts matched by a real wave, then lobby, host, reports,
// settlement, ratings, history and penalties. The test clock starts inside matching hours.
let t: TestApp;
let admin: string;
let updates: MatchUpdate[];

beforeEach(async () => {
  await t?.close();
  t = await createTestApp();
  await activeSeason(t);
  admin = await t.login('dummy_admin');
  updates = [];
  t.built.bus.subscribe((event) => {
    if (event.type === 'match.updated') updates.push(matchUpdateSchema.parse(event.data));
  });
});
afterAll(() => t.close());

const current = (token: string) => t.request({ method: 'GET', url: '/api/matches/current', token });
const me = async (token: string) =>
  userProfileSchema.parse((await t.request({ method: 'GET', url: '/api/users/me', token })).json());

describe('a match from wave to settlement', () => {
  it('settles on two agreeing reports from both teams: ratings, season numbers, history, pushes, ranking', async () => {
    const m = await matchTen(t, admin);
    const { match_id: id } = m.match;
    const [a1, a2] = m.teamA as [string, string];
    const [b1] = m.teamB as [string];
    expect(m.match).toMatchObject({ status: 'matched', report_count: 0, has_reported: false, lobby_id: null });
    expect(m.match.report_deadline_unixtime).toBe(m.match.started_at + 3600);
    expect(m.match.lobby_create_timeout).toBe(150);

    // One report holds the match; a correction replaces it (one report per player).
    const first = await postReport(t, id, m.tokenOf(a1), report('B-win'));
    expect(first.json()).toEqual({ ok: true, report_count: 1, status: 'matched' });
    const corrected = await postReport(t, id, m.tokenOf(a1), report('A-win', { picked_pokemon: 'CHARIZARD' }));
    expect(corrected.json()).toEqual({ ok: true, report_count: 1, status: 'matched' });
    expect((await current(m.tokenOf(a1))).json()).toMatchObject({ has_reported: true, report_count: 1 });
    // The same view without a 404 when there is none (the web app's poll).
    const mine = await t.request({ method: 'GET', url: '/api/matches/me', token: m.tokenOf(a1) });
    expect(mine.json().match).toEqual((await current(m.tokenOf(a1))).json());
    const none = await t.request({ method: 'GET', url: '/api/matches/me', token: admin });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ match: null });
    // Same team agreeing is not enough: both teams must be among the reporters.
    expect((await postReport(t, id, m.tokenOf(a2), report('A-win'))).json().status).toBe('matched');

    const deciding = await postReport(t, id, m.tokenOf(b1), report('A-win'));
    expect(deciding.json()).toEqual({ ok: true, report_count: 3, status: 'done' });

    // Ten newcomers (rate 1500, MMR 1500 ± 125) in an even match: the displayed rate moves ±10 (K 20 × 1/2), the MMR
    // by the Gaussian update (as in engine mmr.test.ts: 1500 ± 8.279, σ 124.790), from the belief stored with the match.
    const mmr = await mmrRows(t, id);
    for (const userId of [...m.teamA, ...m.teamB]) {
      const won = m.teamA.includes(userId);
      expect(await seasonRow(t, userId)).toEqual({
        rate: won ? 1510 : 1490,
        max_rate: won ? 1510 : 1500,
        match_count: 1,
        win_count: won ? 1 : 0,
      });
      const row = mmr.get(userId);
      expect(row).toMatchObject({ rated_mu: 1500, rated_sigma: 125, season_id: 's-test' });
      expect(row?.mu).toBeCloseTo(won ? 1508.278683 : 1491.721317, 5);
      expect(row?.sigma).toBeCloseTo(124.789677, 5);
    }
    const profile = await me(m.tokenOf(a1));
    expect(profile).toMatchObject({ rate: 1510, max_rate: 1510, match_count: 1, win_count: 1, win_rate: 100 });
    expect(profile.latest_matches).toEqual([
      {
        match_id: id,
        winlose: 1,
        deck_type: 'CHARIZARD',
        started_date: m.match.started_at,
        rate_delta: 10,
        refunded: false,
      },
    ]);
    expect((await me(m.tokenOf(b1))).latest_matches[0]).toMatchObject({ winlose: 0, rate_delta: -10 });
    const history = await t.request({ method: 'GET', url: '/api/users/me/rating-history', token: m.tokenOf(b1) });
    expect(history.json()).toEqual({ season_id: 's-test', points: [{ at: t.clock.now(), rate: 1490 }] });

    // Players leave the ongoing list; the screen goes away for those who reported.
    expect((await current(m.tokenOf(a1))).statusCode).toBe(404);
    const queue = (await t.request({ method: 'GET', url: '/api/queue' })).json();
    expect(queue).toMatchObject({ ongoing_matches: 0, ongoing_match_players: [] });
    // Those who have not reported still see the settled match and may report (to name a violator) until the
    // window closes; the result no longer changes and corrections are refused.
    const b2 = m.teamB[1] as string;
    expect((await current(m.tokenOf(b2))).json()).toMatchObject({ status: 'done', has_reported: false });
    const late = await postReport(t, id, m.tokenOf(b2), report('B-win'));
    expect(late.json()).toEqual({ ok: true, report_count: 4, status: 'done' });
    expect((await current(m.tokenOf(b2))).statusCode).toBe(404);
    expect(await seasonRow(t, b2)).toMatchObject({ rate: 1490, match_count: 1 });
    const correction = await postReport(t, id, m.tokenOf(a1), report('B-win'));
    expect(correction.statusCode).toBe(409);
    expect(correction.json()).toEqual({ error: ERRORS.MATCH_ALREADY_SETTLED.message, code: 'MATCH_ALREADY_SETTLED' });
    t.clock.advance(3600);
    const closed = await postReport(t, id, m.tokenOf(m.teamB[2] as string), report('A-win'));
    expect([closed.statusCode, closed.json().code]).toEqual([409, 'REPORT_WINDOW_CLOSED']);

    expect(updates.map((u) => [u.report_count, u.status])).toEqual([
      [1, 'matched'],
      [1, 'matched'],
      [2, 'matched'],
      [3, 'done'],
      [4, 'done'],
    ]);
    // The ranking job was nudged: the new rates appear without waiting for the 5-minute run.
    await new Promise((r) => setTimeout(r, 1_300));
    const ranking = (await t.request({ method: 'GET', url: '/api/public/ranking' })).json();
    expect(ranking.rankings[0]).toMatchObject({ rate: 1510 });
  });

  it('counts a player again for the next wave once the match settled', async () => {
    const m = await matchTen(t, admin);
    await postReport(t, m.match.match_id, m.tokenOf(m.teamA[0] as string), report('B-win'));
    await postReport(t, m.match.match_id, m.tokenOf(m.teamB[0] as string), report('B-win'));
    const again = await t.request({
      method: 'POST',
      url: '/api/queue/join',
      token: m.tokenOf(m.teamA[0] as string),
      payload: {},
    });
    expect(again.statusCode).toBe(200);
  });

  it('settles ten reports arriving at the same instant once, moving each rating once', async () => {
    const m = await matchTen(t, admin);
    const replies = await Promise.all(
      [...m.teamA, ...m.teamB].map((userId) => postReport(t, m.match.match_id, m.tokenOf(userId), report('B-win'))),
    );
    // Every report counts (the later ones after the settlement, as late reports); the ratings moved once.
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(replies.map((r) => r.json().report_count).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const userId of [...m.teamA, ...m.teamB]) {
      const row = await seasonRow(t, userId);
      expect(row?.match_count).toBe(1);
      expect(row?.rate).toBe(m.teamB.includes(userId) ? 1510 : 1490);
    }
    const settledAt = await t.ctx.db.execute(sql`select count(*)::int as n from matches where settled_at is not null`);
    expect((settledAt as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });
});

describe('the deadline rule (gather step)', () => {
  it('holds a disputed match until the deadline, then the majority wins', async () => {
    const m = await matchTen(t, admin);
    const id = m.match.match_id;
    await postReport(t, id, m.tokenOf(m.teamB[1] as string), report('B-win'));
    await postReport(t, id, m.tokenOf(m.teamA[0] as string), report('A-win'));
    await postReport(t, id, m.tokenOf(m.teamA[1] as string), report('A-win'));
    // Three agree, one disagrees: no early settlement.
    expect((await postReport(t, id, m.tokenOf(m.teamB[0] as string), report('A-win'))).json().status).toBe('matched');

    t.clock.advance(3599);
    expect((await t.request({ method: 'POST', url: '/api/debug/gather-match', token: admin })).json()).toEqual({
      processed_matches: 0,
    });
    t.clock.advance(1);
    expect((await t.request({ method: 'POST', url: '/api/debug/gather-match', token: admin })).json()).toEqual({
      processed_matches: 1,
    });
    expect(await seasonRow(t, m.teamA[0] as string)).toMatchObject({ rate: 1510, match_count: 1 });
    expect(updates.at(-1)).toMatchObject({ match_id: id, status: 'done', report_count: 4 });
  });

  it('voids a match without a majority: no rating change, history says invalid', async () => {
    const m = await matchTen(t, admin);
    const id = m.match.match_id;
    await postReport(t, id, m.tokenOf(m.teamA[0] as string), report('A-win'));
    await postReport(t, id, m.tokenOf(m.teamB[0] as string), report('B-win'));
    t.clock.advance(3600);
    await t.built.modules.waves.gather();
    const row = await seasonRow(t, m.teamA[0] as string);
    expect(row === undefined || (row.rate === 1500 && row.match_count === 0)).toBe(true);
    const profile = await me(m.tokenOf(m.teamA[0] as string));
    expect(profile.latest_matches[0]).toMatchObject({ match_id: id, winlose: 2, rate_delta: 0 });
    const history = await t.request({
      method: 'GET',
      url: '/api/users/me/rating-history',
      token: m.tokenOf(m.teamA[0] as string),
    });
    expect(history.json().points).toEqual([]);
  });

  it('a wave gathers first: the players of a closed match can be matched again in the same wave', async () => {
    const m = await matchTen(t, admin);
    t.clock.advance(3600);
    for (const token of m.tokens.values()) {
      const res = await t.request({ method: 'POST', url: '/api/queue/join', token, payload: {} });
      // Still in the open match until the gather step: the join rule refuses.
      expect(res.json().code).toBe('QUEUE_IN_MATCH');
    }
    await t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin });
    expect((await current(m.tokenOf(m.teamA[0] as string))).statusCode).toBe(404);
  });
});

describe('matchmaking on the MMR', () => {
  const trigger = async () => {
    const wave = await t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin });
    expect(wave.statusCode, wave.body).toBe(200);
    return wave.json().created_matches as string[];
  };
  const setMmr = (userId: string, mu: number) =>
    t.ctx.db.execute(sql`insert into player_mmr (user_id, mu, sigma, season_id, updated_at)
      values (${userId}, ${mu}, 100, 's-test', 0)
      on conflict (user_id) do update set mu = excluded.mu`);

  it('keeps out of a match a player whose MMR lies outside the window, though their rate is the same', async () => {
    const ids = tenIds();
    for (const [i, id] of ids.entries()) {
      const token = await t.login(id);
      await t.ctx.db.execute(sql`update users set start_rate = 1500 where id = ${id}`);
      await setMmr(id, i === 0 ? 1900 : 1460 + 10 * i);
      expect((await t.request({ method: 'POST', url: '/api/queue/join', token, payload: {} })).statusCode).toBe(200);
    }
    // dummy_01 waited longest: ±200 around 1900 holds nobody else, and nine others are not a match.
    expect(await trigger()).toEqual([]);

    await setMmr(ids[0] as string, 1550);
    const [id] = await trigger();
    expect(id).toBeDefined();
    const players = (
      (await t.ctx.db.execute(sql`select mp.user_id, mp.team, mp.rate_before, g.mu
        from match_players mp join player_mmr g on g.user_id = mp.user_id where mp.match_id = ${Number(id)}`)) as unknown as {
        rows: { user_id: string; team: string; rate_before: number; mu: number }[];
      }
    ).rows;
    // The match shows the season rate; its balance and spread are the MMR's.
    expect(players.map((p) => p.rate_before)).toEqual(Array(10).fill(1500));
    const mean = (team: string) =>
      players.filter((p) => p.team === team).reduce((sum, p) => sum + Math.round(p.mu), 0) / 5;
    const [match] = (
      (await t.ctx.db.execute(
        sql`select team_gap, rating_spread from matches where id = ${Number(id)}`,
      )) as unknown as { rows: { team_gap: number; rating_spread: number }[] }
    ).rows;
    expect(match?.team_gap).toBeCloseTo(Math.abs(mean('A') - mean('B')), 9);
    expect(match?.rating_spread).toBe(1550 - 1470);
  });
});

describe('report validation', () => {
  it('answers each bad report with its message and changes nothing', async () => {
    const m = await matchTen(t, admin);
    const id = m.match.match_id;
    const token = m.tokenOf(m.teamA[0] as string);
    const pikachu = movesOf('PIKACHU');
    const cases: [object, number, string, string][] = [
      [{ ...report('A-win'), result: 'A-lose' }, 400, V.REPORT_RESULT_INVALID, 'REPORT_RESULT_INVALID'],
      [report('A-win', { picked_pokemon: '' }), 400, V.REPORT_PICKED_REQUIRED, 'REPORT_PICKED_REQUIRED'],
      [report('A-win', { picked_pokemon: 'AGUMON' }), 400, V.REPORT_POKEMON_UNKNOWN, 'REPORT_POKEMON_UNKNOWN'],
      [report('A-win', { banned_pokemon: 'AGUMON' }), 400, V.REPORT_POKEMON_UNKNOWN, 'REPORT_POKEMON_UNKNOWN'],
      [
        report('A-win', { banned_pokemon: 'PIKACHU' }),
        400,
        V.REPORT_PICKED_SAME_AS_BANNED,
        'REPORT_PICKED_SAME_AS_BANNED',
      ],
      [
        report('A-win', { pokemon_move1: pikachu.slot2[0] as string }),
        400,
        V.REPORT_MOVE_INVALID,
        'REPORT_MOVE_INVALID',
      ],
      [report('A-win', { pokemon_move2: '' }), 400, V.REPORT_MOVE_INVALID, 'REPORT_MOVE_INVALID'],
      [
        invalidReport(m.teamA[0] as string),
        400,
        ERRORS.REPORT_VIOLATOR_NOT_PARTICIPANT.message,
        'REPORT_VIOLATOR_NOT_PARTICIPANT',
      ],
      [
        report('A-win', { violation_report: 'dummy_20', violation_reason: 'afk' }),
        400,
        ERRORS.REPORT_VIOLATOR_NOT_PARTICIPANT.message,
        'REPORT_VIOLATOR_NOT_PARTICIPANT',
      ],
    ];
    for (const [payload, status, error, code] of cases) {
      const res = await postReport(t, id, token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ error, code });
    }
    const outsider = await t.login('dummy_20');
    const foreign = await postReport(t, id, outsider, report('A-win'));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('MATCH_NOT_PARTICIPANT');
    expect((await postReport(t, '999999', token, report('A-win'))).statusCode).toBe(404);
    const zero = await postReport(t, '0', token, report('A-win'));
    expect([zero.statusCode, zero.json().code]).toEqual([400, 'MATCH_ID_INVALID']);
    expect((await postReport(t, id, '', report('A-win'))).statusCode).toBe(401);
    expect((await current(token)).json()).toMatchObject({ report_count: 0, has_reported: false });
    expect(updates).toEqual([]);
  });

  it('accepts an empty ban, a lower-case id and the invalid shortcut naming another player', async () => {
    const m = await matchTen(t, admin);
    const id = m.match.match_id;
    const lower = await postReport(
      t,
      id,
      m.tokenOf(m.teamA[0] as string),
      report('A-win', { picked_pokemon: 'pikachu' }),
    );
    expect(lower.statusCode, lower.body).toBe(200);
    const invalid = await postReport(t, id, m.tokenOf(m.teamA[1] as string), invalidReport(m.teamB[2] as string));
    expect(invalid.statusCode, invalid.body).toBe(200);
    const detail = adminMatchDetailSchema.parse(
      (await t.request({ method: 'GET', url: `/api/admin/matches/${id}`, token: admin })).json(),
    );
    const byUser = new Map(detail.user_reports.map((r) => [r.user_id, [r.picked_pokemon, r.result, r.outcome]]));
    expect(byUser.get(m.teamA[0] as string)).toEqual(['PIKACHU', 'A-win', 'win']);
    expect(byUser.get(m.teamA[1] as string)).toEqual(['', 'invalid', 'invalid']);
  });
});

describe('lobby and host', () => {
  it('lets only the host set the lobby number, validates it and pushes the change', async () => {
    const m = await matchTen(t, admin);
    const host = m.match.host_user_id as string;
    const other = [...m.teamA, ...m.teamB].find((u) => u !== host) as string;
    const set = (token: string, payload: object) =>
      t.request({ method: 'POST', url: '/api/matches/lobby/update', token, payload });

    const notHost = await set(m.tokenOf(other), { lobby_id: '12345678' });
    expect([notHost.statusCode, notHost.json().code]).toEqual([403, 'MATCH_NOT_HOST']);
    for (const lobby_id of ['abc', '123', '1234567890123', '', undefined, 12345678]) {
      const res = await set(m.tokenOf(host), { lobby_id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: V.LOBBY_ID_INVALID, code: 'LOBBY_ID_INVALID' });
    }
    const mismatch = await set(m.tokenOf(host), { lobby_id: '12345678', host_user_id: other });
    expect(mismatch.json().code).toBe('LOBBY_HOST_MISMATCH');
    const ok = await set(m.tokenOf(host), { lobby_id: ' １２３４５６７８ ', host_user_id: host });
    expect(ok.json()).toEqual({
      match_id: m.match.match_id,
      lobby_id: '12345678',
      host_user_id: host,
      status: 'matched',
      report_count: 0,
    });
    expect((await current(m.tokenOf(other))).json().lobby_id).toBe('12345678');
    expect(updates).toEqual([ok.json()]);
    const outsider = await t.login('dummy_20');
    expect((await set(outsider, { lobby_id: '12345678' })).statusCode).toBe(404);
  });

  it('hands the host role on in a fixed order; others may take it only when no lobby exists after the timeout', async () => {
    const m = await matchTen(t, admin);
    const order = [...m.teamA, ...m.teamB];
    const host = m.match.host_user_id as string;
    const transfer = (userId: string) =>
      t.request({ method: 'POST', url: '/api/matches/host/transfer', token: m.tokenOf(userId), payload: {} });

    const next = order[(order.indexOf(host) + 1) % 10] as string;
    expect((await transfer(host)).json().host_user_id).toBe(next);
    const bystander = order.find((u) => u !== next) as string;
    const early = await transfer(bystander);
    expect([early.statusCode, early.json().code]).toEqual([409, 'HOST_TAKEOVER_TOO_EARLY']);
    t.clock.advance(150);
    const takeover = await transfer(bystander);
    expect(takeover.json().host_user_id).toBe(bystander);
    await t.request({
      method: 'POST',
      url: '/api/matches/lobby/update',
      token: m.tokenOf(bystander),
      payload: { lobby_id: '87654321' },
    });
    // With a lobby, nobody takes the role any more, however late.
    expect((await transfer(next)).json().code).toBe('HOST_TAKEOVER_TOO_EARLY');
    expect(updates.map((u) => u.host_user_id)).toEqual([next, bystander, bystander]);
  });
});

describe('penalties', () => {
  async function reportsNaming(target: string, reporters: string[], m: Awaited<ReturnType<typeof matchTen>>) {
    for (const r of reporters) {
      const res = await postReport(
        t,
        m.match.match_id,
        m.tokenOf(r),
        report('A-win', { violation_report: target, violation_reason: 'griefing' }),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  it('gives +1 penalty and a timeout to a player named by 4 of one team, when the window closes', async () => {
    const m = await matchTen(t, admin);
    const target = m.teamB[0] as string;
    await reportsNaming(target, m.teamA.slice(0, 4), m);
    await postReport(t, m.match.match_id, m.tokenOf(m.teamB[1] as string), report('A-win'));
    // Settled by consensus already, penalties wait for the window to close.
    const before = await me(m.tokenOf(target));
    expect(before).toMatchObject({ penalty_count: 0, penalty_timeout_until: null });
    const pending = adminMatchDetailSchema.parse(
      (await t.request({ method: 'GET', url: `/api/admin/matches/${m.match.match_id}`, token: admin })).json(),
    );
    expect(pending.penalty_status).toEqual({ processed: false, penalty_players: [] });
    expect(pending.penalty_summary).toEqual([
      {
        user_id: target,
        trainer_name: expect.any(String),
        team: 'B',
        report_count: 4,
        reporters: [...m.teamA.slice(0, 4)].sort(),
        penalised: false,
      },
    ]);

    t.clock.advance(3600);
    expect((await t.request({ method: 'POST', url: '/api/debug/gather-match', token: admin })).json()).toEqual({
      processed_matches: 1,
    });
    const after = await me(m.tokenOf(target));
    expect(after).toMatchObject({ penalty_count: 1, effective_penalty: 1 });
    expect(after.penalty_timeout_until).toBe(t.clock.now() + 30 * 60);
    const join = await t.request({ method: 'POST', url: '/api/queue/join', token: m.tokenOf(target), payload: {} });
    expect(join.json().code).toBe('QUEUE_PENALTY_TIMEOUT');
    const detail = adminMatchDetailSchema.parse(
      (await t.request({ method: 'GET', url: `/api/admin/matches/${m.match.match_id}`, token: admin })).json(),
    );
    expect(detail.penalty_status).toEqual({ processed: true, penalty_players: [target] });
    expect(detail.penalty_summary[0]?.penalised).toBe(true);
    // Processed once: a second gather changes nothing.
    await t.built.modules.waves.gather();
    expect((await me(m.tokenOf(target))).penalty_count).toBe(1);
  });

  it('takes an invalid report without a culprit (原因なし・わからない) and penalises nobody for it', async () => {
    const m = await matchTen(t, admin);
    const id = m.match.match_id;
    for (const reporter of [...m.teamA.slice(0, 4), ...m.teamB.slice(0, 2)]) {
      const res = await postReport(t, id, m.tokenOf(reporter), invalidReport(''));
      expect(res.statusCode, res.body).toBe(200);
    }
    t.clock.advance(3600);
    await t.request({ method: 'POST', url: '/api/debug/gather-match', token: admin });
    const detail = adminMatchDetailSchema.parse(
      (await t.request({ method: 'GET', url: `/api/admin/matches/${id}`, token: admin })).json(),
    );
    expect(detail.user_reports.filter((r) => r.outcome === 'invalid' && r.violation_report === '')).toHaveLength(6);
    expect(detail.penalty_summary).toEqual([]);
    expect(detail.penalty_status).toEqual({ processed: true, penalty_players: [] });
    for (const player of [...m.teamA, ...m.teamB]) expect((await me(m.tokenOf(player))).penalty_count).toBe(0);
  });

  it('needs 4 of one team or 6 in total: 3 + 2 is not enough, 3 + 3 is', async () => {
    const m = await matchTen(t, admin);
    const target = m.teamA[0] as string;
    await reportsNaming(target, [...m.teamA.slice(1, 4), ...m.teamB.slice(0, 2)], m);
    t.clock.advance(3600);
    await t.built.modules.waves.gather();
    expect((await me(m.tokenOf(target))).penalty_count).toBe(0);

    const n = await matchTen(
      t,
      admin,
      Array.from({ length: 10 }, (_, i) => `dummy_${String(11 + i)}`),
    );
    const target2 = n.teamA[0] as string;
    await reportsNaming(target2, [...n.teamA.slice(1, 4), ...n.teamB.slice(0, 3)], n);
    t.clock.advance(3600);
    await t.built.modules.waves.gather();
    expect((await me(n.tokenOf(target2))).penalty_count).toBe(1);
  });

  it('earns a point of correction after 50 settled matches since the last penalty', async () => {
    const m = await matchTen(t, admin);
    const target = m.teamA[0] as string;
    await t.ctx.db.execute(sql`update users set penalty_count = 2, matches_since_penalty = 49 where id = ${target}`);
    await postReport(t, m.match.match_id, m.tokenOf(target), report('A-win'));
    await postReport(t, m.match.match_id, m.tokenOf(m.teamB[0] as string), report('A-win'));
    t.clock.advance(3600);
    await t.built.modules.waves.gather();
    expect(await me(m.tokenOf(target))).toMatchObject({
      penalty_count: 2,
      penalty_correction: 1,
      effective_penalty: 1,
    });
  });
});

describe('admin match views', () => {
  it('lists matches with a status filter and shows the detail', async () => {
    const m = await matchTen(t, admin);
    const list = (q = '') => t.request({ method: 'GET', url: `/api/admin/matches${q}`, token: admin });
    const all = adminMatchListSchema.parse((await list()).json());
    expect(all.matches).toEqual([
      expect.objectContaining({
        match_id: m.match.match_id,
        status: 'matched',
        player_count: 10,
        report_count: 0,
        winner_team: null,
      }),
    ]);
    expect(adminMatchListSchema.parse((await list('?status=done')).json()).matches).toEqual([]);
    const bad = await list('?status=open');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'MATCH_STATUS_FILTER_INVALID']);
    const missing = await t.request({ method: 'GET', url: '/api/admin/matches/424242', token: admin });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'ADMIN_MATCH_NOT_FOUND']);
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/matches', token: m.tokenOf(m.teamA[0] as string) }))
        .statusCode,
    ).toBe(403);
  });
});
