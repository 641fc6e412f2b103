import {
  AVOID_LIST_CHANGES_PER_HOUR,
  AVOID_LIST_MAX,
  AVOID_YIELD_AFTER_WAVES,
  type AvoidList,
  type CurrentMatch,
  type PersonalData,
  PLAYER_SEARCHES_PER_MINUTE,
  type PlayerSearchResult,
} from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { type FreshApp, freshAppPerTest, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/community.ts';
import { activeSeason } from './helpers/match.ts';

// マッチングを避けるプレイヤー (issue 33, item 6): the avoid list on my page and the join's `blocking`, its limits and
// errors, that nothing tells the avoided player, and the waves keeping a pair apart until one has missed
// AVOID_YIELD_AFTER_WAVES waves (the real wave runner, through the admin's trigger).

let f: FreshApp;
freshAppPerTest((fresh) => {
  f = fresh;
});

const id = (n: number) => `dummy_${String(n).padStart(2, '0')}`;
const list = (token: string) => f.t.request({ method: 'GET', url: '/api/users/me/avoids', token });
const add = (token: string, userId: string) =>
  f.t.request({ method: 'POST', url: '/api/users/me/avoids', token, payload: { user_id: userId } });
const remove = (token: string, userId: string) =>
  f.t.request({ method: 'DELETE', url: `/api/users/me/avoids/${userId}`, token });
const search = (token: string, q: string) =>
  f.t.request({ method: 'GET', url: `/api/users/me/avoids/search?q=${encodeURIComponent(q)}`, token });
const join = (token: string, payload: object = {}) =>
  f.t.request({ method: 'POST', url: '/api/queue/join', token, payload });
const idsOf = (res: { json(): unknown }) => (res.json() as AvoidList).players.map((p) => p.user_id);

async function rows<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.ctx.db.execute(query));
}

describe('my avoid list', () => {
  it('lists, adds (once), and removes (idempotently), oldest first, with names', async () => {
    const { t, player } = f;
    await t.login(id(2));
    await t.login(id(3));
    expect((await list(player)).json()).toEqual({ players: [], max: AVOID_LIST_MAX });
    const first = await add(player, id(2));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      players: [{ user_id: id(2), trainer_name: 'カビゴン番長', discord_avatar_url: '', created_at: t.clock.now() }],
      max: AVOID_LIST_MAX,
    });
    t.clock.advance(5);
    expect(idsOf(await add(player, id(3)))).toEqual([id(2), id(3)]);
    // Adding again changes nothing (and keeps the first time).
    const again = await add(player, id(2));
    expect(again.statusCode).toBe(200);
    expect(idsOf(again)).toEqual([id(2), id(3)]);
    expect((again.json() as AvoidList).players[0]?.created_at).toBe(t.clock.now() - 5);
    expect(idsOf(await remove(player, id(2)))).toEqual([id(3)]);
    const twice = await remove(player, id(2));
    expect(twice.statusCode).toBe(200);
    expect(idsOf(twice)).toEqual([id(3)]);
    expect(idsOf(await list(player))).toEqual([id(3)]);
  });

  it('refuses yourself, unknown or hidden players and bad ids, changing nothing', async () => {
    const { t, player } = f;
    expectError(await add(player, id(1)), 400, 'AVOID_SELF');
    expectError(await add(player, 'nobody_here'), 404, 'AVOID_PLAYER_NOT_FOUND');
    // A banned player and one without a trainer name have no public face: as unknown.
    await t.login(id(4));
    await t.login(id(5));
    await t.ctx.db.execute(sql`update users set is_banned = true where id = ${id(4)}`);
    await t.ctx.db.execute(sql`update users set trainer_name = '' where id = ${id(5)}`);
    expectError(await add(player, id(4)), 404, 'AVOID_PLAYER_NOT_FOUND');
    expectError(await add(player, id(5)), 404, 'AVOID_PLAYER_NOT_FOUND');
    expectError(await add(player, 'not an id!'), 400, 'USER_ID_INVALID');
    expectError(
      await t.request({ method: 'POST', url: '/api/users/me/avoids', token: player, payload: {} }),
      400,
      'USER_ID_INVALID',
    );
    expect(idsOf(await list(player))).toEqual([]);
    // Signed out: the list is nobody's.
    expectError(await t.request({ method: 'GET', url: '/api/users/me/avoids' }), 401, 'LOGIN_REQUIRED');
  });

  it(`holds ${AVOID_LIST_MAX} players: the next is refused in Japanese with a stable code`, async () => {
    const { t, player } = f;
    for (let n = 2; n <= AVOID_LIST_MAX + 2; n++) await t.login(id(n));
    for (let n = 2; n <= AVOID_LIST_MAX + 1; n++) expect((await add(player, id(n))).statusCode).toBe(200);
    const refused = expectError(await add(player, id(AVOID_LIST_MAX + 2)), 409, 'AVOID_LIST_FULL');
    expect(refused.error).toBe(
      '避けるプレイヤーは10人まで登録できます。追加するには、先にほかのプレイヤーを外してください',
    );
    expect(idsOf(await list(player))).toHaveLength(AVOID_LIST_MAX);
    // A player already listed is still fine (idempotent), and a freed place takes the next.
    expect((await add(player, id(2))).statusCode).toBe(200);
    await remove(player, id(2));
    expect(idsOf(await add(player, id(AVOID_LIST_MAX + 2)))).toContain(id(AVOID_LIST_MAX + 2));
  });

  it('keeps the limit under parallel additions', async () => {
    const { t, player } = f;
    for (let n = 2; n <= 16; n++) await t.login(id(n));
    const results = await Promise.all(Array.from({ length: 15 }, (_, i) => add(player, id(i + 2))));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(AVOID_LIST_MAX);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(15 - AVOID_LIST_MAX);
    expect(idsOf(await list(player))).toHaveLength(AVOID_LIST_MAX);
  });

  it(`allows ${AVOID_LIST_CHANGES_PER_HOUR} changes an hour per player, then 429 until the hour has passed`, async () => {
    const { t, player, admin } = f;
    await t.login(id(2));
    for (let i = 0; i < AVOID_LIST_CHANGES_PER_HOUR / 2; i++) {
      expect((await add(player, id(2))).statusCode).toBe(200);
      expect((await remove(player, id(2))).statusCode).toBe(200);
    }
    expectError(await add(player, id(2)), 429, 'AVOID_TOO_OFTEN');
    expectError(await remove(player, id(2)), 429, 'AVOID_TOO_OFTEN');
    expect(idsOf(await list(player))).toEqual([]);
    // Another player is not limited; the list itself is always readable.
    expect((await add(admin, id(2))).statusCode).toBe(200);
    t.clock.advance(3601);
    expect(idsOf(await add(player, id(2)))).toEqual([id(2)]);
  });
});

describe('the search', () => {
  it('finds players by a part of the trainer name, without me or hidden players, and marks the listed', async () => {
    const { t, player } = f;
    for (const n of [2, 11, 29]) await t.login(id(n));
    await add(player, id(2));
    const res = await search(player, 'カビゴン');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { players: PlayerSearchResult[] }).players).toEqual([
      { user_id: id(2), trainer_name: 'カビゴン番長', discord_avatar_url: '', rate: 1340, avoided: true },
    ]);
    // Case-insensitive; the exact name first.
    await t.ctx.db.execute(sql`update users set trainer_name = 'Mimi' where id = ${id(11)}`);
    await t.ctx.db.execute(sql`update users set trainer_name = 'mimikyu fan' where id = ${id(29)}`);
    const found = (await search(player, 'MIMI')).json() as { players: PlayerSearchResult[] };
    expect(found.players.map((p) => [p.user_id, p.avoided])).toEqual([
      [id(11), false],
      [id(29), false],
    ]);
    // Never the searcher; never a banned player.
    expect(((await search(player, 'ピカチュウ')).json() as { players: unknown[] }).players).toEqual([]);
    await t.ctx.db.execute(sql`update users set is_banned = true where id = ${id(29)}`);
    expect(((await search(player, 'mimi')).json() as { players: PlayerSearchResult[] }).players).toHaveLength(1);
    // A LIKE pattern in the words is taken literally.
    expect(((await search(player, '%')).json() as { players: unknown[] }).players).toEqual([]);
  });

  it('needs words, and allows a few searches a minute', async () => {
    const { t, player } = f;
    expectError(await search(player, '  '), 400, 'PLAYER_SEARCH_QUERY_REQUIRED');
    expectError(await search(player, 'あ'.repeat(33)), 400, 'PLAYER_SEARCH_QUERY_TOO_LONG');
    for (let i = 0; i < PLAYER_SEARCHES_PER_MINUTE; i++) expect((await search(player, 'x')).statusCode).toBe(200);
    expectError(await search(player, 'x'), 429, 'PLAYER_SEARCH_TOO_OFTEN');
    t.clock.advance(61);
    expect((await search(player, 'x')).statusCode).toBe(200);
  });
});

describe('the queue join’s blocking', () => {
  it('adds to the list; empty or absent keeps it; a refused id refuses the join and changes nothing', async () => {
    const { t, player } = f;
    await activeSeason(t);
    for (const n of [2, 3, 4]) await t.login(id(n));
    await add(player, id(2));
    // The spec's client sends an empty list: the list of my page stays.
    expect((await join(player, { blocking: [] })).statusCode).toBe(200);
    expect((await join(player, {})).statusCode).toBe(200);
    expect((await join(player, { blocking: null })).statusCode).toBe(200);
    expect(idsOf(await list(player))).toEqual([id(2)]);
    // Names add (repeats and listed players count once).
    const res = await join(player, { blocking: [id(3), id(3), id(2)], roles: ['TANK'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ in_queue: true, entry: { roles: ['TANK'] } });
    expect(idsOf(await list(player))).toEqual([id(2), id(3)]);
    // Refused: the join changes nothing (not the roles, not the list).
    expectError(
      await join(player, { blocking: [id(4), 'nobody_here'], roles: ['MIDDLE'] }),
      404,
      'AVOID_PLAYER_NOT_FOUND',
    );
    expectError(await join(player, { blocking: [id(1)] }), 400, 'AVOID_SELF');
    expectError(await join(player, { blocking: 'dummy_04' }), 400, 'BLOCKING_INVALID');
    expectError(
      await join(player, { blocking: Array.from({ length: AVOID_LIST_MAX + 1 }, (_, i) => id(i + 2)) }),
      400,
      'BLOCKING_TOO_MANY',
    );
    expect(idsOf(await list(player))).toEqual([id(2), id(3)]);
    const me = await t.request({ method: 'GET', url: '/api/queue/me', token: player });
    expect(me.json()).toMatchObject({ entry: { roles: ['TANK'] } });
    // A full list refuses a join that would add; one naming only listed players goes through.
    for (let n = 5; n <= AVOID_LIST_MAX + 2; n++) await t.login(id(n));
    for (let n = 5; n <= AVOID_LIST_MAX + 2; n++) await add(player, id(n));
    expectError(await join(player, { blocking: [id(4)] }), 409, 'AVOID_LIST_FULL');
    expect((await join(player, { blocking: [id(2)] })).statusCode).toBe(200);
  });
});

describe('never revealed to the avoided player', () => {
  it('shows the avoided player nothing: lists, search, profile, pages, data download', async () => {
    const { t, player } = f;
    const avoided = await t.login(id(2));
    await add(player, id(2));
    // Their own list is theirs alone.
    expect(idsOf(await list(avoided))).toEqual([]);
    // Their search marks what *they* listed.
    const found = (await search(avoided, 'ピカチュウ')).json() as { players: PlayerSearchResult[] };
    expect(found.players).toEqual([expect.objectContaining({ user_id: id(1), avoided: false })]);
    // No reply they can get names the avoider as avoiding them.
    for (const url of ['/api/users/me', `/api/users/${id(1)}`, `/api/players/${id(1)}`, `/api/players/${id(2)}`]) {
      const res = await t.request({ method: 'GET', url, token: avoided });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toMatch(/avoid/i);
    }
    // The avoider's download holds their list; the avoided player's holds no row of it.
    const mine = (await t.request({ method: 'GET', url: '/api/users/me/data', token: player })).json() as PersonalData;
    expect(mine.tables.player_avoids).toEqual([{ user_id: id(1), avoided_user_id: id(2), created_at: t.clock.now() }]);
    const theirs = await t.request({ method: 'GET', url: '/api/users/me/data', token: avoided });
    expect((theirs.json() as PersonalData).tables.player_avoids).toEqual([]);
    expect(theirs.body).not.toContain(`"${id(1)}"`);
  });
});

describe('the waves', () => {
  /** Players at the given start rates join (in order), all new to the MMR. */
  async function queueUp(t: TestApp, rates: Record<string, number>, payload: (userId: string) => object = () => ({})) {
    const tokens = new Map<string, string>();
    for (const [userId, rate] of Object.entries(rates)) {
      const token = await t.login(userId);
      tokens.set(userId, token);
      await t.ctx.db.execute(sql`update users set start_rate = ${rate} where id = ${userId}`);
      const res = await join(token, payload(userId));
      expect(res.statusCode, res.body).toBe(200);
      t.clock.advance(1);
    }
    return tokens;
  }

  async function matchOf(t: TestApp, token: string): Promise<string[] | null> {
    const res = await t.request({ method: 'GET', url: '/api/matches/current', token });
    if (res.statusCode === 404) return null;
    const match = res.json() as CurrentMatch;
    return [...match.team_a.players, ...match.team_b.players].map((p) => p.user_id);
  }

  const trigger = async (t: TestApp, admin: string) => {
    const res = await t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { created_matches: string[]; matched: number };
  };

  it('puts an avoiding player and the avoided in different matches (either team)', async () => {
    const { t, admin } = f;
    await activeSeason(t);
    // Two levels of ten: 01 and 02 are in the lower one, so without the list they would share a match.
    const rates = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [id(i + 1), i < 10 ? 1500 : 1600]));
    const tokens = await queueUp(t, rates, (userId) => (userId === id(1) ? { blocking: [id(2)] } : {}));
    const outcome = await trigger(t, admin);
    expect(outcome.created_matches).toHaveLength(2);
    const first = await matchOf(t, tokens.get(id(1)) as string);
    const second = await matchOf(t, tokens.get(id(2)) as string);
    expect(first).toHaveLength(10);
    expect(second).toHaveLength(10);
    expect(first).not.toContain(id(2));
    expect(second).not.toContain(id(1));
  });

  it(`leaves the pair waiting while it is the only way, then yields after ${AVOID_YIELD_AFTER_WAVES} missed waves`, async () => {
    const { t, admin } = f;
    await activeSeason(t);
    // Exactly ten players: with 03 avoiding 07 no match can be made.
    const rates = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [id(i + 1), 1500]));
    const tokens = await queueUp(t, rates);
    await add(tokens.get(id(3)) as string, id(7));
    for (let wave = 1; wave <= AVOID_YIELD_AFTER_WAVES; wave++) {
      t.clock.advance(120);
      expect((await trigger(t, admin)).created_matches, `wave ${wave}`).toEqual([]);
    }
    const [entry] = await rows<{ waves_missed: number }>(
      t,
      sql`select waves_missed from queue_entries where user_id = ${id(3)}`,
    );
    expect(entry?.waves_missed).toBe(AVOID_YIELD_AFTER_WAVES);
    t.clock.advance(120);
    expect((await trigger(t, admin)).created_matches).toHaveLength(1);
    expect(await matchOf(t, tokens.get(id(3)) as string)).toEqual(expect.arrayContaining([id(3), id(7)]));
    // The wave's record holds who was left waiting and its figures, never the lists.
    const runs = await rows<{ metrics: string; missed: string }>(
      t,
      sql`select metrics::text as metrics, missed::text as missed from wave_runs`,
    );
    expect(runs).toHaveLength(AVOID_YIELD_AFTER_WAVES + 1);
    for (const run of runs) expect(`${run.metrics} ${run.missed}`).not.toMatch(/avoid/i);
    // The avoided player's queue status said nothing while they waited, only their own entry.
    const status = await t.request({ method: 'GET', url: '/api/queue/me', token: tokens.get(id(7)) as string });
    expect(status.body).not.toMatch(/avoid|dummy_03/i);
  });

  it('changes nothing for players whose lists name nobody in the wave', async () => {
    const { t, admin } = f;
    await activeSeason(t);
    await t.login(id(20));
    const rates = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [id(i + 1), 1500]));
    await queueUp(t, rates, (userId) => (userId === id(1) ? { blocking: [id(20)] } : {}));
    expect((await trigger(t, admin)).created_matches).toHaveLength(1);
  });
});
