import { wilson } from '@rankmatch/engine';
import { statsReplySchema } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshAppPerTest, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/community.ts';
import { activeSeason, settledMatch } from './helpers/match.ts';

// The statistics endpoint: a snapshot of the season from the match tables, kept current by settlements, per band.

let t: TestApp;
let admin: string;

freshAppPerTest((fresh) => {
  ({ t, admin } = fresh);
});

async function stats(query = '') {
  const res = await t.request({ method: 'GET', url: `/api/public/stats${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return statsReplySchema.parse(res.json());
}

const settle = (winner: 'A' | 'B') => settledMatch(t, admin, winner);

/** The role advantage of every settled match, counted here from the match tables. */
async function expectedRoleAdvantage() {
  const rows = (
    (await t.ctx.db.execute(sql`select m.id, m.winner, mp.team, mp.role, mp.rate_before from matches m
      join match_players mp on mp.match_id = m.id where m.status = 'done' and m.winner is not null`)) as unknown as {
      rows: { id: number; winner: string; team: string; role: string; rate_before: number }[];
    }
  ).rows;
  const byRole = new Map<string, { games: number; wins: number }>();
  for (const a of rows.filter((r) => r.team === 'A')) {
    const b = rows.find((r) => r.id === a.id && r.team === 'B' && r.role === a.role);
    if (!b || b.rate_before === a.rate_before) continue;
    const higher = a.rate_before > b.rate_before ? 'A' : 'B';
    const entry = byRole.get(a.role) ?? { games: 0, wins: 0 };
    entry.games += 1;
    if (higher === a.winner) entry.wins += 1;
    byRole.set(a.role, entry);
  }
  return [...byRole]
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([role, { games, wins }]) => {
      const [low, high] = wilson(wins, games);
      return { role, games, wins, win_rate: wins / games, win_rate_low: low, win_rate_high: high };
    });
}

describe('GET /api/public/stats', () => {
  it('is empty without a season or matches, and validates its input', async () => {
    expect(await stats('?band=all')).toMatchObject({ season: null, matches: 0, characters: [] });
    await activeSeason(t);
    await t.built.modules.stats.cache.refreshActive(); // an activation is seen by the job (or within seconds)
    expect(await stats()).toMatchObject({ season: { season_id: 's-test' }, matches: 0, rating_histogram: [] });
    expectError(await t.request({ method: 'GET', url: '/api/public/stats?band=x' }), 400, 'STATS_BAND_INVALID');
    expectError(await t.request({ method: 'GET', url: '/api/public/stats?season=nope' }), 404, 'SEASON_NOT_FOUND');
  });

  it('counts settled matches, kept current by each settlement after the first snapshot', async () => {
    await activeSeason(t);
    await settle('A');
    const first = await stats();
    expect(first.matches).toBe(1);
    expect(first.results).toEqual({ A: 1, B: 0, invalid: 0 });
    // Both reporters picked Pikachu and banned Mew: 2 picks of 10 player-games, one won.
    expect(first.characters.find((c) => c.pokemon_id === 'PIKACHU')).toMatchObject({
      picks: 2,
      wins: 1,
      pick_rate: 0.2,
      win_rate: 0.5,
    });
    const [low, high] = wilson(1, 2);
    expect(first.characters.find((c) => c.pokemon_id === 'PIKACHU')?.win_rate_low).toBeCloseTo(low, 10);
    expect(first.characters.find((c) => c.pokemon_id === 'PIKACHU')?.win_rate_high).toBeCloseTo(high, 10);
    expect(first.characters.find((c) => c.pokemon_id === 'MEW')).toMatchObject({ bans: 1, ban_rate: 1, picks: 0 });
    expect(first.rating_histogram).toEqual([
      { from: 1450, count: 5 },
      { from: 1500, count: 5 },
    ]);
    // Per role, did the team whose player in that role was rated higher win? Checked against the match's roster.
    expect(first.role_advantage).toEqual(await expectedRoleAdvantage());

    await settle('B');
    const second = await stats();
    expect(second.matches).toBe(2);
    // (The first match moved the rates apart: the second has roles whose players differ.)
    expect(second.role_advantage).toEqual(await expectedRoleAdvantage());
    expect(second.role_advantage.reduce((n, r) => n + r.games, 0)).toBeGreaterThan(0);
    expect(second.results).toEqual({ A: 1, B: 1, invalid: 0 });
    expect(second.characters.find((c) => c.pokemon_id === 'PIKACHU')).toMatchObject({ picks: 4, wins: 2 });
    expect(second.characters.find((c) => c.pokemon_id === 'MEW')).toMatchObject({ bans: 2, ban_rate: 1 });
    expect(second.matches_per_day.reduce((n, d) => n + d.matches, 0)).toBe(2);
    expect(second.heat_map.flat().reduce((n, x) => n + x, 0)).toBe(2);
    // A full snapshot (counted by the database) says exactly what the folds said, in every band.
    const folded = await Promise.all(['all', 'lt1500', '1500_1699', 'ge1700'].map((b) => stats(`?band=${b}`)));
    await t.built.modules.stats.cache.refreshActive();
    const rebuilt = await Promise.all(['all', 'lt1500', '1500_1699', 'ge1700'].map((b) => stats(`?band=${b}`)));
    // (The waits come from the waves, read by each snapshot: not part of what a settlement folds in.)
    const withoutTime = (r: { computed_at: number | null }) => ({ ...r, computed_at: 0, wait_by_hour: [] });
    expect(rebuilt.map(withoutTime)).toEqual(folded.map(withoutTime));
  });

  it('names the season with its period, and its end once it ended', async () => {
    await activeSeason(t);
    const now = t.clock.now();
    await t.built.modules.stats.cache.refreshActive();
    expect((await stats()).season).toEqual({
      season_id: 's-test',
      season_name: 'テストシーズン',
      start_date: now - 86_400,
      end_date: now + 86_400 * 30,
      ended_at: null,
    });
    t.clock.advance(3600);
    const ended = await t.request({ method: 'POST', url: '/api/admin/seasons/s-test/end', token: admin });
    expect(ended.statusCode, ended.body).toBe(200);
    await t.built.events.drain();
    // The snapshot built while it ran answers with the season as it is now.
    expect((await stats('?season=s-test')).season).toMatchObject({ season_id: 's-test', ended_at: now + 3600 });
  });

  it('gives no win rate to a character that was only banned', async () => {
    await activeSeason(t);
    await settle('A');
    const reply = await stats();
    expect(reply.characters.find((c) => c.pokemon_id === 'MEW')).toEqual({
      pokemon_id: 'MEW',
      picks: 0,
      pick_rate: 0,
      bans: 1,
      ban_rate: 1,
      wins: 0,
      win_rate: null,
      win_rate_low: null,
      win_rate_high: null,
    });
    // A picked character keeps its rate and interval.
    const picked = reply.characters.find((c) => c.pokemon_id === 'PIKACHU');
    expect(picked?.win_rate).toBe(0.5);
    expect(picked?.win_rate_low).toEqual(expect.any(Number));
    expect(picked?.win_rate_high).toEqual(expect.any(Number));
    // The same from a full snapshot (counted by the database) as from the settlement folded in.
    await t.built.modules.stats.cache.refreshActive();
    expect((await stats()).characters.find((c) => c.pokemon_id === 'MEW')?.win_rate).toBeNull();
  });

  it('filters by rating band', async () => {
    await activeSeason(t);
    await settle('A');
    expect((await stats('?band=1500_1699')).matches).toBe(1);
    expect((await stats('?band=ge1700')).matches).toBe(0);
    expect((await stats('?band=lt1500')).matches).toBe(0);
    expect((await stats('?band=lt1500')).rating_histogram).toEqual([{ from: 1450, count: 5 }]);
  });

  it('counts matches as the top page does: every settled match of the season, void ones included', async () => {
    // Issue 21, item 8: the top page said 371 and /stats 380 for one season.
    await activeSeason(t);
    const voided = await settle('A');
    await settle('B');
    await settle('A');
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/matches/${voided.match.match_id}/result`,
      token: admin,
      payload: { winner: 'invalid' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.built.events.drain();
    await expect.poll(async () => (await stats()).results).toEqual({ A: 1, B: 1, invalid: 1 });
    const system = await t.request({ method: 'GET', url: '/api/public/system' });
    expect(system.json().match_count).toBe(3);
    expect((await stats()).matches).toBe(3);
  });
});
