import { adminSeasonListSchema, queueInfoSchema } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { queueEntries } from '../src/db/schema.ts';
import { lockQueue, markWaveMissed, removeEntries } from '../src/queue/service.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// The test clock starts at 1_800_000_000: Friday 2027-01-15 17:00 JST, inside matching hours.
let t: TestApp;
let admin: string;

async function activeSeason() {
  const now = t.clock.now();
  await t.ctx.db.execute(sql`insert into seasons (id, name, start_date, end_date, is_active)
    values ('s-test', 'テストシーズン', ${now - 86_400}, ${now + 86_400 * 30}, true) on conflict do nothing`);
}

// A fresh database for every test: the tests change users' states.
beforeEach(async () => {
  await t?.close();
  t = await createTestApp();
  await activeSeason();
  admin = await t.login('dummy_admin');
});
afterAll(() => t.close());

const join = (token: string, payload: object = {}) =>
  t.request({ method: 'POST', url: '/api/queue/join', token, payload });

describe('queue join rules', () => {
  it('joins, updates preferences without a duplicate entry, shows the entry and leaves', async () => {
    const token = await t.login('dummy_01');
    const first = await join(token, { deck_type: 'A', roles: ['MIDDLE', 'TANK'] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      in_queue: true,
      entry: { user_id: 'dummy_01', deck_type: 'A', roles: ['MIDDLE', 'TANK'] },
    });
    t.clock.advance(30);
    const again = await join(token, { roles: ['SUPPORT'] });
    expect(again.json().entry).toMatchObject({
      deck_type: null,
      roles: ['SUPPORT'],
      joined_at: first.json().entry.joined_at,
    });
    expect((await t.request({ method: 'GET', url: '/api/queue' })).json().total_waiting).toBe(1);
    expect((await t.request({ method: 'GET', url: '/api/queue/me', token })).json()).toMatchObject({ in_queue: true });
    expect((await t.request({ method: 'POST', url: '/api/queue/leave', token })).json()).toEqual({
      in_queue: false,
      entry: null,
    });
    expect((await t.request({ method: 'GET', url: '/api/queue/me', token })).json()).toEqual({
      in_queue: false,
      entry: null,
    });
  });

  it('validates deck type and roles', async () => {
    const token = await t.login('dummy_02');
    for (const payload of [{ deck_type: 'D' }, { roles: ['JUNGLE'] }, { roles: ['TANK', 'TANK'] }, { roles: 'TANK' }]) {
      const res = await join(token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/デッキ|ロール/);
    }
    expect((await t.request({ method: 'GET', url: '/api/queue' })).json().total_waiting).toBe(0);
  });

  it('refuses without a trainer name', async () => {
    const token = await t.login('dummy_03');
    await t.ctx.db.execute(sql`update users set trainer_name = '' where id = 'dummy_03'`);
    const res = await join(token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'プロフィール設定が必要です', code: 'QUEUE_NO_TRAINER_NAME' });
  });

  it('refuses an effective penalty of 6 or more, counting the correction', async () => {
    const token = await t.login('dummy_04');
    await t.ctx.db.execute(sql`update users set penalty_count = 7, penalty_correction = 1 where id = 'dummy_04'`);
    expect((await join(token)).json().code).toBe('QUEUE_PENALTY_BLOCKED');
    await t.ctx.db.execute(sql`update users set penalty_correction = 2 where id = 'dummy_04'`);
    expect((await join(token)).statusCode).toBe(200);
  });

  it('refuses during a penalty timeout and says the remaining minutes', async () => {
    const token = await t.login('dummy_05');
    await t.ctx.db.execute(
      sql`update users set penalty_count = 1, penalty_timeout_until = ${t.clock.now() + 25 * 60 + 1} where id = 'dummy_05'`,
    );
    const res = await join(token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'QUEUE_PENALTY_TIMEOUT',
      error: 'ペナルティによる参加制限中です（残り26分）',
    });
  });

  it('refuses outside the season', async () => {
    const token = await t.login('dummy_06');
    await t.ctx.db.execute(sql`update seasons set end_date = ${t.clock.now() - 1}`);
    expect((await join(token)).json().code).toBe('QUEUE_SEASON_CLOSED');
    await t.ctx.db.execute(sql`delete from seasons`);
    expect((await join(token)).json().code).toBe('QUEUE_SEASON_CLOSED');
  });

  it('refuses a banned user', async () => {
    const token = await t.login('dummy_07');
    await t.ctx.db.execute(sql`update users set is_banned = true where id = 'dummy_07'`);
    expect((await join(token)).json().code).toBe('BANNED');
    await t.ctx.db.execute(sql`update users set is_banned = false where id = 'dummy_07'`);
  });

  it('keeps a consistent queue under 100 parallel joins and leaves', async () => {
    const tokens = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.login(`dummy_${String(i + 1).padStart(2, '0')}`)),
    );
    const calls = Array.from({ length: 100 }, (_, i) => {
      const token = tokens[i % 20] as string;
      return i % 3 === 2
        ? t.request({ method: 'POST', url: '/api/queue/leave', token })
        : join(token, { roles: ['MIDDLE'] });
    });
    const results = await Promise.all(calls);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const info = queueInfoSchema.parse((await t.request({ method: 'GET', url: '/api/queue' })).json());
    const entries = await Promise.all(tokens.map((token) => t.request({ method: 'GET', url: '/api/queue/me', token })));
    expect(info.total_waiting).toBe(entries.filter((r) => r.json().in_queue).length);
  });
});

describe('waves', () => {
  it('creates balanced matches from the queue in one step and the players see them', async () => {
    const fill = await t.request({
      method: 'POST',
      url: '/api/debug/queue/fill',
      token: admin,
      payload: { count: 30 },
    });
    expect(fill.json().enqueued).toHaveLength(30);
    const res = await t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin });
    expect(res.statusCode).toBe(200);
    const outcome = res.json();
    expect(outcome.ran).toBe(true);
    expect(outcome.created_matches.length).toBeGreaterThanOrEqual(1);
    expect(outcome.message).toContain('マッチングを実行しました');
    const info = queueInfoSchema.parse((await t.request({ method: 'GET', url: '/api/queue' })).json());
    expect(info.ongoing_matches).toBe(outcome.created_matches.length);
    expect(info.ongoing_match_players).toHaveLength(outcome.matched);
    expect(info.total_waiting).toBe(30 - outcome.matched);
    expect(info.previous_user_count).toBe(outcome.matched);
    const player = info.ongoing_match_players[0] as string;
    const match = (
      await t.request({ method: 'GET', url: '/api/matches/current', token: await t.login(player) })
    ).json();
    expect(match.team_a.players).toHaveLength(5);
    expect(match.team_b.players).toHaveLength(5);
    expect(match.status).toBe('matched');
    const ids = [...match.team_a.players, ...match.team_b.players].map((p: { user_id: string }) => p.user_id);
    expect(new Set(ids).size).toBe(10);
    expect(new Set([...match.team_a.players, ...match.team_b.players].map((p: { role: string }) => p.role)).size).toBe(
      5,
    );
    expect([match.team_a.is_first_attack, match.team_b.is_first_attack].filter(Boolean)).toHaveLength(1);
    expect(ids).toContain(match.host_user_id);
    // A player in a match cannot queue again.
    expect((await join(await t.login(player))).json().code).toBe('QUEUE_IN_MATCH');
  });

  it('waits outside matching hours unless forced, and the queue says when the next wave runs', async () => {
    const weekdayMorning = 1_800_000_000 + 3 * 86_400 - 5 * 3600; // Monday 12:00 JST
    const saved = t.clock.current;
    t.clock.current = weekdayMorning;
    await t.ctx.db.execute(
      sql`update seasons set start_date = ${weekdayMorning - 86_400}, end_date = ${weekdayMorning + 86_400}`,
    );
    const info = queueInfoSchema.parse((await t.request({ method: 'GET', url: '/api/queue' })).json());
    expect(info.is_matching_open).toBe(false);
    expect(info.next_wave_unixtime).toBe(weekdayMorning + 120 * 60); // 14:00 JST
    const admin = await t.login('dummy_admin');
    await t.request({ method: 'POST', url: '/api/debug/queue/fill', token: admin, payload: { count: 10 } });
    expect(await t.built.modules.waves.run()).toMatchObject({ ran: false, reason: 'hours_closed' });
    expect((await t.request({ method: 'GET', url: '/api/debug/queue', token: admin })).json()).toEqual({
      queue_count: 10,
    });
    expect(await t.built.modules.waves.run({ force: true })).toMatchObject({ ran: true });
    t.clock.current = saved;
  });

  it('makes a player in two open matches impossible in the database', async () => {
    await t.request({ method: 'POST', url: '/api/debug/queue/fill', token: admin, payload: { count: 10 } });
    await t.ctx.db.execute(sql`update users set start_rate = 1500 where id like 'dummy_%'`);
    const outcome = (await t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin })).json();
    expect(outcome.created_matches).toHaveLength(1);
    const second =
      t.ctx.db.execute(sql`insert into matches (season_id, matched_at, started_at, host_user_id, first_attack, team_gap, rating_spread)
      values ('s-test', 1, 1, 'dummy_01', 'A', 0, 0) returning id`);
    const id = ((await second) as unknown as { rows: { id: number }[] }).rows[0]?.id;
    const playerId = (await t.ctx.db.execute(
      sql`select user_id from match_players where is_open limit 1`,
    )) as unknown as {
      rows: { user_id: string }[];
    };
    await expect(
      t.ctx.db.execute(sql`insert into match_players (match_id, user_id, team, slot, role, rate_before, wait_seconds)
        values (${id}, ${playerId.rows[0]?.user_id}, 'A', 0, 'TANK', 1500, 0)`),
    ).rejects.toThrow();
  });

  it('closes matches whose report window ended (no reports: invalid) in the gather step', async () => {
    await t.ctx.db.execute(sql`update users set start_rate = 1500 where id like 'dummy_%'`);
    await t.request({ method: 'POST', url: '/api/debug/queue/fill', token: admin, payload: { count: 10 } });
    await t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin });
    expect((await t.request({ method: 'POST', url: '/api/debug/gather-match', token: admin })).json()).toEqual({
      processed_matches: 0,
    });
    t.clock.advance(60 * 60);
    expect((await t.request({ method: 'POST', url: '/api/debug/gather-match', token: admin })).json()).toEqual({
      processed_matches: 1,
    });
    const info = queueInfoSchema.parse((await t.request({ method: 'GET', url: '/api/queue' })).json());
    expect(info.ongoing_matches).toBe(0);
    t.clock.advance(-60 * 60);
  });

  it('keeps a season that has matches: deleting it is refused with a clear message', async () => {
    await t.ctx.db.execute(sql`update users set start_rate = 1500 where id like 'dummy_%'`);
    await t.request({ method: 'POST', url: '/api/debug/queue/fill', token: admin, payload: { count: 10 } });
    await t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin });
    await t.ctx.db.execute(sql`insert into seasons (id, name, start_date, end_date) values ('s-next', '次', 1, 2)`);
    await t.request({ method: 'POST', url: '/api/admin/seasons/s-next/activate', token: admin });
    const res = await t.request({ method: 'DELETE', url: '/api/admin/seasons/s-test', token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'SEASON_HAS_MATCHES',
      error: 'シーズンの削除に失敗しました: 試合が行われたシーズンは削除できません',
    });
    // The admin's list says so beforehand: the played season is not deletable, and why.
    const listed = adminSeasonListSchema.parse(
      (await t.request({ method: 'GET', url: '/api/admin/seasons', token: admin })).json(),
    );
    expect(listed.find((s) => s.id === 's-test')).toMatchObject({ match_count: 1, deletable: false });
  });

  it('debug tools: queue count, clear, admins only', async () => {
    await t.request({ method: 'POST', url: '/api/debug/queue/fill', token: admin, payload: { count: 5 } });
    expect((await t.request({ method: 'GET', url: '/api/debug/queue', token: admin })).json()).toEqual({
      queue_count: 5,
    });
    const player = await t.login('dummy_01');
    expect((await t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: player })).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: 'DELETE', url: '/api/debug/queue', token: admin })).json()).toEqual({
      removed: 5,
    });
    expect((await t.request({ method: 'GET', url: '/api/debug/queue', token: admin })).json()).toEqual({
      queue_count: 0,
    });
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two instances racing a wave', () => {
  it('creates each match once: the advisory lock lets one wave run at a time', async () => {
    const admin = await t.login('dummy_admin');
    await t.ctx.db.execute(sql`update users set start_rate = 1500 where id like 'dummy_%'`);
    await t.request({ method: 'POST', url: '/api/debug/queue/fill', token: admin, payload: { count: 20 } });
    const other = await createTestApp({ reset: false, seed: false });
    try {
      const outcomes = await Promise.all([
        t.built.modules.waves.run({ force: true }),
        other.built.modules.waves.run({ force: true }),
      ]);
      const created = outcomes.flatMap((o) => o.created_matches);
      expect(created).toHaveLength(2);
      const rows = await t.ctx.db.execute(
        sql`select user_id, count(*)::int as n from match_players group by user_id having count(*) > 1`,
      );
      expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('makes a leave wait for a wave that holds the queue: a player whose leave went through is never matched by it', async () => {
    const token = await t.login('dummy_01');
    expect((await join(token)).statusCode).toBe(200);
    let release = () => {};
    let holding = () => {};
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    // A wave on another connection: it holds the queue, has read dummy_01's entry and matches them.
    const wave = t.ctx.db.transaction(async (tx) => {
      await lockQueue(tx, 'wave');
      holding();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      await removeEntries(tx, ['dummy_01']);
    });
    await held;
    let answered = false;
    const leave = t.request({ method: 'POST', url: '/api/queue/leave', token }).then((res) => {
      answered = true;
      return res;
    });
    const waiting = async () => {
      const rows = await t.ctx.db.execute(
        sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
      );
      return (rows as unknown as { rows: { n: number }[] }).rows[0]?.n;
    };
    await expect.poll(waiting, { timeout: 5_000 }).toBe(1);
    expect(answered).toBe(false);
    release();
    await wave;
    const res = await leave;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ in_queue: false, entry: null });
  });

  it('never leaves a player both in an open match and in the queue when they re-join while a wave runs', async () => {
    const admin = await t.login('dummy_admin');
    await t.ctx.db.execute(sql`update users set start_rate = 1500 where id like 'dummy_%'`);
    const ids = Array.from({ length: 10 }, (_, i) => `dummy_${String(i + 1).padStart(2, '0')}`);
    const tokens = await Promise.all(ids.map((id) => t.login(id)));
    for (let round = 0; round < 6; round++) {
      for (const token of tokens) expect((await join(token)).statusCode).toBe(200);
      const [wave, ...joins] = await Promise.all([
        t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin }),
        ...tokens.map(async (token, i) => {
          await new Promise((r) => setTimeout(r, i * 5));
          return join(token);
        }),
      ]);
      expect(wave?.json().created_matches, `round ${round}`).toHaveLength(1);
      for (const res of joins) expect([200, 409], res.body).toContain(res.statusCode);
      const both = await t.ctx.db.execute(sql`select q.user_id from queue_entries q join match_players mp
        on mp.user_id = q.user_id and mp.is_open`);
      expect((both as unknown as { rows: unknown[] }).rows, `round ${round}`).toEqual([]);
      const info = queueInfoSchema.parse((await t.request({ method: 'GET', url: '/api/queue' })).json());
      const queued = await t.ctx.db.execute(sql`select count(*)::int as n from queue_entries`);
      expect(info.total_waiting).toBe((queued as unknown as { rows: { n: number }[] }).rows[0]?.n);
      // Close the match for the next round.
      await t.request({ method: 'POST', url: '/api/debug/matches/report-all', token: admin });
      await t.request({ method: 'DELETE', url: '/api/debug/queue', token: admin });
    }
  });
});

describe('a wave of any size', () => {
  it('removes and marks entries of more players than a statement can take parameters (65,535)', async () => {
    const token = await t.login('dummy_01');
    expect((await join(token)).statusCode).toBe(200);
    // A wave of 100,000 queued players failed here: `in ($1 … $100000)` is over PostgreSQL's limit.
    const many = [...Array.from({ length: 70_000 }, (_, i) => `x${i}`), 'dummy_01', 'quote"back\\slash'];
    await t.ctx.db.transaction(async (tx) => {
      await markWaveMissed(tx, many);
      const [row] = await tx.select().from(queueEntries);
      expect(row?.wavesMissed).toBe(1);
      await removeEntries(tx, many);
    });
    expect(await t.ctx.db.select().from(queueEntries)).toEqual([]);
  });
});
