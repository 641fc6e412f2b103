import { adminSeasonSchema, ERRORS, recordsReplySchema } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, freshAppPerTest, type TestApp } from './helpers/app.ts';
import { DAY, expectError, insertPlayers, insertSeason, insertStats, playerIds } from './helpers/community.ts';
import { type MatchedPlayers, matchTen, mmrRows, postReport, report } from './helpers/match.ts';

// The season end: by its date (the job), by an admin, by another season's activation; frozen records, rewards per
// tier, the penalty rule, resuming after a failure half-way, and two instances ending at once.

let t: TestApp;
let admin: string;
let player: string;
let now: number;

freshAppPerTest((fresh) => {
  ({ t, admin, player } = fresh);
  now = t.clock.now();
});

// Season "シーズン5": the catalogue's S5 entries are the default rewards.
const S5 = {
  rank_1: 'badge_021',
  rank_2: 'badge_022',
  rank_3: 'badge_023',
  top_10: 'badge_024',
  top_100: 'badge_025',
  matches100: 'badge_054',
  matches200: 'badge_055',
  gold: 'badge_073',
};

/** 101 ranked players p001…p101 (p001 best), plus whatever `extra` adds, in an active season s5 ending now. */
async function playedSeason(extra: Parameters<typeof insertStats>[1] = []) {
  await insertSeason(t, { id: 's5', name: 'シーズン5', isActive: true, endDate: now + 3600 });
  const ids = playerIds(101);
  await insertPlayers(t, ids);
  await insertStats(t, [
    ...ids.map((userId, i) => ({
      userId,
      seasonId: 's5',
      rate: 2000 - i,
      maxRate: 2000 - i,
      matchCount: i === 0 ? 210 : i === 3 ? 100 : i === 4 ? 50 : 49,
      winCount: 20,
    })),
    ...extra,
  ]);
}

async function awardsOf(userId: string): Promise<string[]> {
  const res = await t.ctx.db.execute(
    sql`select tier || ':' || badge_id as a from season_awards where user_id = ${userId} order by tier`,
  );
  return (res as unknown as { rows: { a: string }[] }).rows.map((r) => r.a);
}

async function owned(userId: string, source = 'season'): Promise<string[]> {
  const res = await t.ctx.db.execute(
    sql`select badge_id from user_badges where user_id = ${userId} and source = ${source} order by badge_id`,
  );
  return (res as unknown as { rows: { badge_id: string }[] }).rows.map((r) => r.badge_id);
}

async function count(table: string, seasonId = 's5'): Promise<number> {
  const res = await t.ctx.db.execute(
    sql.raw(`select count(*)::int as n from ${table} where season_id = '${seasonId}'`),
  );
  return (res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

async function season(id = 's5') {
  const res = await t.request({ method: 'GET', url: '/api/admin/seasons', token: admin });
  const found = adminSeasonSchema
    .array()
    .parse(res.json())
    .find((s) => s.id === id);
  if (!found) throw new Error(`no season ${id}`);
  return found;
}

const endSeason = (id = 's5', token = admin) =>
  t.request({ method: 'POST', url: `/api/admin/seasons/${id}/end`, token });

describe('the season end job', () => {
  it('waits for the end date, then freezes the ranking and hands out every family once', async () => {
    await playedSeason();
    expect((await t.built.jobs.run('season-end')).ran).toBe(true);
    expect((await season()).ended_at).toBeNull();

    t.clock.advance(3600);
    await t.built.jobs.run('season-end');
    const ended = await season();
    expect(ended).toMatchObject({ is_active: false, ended_at: t.clock.now(), awards_custom: false });
    expect(ended.summary).toEqual({
      players: 101,
      ranked: 101,
      awards: { rank_1: 1, rank_2: 1, rank_3: 1, top_10: 7, top_100: 90, matches: 2, gold_licence: 3 },
    });
    // Boundaries: 3/4, 10/11, 100/101; 210 matches → the 200 badge only; 100 → 100; 50 → gold; 49 → nothing.
    expect(await awardsOf('p001')).toEqual([
      `gold_licence:${S5.gold}`,
      `matches:${S5.matches200}`,
      `rank_1:${S5.rank_1}`,
    ]);
    expect(await awardsOf('p003')).toEqual([`rank_3:${S5.rank_3}`]);
    expect(await awardsOf('p004')).toEqual([
      `gold_licence:${S5.gold}`,
      `matches:${S5.matches100}`,
      `top_10:${S5.top_10}`,
    ]);
    expect(await awardsOf('p005')).toEqual([`gold_licence:${S5.gold}`, `top_10:${S5.top_10}`]);
    expect(await awardsOf('p010')).toEqual([`top_10:${S5.top_10}`]);
    expect(await awardsOf('p011')).toEqual([`top_100:${S5.top_100}`]);
    expect(await awardsOf('p100')).toEqual([`top_100:${S5.top_100}`]);
    expect(await awardsOf('p101')).toEqual([]);
    expect(await owned('p001')).toEqual([S5.rank_1, S5.matches200, S5.gold].sort());

    // Nothing more on the next turns.
    t.clock.advance(60);
    await t.built.jobs.run('season-end');
    expect(await count('season_awards')).toBe(105);
  });

  it('shows the player their final rank, numbers and badges', async () => {
    await playedSeason([
      { userId: 'dummy_01', seasonId: 's5', rate: 1999, maxRate: 1999, matchCount: 60, winCount: 40 },
    ]);
    t.clock.advance(3600);
    await t.built.jobs.run('season-end');
    const res = await t.request({ method: 'GET', url: '/api/users/me/records', token: player });
    expect(recordsReplySchema.parse(res.json()).records).toEqual([
      {
        season_id: 's5',
        season_name: 'シーズン5',
        final_rate: 1999,
        max_rate: 1999,
        win_rate: 66.7,
        final_rank: 2,
        total_matches: 60,
        wins: 40,
        win_count: 40,
        badges: [
          { tier: 'rank_2', badge_id: S5.rank_2 },
          { tier: 'gold_licence', badge_id: S5.gold },
        ],
      },
    ]);
  });

  it('clears penalties of 5 or less at the season change and keeps 6 or more', async () => {
    await playedSeason();
    await t.ctx.db.execute(
      sql`update users set penalty_count = 5, penalty_timeout_until = ${now + 600} where id = 'p002'`,
    );
    await t.ctx.db.execute(sql`update users set penalty_count = 8, penalty_correction = 1 where id = 'p006'`);
    await t.ctx.db.execute(sql`update users set penalty_count = 7, penalty_correction = 2 where id = 'p007'`);
    t.clock.advance(3600);
    await t.built.jobs.run('season-end');
    const res = await t.ctx.db.execute(
      sql`select id, penalty_count, penalty_correction, penalty_timeout_until from users where id in ('p002', 'p006', 'p007') order by id`,
    );
    expect((res as unknown as { rows: unknown[] }).rows).toEqual([
      { id: 'p002', penalty_count: 0, penalty_correction: 0, penalty_timeout_until: null },
      { id: 'p006', penalty_count: 8, penalty_correction: 1, penalty_timeout_until: null },
      { id: 'p007', penalty_count: 0, penalty_correction: 0, penalty_timeout_until: null },
    ]);
    // p006 played with an effective penalty: no gold licence; the record keeps the penalty it ended with.
    const record = await t.ctx.db.execute(sql`select effective_penalty from season_records where user_id = 'p006'`);
    expect((record as unknown as { rows: { effective_penalty: number }[] }).rows[0]?.effective_penalty).toBe(7);
  });

  it('uses the season’s own reward map, and grants nothing twice to a player who owns a badge already', async () => {
    await playedSeason();
    const awards = {
      rank_1: 'badge_133',
      rank_2: null,
      rank_3: null,
      top_10: null,
      top_100: null,
      gold_licence: null,
      matches: {},
    };
    const res = await t.request({
      method: 'PUT',
      url: '/api/admin/seasons/s5',
      token: admin,
      payload: { name: 'シーズン5', start_date: now - 10 * DAY, end_date: now + DAY, awards },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.request({
      method: 'POST',
      url: '/api/admin/badges/award',
      token: admin,
      payload: { user_id: 'p001', badge_id: 'badge_133' },
    });
    expect((await endSeason()).statusCode).toBe(200);
    expect(await awardsOf('p001')).toEqual(['rank_1:badge_133']);
    expect(await owned('p001', 'admin')).toEqual(['badge_133']);
    expect(await owned('p001')).toEqual([]);
    expect((await season()).summary?.awards).toEqual({ rank_1: 1 });
  });

  it('refuses a malformed reward map, naming the field', async () => {
    await playedSeason();
    const bad = async (awards: unknown) => {
      const res = await t.request({
        method: 'PUT',
        url: '/api/admin/seasons/s5',
        token: admin,
        payload: { name: 'シーズン5', start_date: now - DAY, end_date: now + DAY, awards },
      });
      expect(res.statusCode, res.body).toBe(400);
      return res.json() as { code: string; details: { path: string }[] };
    };
    const base = {
      rank_1: null,
      rank_2: null,
      rank_3: null,
      top_10: null,
      top_100: null,
      gold_licence: null,
      matches: {},
    };
    expect(await bad({ ...base, rank_1: 'badge_999' })).toMatchObject({
      code: 'AWARD_BADGE_UNKNOWN',
      details: [{ path: 'awards.rank_1' }],
    });
    expect(await bad({ ...base, matches: { '150': 'badge_054' } })).toMatchObject({
      code: 'AWARD_THRESHOLD_INVALID',
      details: [{ path: 'awards.matches.150' }],
    });
    expect((await bad({ ...base, extra: 'x' })).details[0]?.path).toBe('awards');
    expect((await season()).awards_custom).toBe(false);
  });
});

describe('the season change by date', () => {
  it('waits for the season’s last matches, counts them, and lets the next season begin meanwhile', async () => {
    // A season ending at the top of the hour with a match made just before, and the next season from then on.
    await insertSeason(t, {
      id: 's-test',
      name: 'シーズン5',
      isActive: true,
      startDate: now - 10 * DAY,
      endDate: now + 3600,
    });
    await insertSeason(t, { id: 's6', name: 'シーズン6', startDate: now + 3600, endDate: now + 40 * DAY });
    t.clock.advance(3600 - 120);
    const m = await matchTen(t, admin);
    t.clock.advance(120);

    await t.built.jobs.run('season-end');
    // The end began (the season is no longer active) but waits: its match is open, until its report deadline (the
    // admin's list says so beside 終了処理中).
    expect(await season('s-test')).toMatchObject({
      is_active: false,
      ended_at: null,
      ending_waits_until: m.match.report_deadline_unixtime,
    });
    expect(await count('season_records', 's-test')).toBe(0);
    // The next season is active at once, open from its start date: the queue works.
    expect(await season('s6')).toMatchObject({ is_active: true });
    const join = await t.request({
      method: 'POST',
      url: '/api/queue/join',
      token: await t.login('dummy_20'),
      payload: {},
    });
    expect(join.statusCode, join.body).toBe(200);

    // The match settles a few minutes later: it counts for its own season.
    t.clock.advance(15 * 60);
    for (const userId of [m.teamA[0], m.teamB[0]] as string[]) {
      const res = await postReport(t, m.match.match_id, m.tokenOf(userId), report('A-win'));
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.built.jobs.run('season-end');
    expect(await season('s-test')).toMatchObject({ ended_at: null }); // penalties wait for the report window

    // When its report window closes, the gather step processes the penalties, and the end finishes.
    t.clock.advance(3600);
    await t.built.modules.waves.gather();
    await t.built.jobs.run('season-end');
    const ended = await season('s-test');
    expect(ended.ended_at).toBe(t.clock.now());
    expect(ended.ending_waits_until).toBeNull();
    expect(ended.summary?.players).toBe(10);
    const records = await t.ctx.db.execute(
      sql`select sum(total_matches)::int as n from season_records where season_id = 's-test'`,
    );
    expect((records as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(10);
    expect(await season('s6')).toMatchObject({ is_active: true, ended_at: null });
  });

  it('freezes the season rate and carries the MMR over, σ widened at the first match of the next season', async () => {
    await insertSeason(t, {
      id: 's-test',
      name: 'シーズン5',
      isActive: true,
      startDate: now - DAY,
      endDate: now + 600,
    });
    await insertSeason(t, { id: 's6', name: 'シーズン6', startDate: now + 600, endDate: now + 40 * DAY });
    const settle = async (m: MatchedPlayers) => {
      for (const userId of [m.teamA[0], m.teamB[0]] as string[]) {
        const res = await postReport(t, m.match.match_id, m.tokenOf(userId), report('A-win'));
        expect(res.statusCode, res.body).toBe(200);
      }
    };
    const first = await matchTen(t, admin);
    await settle(first);
    // As if they had played the whole season: their MMR is surer than a newcomer's.
    await t.ctx.db.execute(sql`update player_mmr set sigma = 80`);
    const carried = await mmrRows(t, first.match.match_id);
    t.clock.advance(600 + 3600);
    await t.built.modules.waves.gather();
    await t.built.jobs.run('season-end');
    expect(await season('s-test')).toMatchObject({ ended_at: t.clock.now() });
    expect(await season('s6')).toMatchObject({ is_active: true });
    const winner = first.teamA[0] as string;
    const [record] = (
      (await t.ctx.db.execute(
        sql`select final_rate from season_records where season_id = 's-test' and user_id = ${winner}`,
      )) as unknown as { rows: { final_rate: number }[] }
    ).rows;
    expect(record?.final_rate).toBe(1510);

    // The next season: the rate starts again from the start rate, the MMR goes on from where it was, less sure.
    const second = await matchTen(t, admin);
    await settle(second);
    const rated = await mmrRows(t, second.match.match_id);
    for (const [userId, row] of rated) {
      const before = carried.get(userId);
      expect(row.rated_mu).toBe(before?.mu);
      expect(before?.sigma).toBe(80);
      expect(row.rated_sigma).toBeCloseTo(Math.hypot(80, 40), 9);
      expect(row.season_id).toBe('s6');
      const [stats] = (
        (await t.ctx.db.execute(
          sql`select rate, match_count from season_stats where season_id = 's6' and user_id = ${userId}`,
        )) as unknown as { rows: { rate: number; match_count: number }[] }
      ).rows;
      expect(stats?.match_count).toBe(1);
      expect(Math.abs((stats?.rate as number) - 1500)).toBeGreaterThanOrEqual(10);
    }
  });

  it('activates the earliest season that has not ended once none is active, never one that is over', async () => {
    await insertSeason(t, { id: 'old', name: 'シーズン1', startDate: now - 30 * DAY, endDate: now - 20 * DAY });
    await insertSeason(t, { id: 'later', name: 'シーズン3', startDate: now + 20 * DAY, endDate: now + 50 * DAY });
    await insertSeason(t, { id: 'next', name: 'シーズン2', startDate: now + DAY, endDate: now + 30 * DAY });
    await t.built.jobs.run('season-end');
    expect((await season('next')).is_active).toBe(true);
    expect((await season('later')).is_active).toBe(false);
    expect((await season('old')).is_active).toBe(false);
    // Scheduled, not open: the queue says so until its start date.
    const join = await t.request({ method: 'POST', url: '/api/queue/join', token: player, payload: {} });
    expectError(join, 409, 'QUEUE_SEASON_CLOSED');
    // An active season stays as it is.
    await t.built.jobs.run('season-end');
    expect((await season('next')).is_active).toBe(true);
    expect((await season('later')).is_active).toBe(false);
  });
});

describe('POST /api/admin/seasons/:id/end', () => {
  it('ends a season now, audited; a second end is refused', async () => {
    await playedSeason();
    const res = await endSeason();
    expect(res.statusCode, res.body).toBe(200);
    expect(adminSeasonSchema.parse(res.json())).toMatchObject({ id: 's5', ended_at: now, is_active: false });
    expectError(
      await endSeason(),
      409,
      'SEASON_ALREADY_ENDED',
      `シーズンの終了に失敗しました: ${ERRORS.SEASON_ALREADY_ENDED.message}`,
    );
    expectError(
      await endSeason('nope'),
      404,
      'SEASON_NOT_FOUND',
      `シーズンの終了に失敗しました: ${ERRORS.SEASON_NOT_FOUND.message}`,
    );
    expectError(await endSeason('s5', player), 403, 'FORBIDDEN');
    const audit = await t.request({ method: 'GET', url: '/api/admin/audit?action=season.end', token: admin });
    expect(audit.json().entries).toHaveLength(1);
    // The ranking of an ended season is no longer live.
    expect((await t.request({ method: 'GET', url: '/api/public/ranking' })).json().season_id).toBeNull();
  });

  it('ends the running season when another one is activated', async () => {
    await playedSeason();
    await insertSeason(t, { id: 's6', name: 'シーズン6' });
    const res = await t.request({ method: 'POST', url: '/api/admin/seasons/s6/activate', token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(await season('s5')).toMatchObject({ is_active: false, ended_at: now });
    expect(await count('season_records')).toBe(101);
    expect(await awardsOf('p001')).toContain(`rank_1:${S5.rank_1}`);
  });
});

describe('resuming', () => {
  it('finishes an end that failed half-way and grants nothing twice', async () => {
    await playedSeason();
    t.built.modules.seasons.endOptions.batchSize = 10;
    // A fault in the third batch of rewards (p021…p030).
    await t.ctx.db.execute(sql`create or replace function fail_award() returns trigger language plpgsql as $$
      begin if new.user_id = 'p025' then raise exception 'injected failure'; end if; return new; end $$`);
    await t.ctx.db.execute(
      sql`create trigger fail_award before insert on season_awards for each row execute function fail_award()`,
    );
    try {
      const failed = await endSeason();
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.ctx.db.execute(sql`drop trigger fail_award on season_awards`);
      await t.ctx.db.execute(sql`drop function fail_award()`);
    }
    const half = await season();
    expect(half.ended_at).toBeNull();
    expect(half.ending_started_at).toBe(now);
    expect(half.is_active).toBe(false);
    expect(await count('season_records')).toBe(101);
    expect(await count('season_awards')).toBe(25); // p001…p020: 20 ranks + 2 match badges + 3 gold licences
    expect(await awardsOf('p025')).toEqual([]);

    // The next turn of the job finishes it.
    await t.built.jobs.run('season-end');
    const done = await season();
    expect(done.ended_at).toBe(now);
    expect(await count('season_awards')).toBe(105);
    const grants = await t.ctx.db.execute(
      sql`select count(*)::int as n from user_badges where source = 'season' and reference = 's5'`,
    );
    expect((grants as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(105);
  });
});

describe('two instances', () => {
  it('never both end the same season', async () => {
    await playedSeason();
    const other = await createTestApp({ reset: false, seed: false });
    try {
      other.clock.current = t.clock.now();
      const otherAdmin = await other.login('dummy_admin');
      const [a, b] = await Promise.all([
        endSeason(),
        other.request({ method: 'POST', url: '/api/admin/seasons/s5/end', token: otherAdmin }),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes, `${a.body} ${b.body}`).toEqual([200, 409]);
      expect(['SEASON_END_RUNNING', 'SEASON_ALREADY_ENDED']).toContain((a.statusCode === 409 ? a : b).json().code);
      expect(await count('season_awards')).toBe(105);
      const audit = await t.request({ method: 'GET', url: '/api/admin/audit?action=season.end', token: admin });
      expect(audit.json().entries).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
