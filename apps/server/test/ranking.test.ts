import { brotliDecompressSync } from 'node:zlib';
import { RANKING_SIZE, type RankingReply, rankingReplySchema, recordsReplySchema } from '@rankmatch/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rankingSnapshots, users } from '../src/db/schema.ts';
import { freshAppPerTest, type TestApp } from './helpers/app.ts';
import { DAY, expectError, insertPlayers, insertSeason, insertStats, playerIds } from './helpers/community.ts';

// The ranking job (top 100 of the active season, stored snapshot served from memory) and past-season records.

let t: TestApp;
let admin: string;
let player: string;
let now: number;

freshAppPerTest((fresh) => {
  ({ t, admin, player } = fresh);
  now = t.clock.now();
});

async function calculate(): Promise<number> {
  const res = await t.request({ method: 'POST', url: '/api/debug/ranking/calculate', token: admin });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { rankings_count: number };
  expect(Object.keys(body)).toEqual(['rankings_count']);
  return body.rankings_count;
}

async function publicRanking(): Promise<RankingReply> {
  const res = await t.request({ method: 'GET', url: '/api/public/ranking' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return rankingReplySchema.parse(res.json());
}

/**
 * Seven ranked players whose order exercises every tie-break, plus three who must not appear: no match played,
 * banned, and a better player of another season.
 */
async function seedTieBreaks(seasonId = 'live') {
  await insertSeason(t, { id: seasonId, isActive: true });
  await insertSeason(t, { id: 'other', startDate: now - 90 * DAY, endDate: now - 20 * DAY });
  await insertPlayers(t, ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'idle', 'other_only']);
  await insertPlayers(t, ['banned'], { isBanned: true });
  await insertStats(t, [
    { userId: 'f', seasonId, rate: 1700, maxRate: 1750, winCount: 5, maxRateAt: now - 2 * DAY },
    { userId: 'c', seasonId, rate: 1750, maxRate: 1850 },
    { userId: 'e', seasonId, rate: 1700, maxRate: 1800, winCount: 6 },
    { userId: 'a', seasonId, rate: 1700, maxRate: 1900, matchCount: 40, winCount: 30 },
    { userId: 'g', seasonId, rate: 1700, maxRate: 1750, winCount: 5, maxRateAt: now - 3 * DAY },
    { userId: 'd', seasonId, rate: 1700, maxRate: 1800, winCount: 7 },
    { userId: 'b', seasonId, rate: 1800, maxRate: 1850 },
    { userId: 'idle', seasonId, rate: 2500, maxRate: 2500, matchCount: 0, winCount: 0 },
    { userId: 'banned', seasonId, rate: 2400, maxRate: 2400 },
    { userId: 'other_only', seasonId: 'other', rate: 3000, maxRate: 3000 },
  ]);
}

describe('ranking', () => {
  it('is empty before the first calculation', async () => {
    expect(await publicRanking()).toEqual({ rankings: [], updated_at: null, season_id: null });
  });

  it('orders by max rate, then rate, then win rate, then who reached the max rate first', async () => {
    await seedTieBreaks();
    await t.ctx.db.update(users).set({ currentBadge: 'badge_001', twitterId: 'a_tw' }).where(eq(users.id, 'a'));
    t.clock.advance(123);
    expect(await calculate()).toBe(7);
    const reply = await publicRanking();
    expect(reply.season_id).toBe('live');
    expect(reply.updated_at).toBe(now + 123);
    expect(reply.rankings.map((r) => r.user_id)).toEqual(['a', 'b', 'c', 'd', 'e', 'g', 'f']);
    expect(reply.rankings.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(reply.rankings[0]).toEqual({
      rank: 1,
      user_id: 'a',
      trainer_name: 'トレーナーa',
      discord_username: 'user_a',
      discord_avatar_url: '',
      rate: 1700,
      max_rate: 1900,
      win_rate: 75,
      match_count: 40,
      twitter_id: 'a_tw',
      current_badge: 'badge_001',
      current_badge_2: null,
    });
    expect(reply.rankings.find((r) => r.user_id === 'd')?.win_rate).toBe(70);
  });

  it('serves the same snapshot to signed-in users, and not to anonymous visitors', async () => {
    await seedTieBreaks();
    await calculate();
    expectError(await t.request({ method: 'GET', url: '/api/users/ranking' }), 401, 'LOGIN_REQUIRED');
    const res = await t.request({ method: 'GET', url: '/api/users/ranking', token: player });
    expect(res.statusCode).toBe(200);
    expect(rankingReplySchema.parse(res.json())).toEqual(await publicRanking());
  });

  it('serves a compressed ranking whole, to visitors and signed-in users alike', async () => {
    // A full ranking compresses slowly enough that an async handler which does not return its reply sent it empty.
    const ids = playerIds(100);
    await insertSeason(t, { id: 'live', isActive: true });
    await insertPlayers(t, ids);
    await insertStats(
      t,
      ids.map((userId, i) => ({ userId, seasonId: 'live', rate: 1500 + i, maxRate: 1500 + i })),
    );
    await calculate();
    for (const [url, token] of [
      ['/api/public/ranking', undefined],
      ['/api/users/ranking', player],
    ] as const) {
      const res = await t.request({ method: 'GET', url, token, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      const reply = rankingReplySchema.parse(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')));
      expect(reply.rankings).toHaveLength(100);
    }
    // Over a real connection too (inject does not go through the same reply path as a socket).
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const real = await fetch(`http://127.0.0.1:${port}/api/users/ranking`, {
      headers: { authorization: `Bearer ${player}`, 'accept-encoding': 'br' },
    });
    expect(real.headers.get('content-encoding')).toBe('br');
    expect(rankingReplySchema.parse(await real.json()).rankings).toHaveLength(100);
  });

  it('keeps the top 100', async () => {
    const ids = playerIds(105);
    await insertSeason(t, { id: 'live', isActive: true });
    await insertPlayers(t, ids);
    await insertStats(
      t,
      ids.map((userId, i) => ({ userId, seasonId: 'live', rate: 1500 + i, maxRate: 1500 + i })),
    );
    expect(await calculate()).toBe(RANKING_SIZE);
    const { rankings } = await publicRanking();
    expect(rankings).toHaveLength(100);
    expect(rankings[0]).toMatchObject({ rank: 1, user_id: 'p105', max_rate: 1604 });
    expect(rankings[99]).toMatchObject({ rank: 100, user_id: 'p006', max_rate: 1505 });
    expect(rankings.map((r) => r.rank)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('is for admins to calculate by hand', async () => {
    await seedTieBreaks();
    expectError(
      await t.request({ method: 'POST', url: '/api/debug/ranking/calculate', token: player }),
      403,
      'FORBIDDEN',
    );
    expectError(await t.request({ method: 'POST', url: '/api/debug/ranking/calculate' }), 401, 'LOGIN_REQUIRED');
    expect((await publicRanking()).rankings).toEqual([]);
  });

  it('reflects a ban at the next calculation', async () => {
    await seedTieBreaks();
    await calculate();
    await t.ctx.db.update(users).set({ isBanned: true }).where(eq(users.id, 'a'));
    expect(await calculate()).toBe(6);
    expect((await publicRanking()).rankings[0]).toMatchObject({ rank: 1, user_id: 'b' });
  });

  it('switches to the newly activated season', async () => {
    await seedTieBreaks();
    await insertSeason(t, { id: 'next', startDate: now - DAY, endDate: now + 50 * DAY });
    await insertStats(t, [
      { userId: 'other_only', seasonId: 'next', rate: 1600, maxRate: 1650 },
      { userId: 'a', seasonId: 'next', rate: 1550, maxRate: 1600 },
    ]);
    await calculate();
    expect((await publicRanking()).season_id).toBe('live');

    const res = await t.request({ method: 'POST', url: '/api/admin/seasons/next/activate', token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const reply = await publicRanking();
    expect(reply.season_id).toBe('next');
    expect(reply.rankings.map((r) => r.user_id)).toEqual(['other_only', 'a']);
  });

  it('serves the newly activated season even when a calculation was already running', async () => {
    await seedTieBreaks();
    const ids = ['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7'];
    for (const id of ids) await insertSeason(t, { id, startDate: now - DAY, endDate: now + 50 * DAY });
    await insertStats(
      t,
      ids.map((seasonId) => ({ userId: 'other_only', seasonId, rate: 1600 })),
    );
    // A manual calculation and an activation racing each other, in both orders and with small delays.
    for (const [i, id] of ids.entries()) {
      const calc = () => t.request({ method: 'POST', url: '/api/debug/ranking/calculate', token: admin });
      const act = () => t.request({ method: 'POST', url: `/api/admin/seasons/${id}/activate`, token: admin });
      const first = i % 2 === 0 ? calc() : act();
      await new Promise((resolve) => setTimeout(resolve, Math.floor(i / 2)));
      const second = i % 2 === 0 ? act() : calc();
      expect((await first).statusCode).toBe(200);
      expect((await second).statusCode).toBe(200);
      const reply = await publicRanking();
      expect(reply.season_id, `round ${i}`).toBe(id);
      expect(reply.rankings.map((r) => r.user_id)).toEqual(['other_only']);
    }
  });
});

describe("another instance's snapshot (ranking-reload)", () => {
  it('is loaded when the stored row changed, even within the same second; an unchanged row changes nothing', async () => {
    await seedTieBreaks();
    await calculate();
    const snapshot = t.built.modules.ranking.snapshot;
    const [row] = await t.ctx.db.select().from(rankingSnapshots).where(eq(rankingSnapshots.seasonId, 'live'));
    if (!row) throw new Error('no stored snapshot');
    const before = snapshot.version;
    await snapshot.reload();
    expect(snapshot.version).toBe(before);
    // Another instance stored a new list at the same computed_at (a nudge and a turn in one second).
    const entries = (row.entries as RankingReply['rankings']).slice(1).map((e, i) => ({ ...e, rank: i + 1 }));
    await t.ctx.db.update(rankingSnapshots).set({ entries }).where(eq(rankingSnapshots.seasonId, 'live'));
    await snapshot.reload();
    expect(snapshot.version).not.toBe(before);
    expect((await publicRanking()).rankings.map((r) => r.user_id)).toEqual(entries.map((e) => e.user_id));
  });
});

describe('GET /api/users/me/records', () => {
  async function records(token = player) {
    const res = await t.request({ method: 'GET', url: '/api/users/me/records', token });
    expect(res.statusCode, res.body).toBe(200);
    return recordsReplySchema.parse(res.json()).records;
  }

  it('needs a signed-in user', async () => {
    expectError(await t.request({ method: 'GET', url: '/api/users/me/records' }), 401, 'LOGIN_REQUIRED');
  });

  it('lists ended seasons, newest first, with the final rank in the ranking order and the badges; not the active season', async () => {
    // Two seasons whose end has begun: the season end job finishes them below.
    const ending = { endingStartedAt: now };
    await insertSeason(t, {
      id: 's1',
      name: 'シーズン1',
      startDate: now - 200 * DAY,
      endDate: now - 100 * DAY,
      ...ending,
    });
    await insertSeason(t, { id: 's2', name: 'シーズン2', startDate: now - 100 * DAY, endDate: now - DAY, ...ending });
    await insertSeason(t, { id: 's3', name: 'シーズン3', isActive: true });
    await insertPlayers(t, ['x', 'y', 'z', 'idle']);
    await insertPlayers(t, ['banned'], { isBanned: true });
    await insertStats(t, [
      // s1: x has the same max and rate as dummy_01 but a better win rate; banned and idle do not count.
      { userId: 'dummy_01', seasonId: 's1', rate: 1600, maxRate: 1700, matchCount: 20, winCount: 11 },
      { userId: 'x', seasonId: 's1', rate: 1600, maxRate: 1700, matchCount: 20, winCount: 12 },
      { userId: 'y', seasonId: 's1', rate: 1650, maxRate: 1690 },
      { userId: 'banned', seasonId: 's1', rate: 2000, maxRate: 2000 },
      { userId: 'idle', seasonId: 's1', rate: 2000, maxRate: 2000, matchCount: 0, winCount: 0 },
      // s2: same max, rate and win rate as z, but dummy_01 reached it first.
      { userId: 'dummy_01', seasonId: 's2', rate: 1550, maxRate: 1580, maxRateAt: now - 50 * DAY },
      { userId: 'z', seasonId: 's2', rate: 1550, maxRate: 1580, maxRateAt: now - 40 * DAY },
      { userId: 'y', seasonId: 's2', rate: 1500, maxRate: 1600 },
      // s3 is active: not a record yet.
      { userId: 'dummy_01', seasonId: 's3', rate: 1800, maxRate: 1800 },
    ]);
    expect(await records()).toEqual([]);
    await t.built.jobs.run('season-end');

    expect(await records()).toEqual([
      {
        season_id: 's2',
        season_name: 'シーズン2',
        final_rate: 1550,
        max_rate: 1580,
        win_rate: 50,
        final_rank: 2,
        total_matches: 10,
        wins: 5,
        win_count: 5,
        badges: [{ tier: 'rank_2', badge_id: 'badge_012' }],
      },
      {
        season_id: 's1',
        season_name: 'シーズン1',
        final_rate: 1600,
        max_rate: 1700,
        win_rate: 55,
        final_rank: 2,
        total_matches: 20,
        wins: 11,
        win_count: 11,
        badges: [{ tier: 'rank_2', badge_id: 'badge_007' }],
      },
    ]);
    expect((await records(await t.login('dummy_02'))).map((r) => r.season_id)).toEqual([]);

    // Once another season is active, s3 becomes a past season.
    await insertSeason(t, { id: 's4', startDate: now, endDate: now + 30 * DAY });
    expect((await t.request({ method: 'POST', url: '/api/admin/seasons/s4/activate', token: admin })).statusCode).toBe(
      200,
    );
    const after = await records();
    expect(after.map((r) => [r.season_id, r.final_rank])).toEqual([
      ['s3', 1],
      ['s2', 2],
      ['s1', 2],
    ]);
  });
});
