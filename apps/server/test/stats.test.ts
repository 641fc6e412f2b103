import { wilson } from '@rankmatch/engine';
import { statsReplySchema } from '@rankmatch/shared';
import { describe, expect, it } from 'vitest';
import { freshAppPerTest, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/community.ts';
import { activeSeason, matchTen, postReport, report } from './helpers/match.ts';

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

async function settle(winner: 'A' | 'B') {
  const m = await matchTen(t, admin);
  const result = winner === 'A' ? 'A-win' : 'B-win';
  // One report per team settles it (the reports are the picks and bans the statistics read).
  for (const id of [m.teamA[0], m.teamB[0]] as string[]) {
    await postReport(t, m.match.match_id, m.tokenOf(id), report(result, { banned_pokemon: 'MEW' }));
  }
  await t.built.events.drain();
  return m;
}

describe('GET /api/public/stats', () => {
  it('is empty without a season or matches, and validates its input', async () => {
    expect(await stats('?band=all')).toMatchObject({ season: null, matches: 0, characters: [] });
    await activeSeason(t);
    await t.built.stats.refreshActive(); // an activation is seen by the job (or within seconds)
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
    expect(first.roles.reduce((n, r) => n + r.games, 0)).toBe(10);

    await settle('B');
    const second = await stats();
    expect(second.matches).toBe(2);
    expect(second.results).toEqual({ A: 1, B: 1, invalid: 0 });
    expect(second.characters.find((c) => c.pokemon_id === 'PIKACHU')).toMatchObject({ picks: 4, wins: 2 });
    expect(second.characters.find((c) => c.pokemon_id === 'MEW')).toMatchObject({ bans: 2, ban_rate: 1 });
    expect(second.matches_per_day.reduce((n, d) => n + d.matches, 0)).toBe(2);
    expect(second.heat_map.flat().reduce((n, x) => n + x, 0)).toBe(2);
    // A full snapshot (counted by the database) says exactly what the folds said, in every band.
    const folded = await Promise.all(['all', 'lt1500', '1500_1699', 'ge1700'].map((b) => stats(`?band=${b}`)));
    await t.built.stats.refreshActive();
    const rebuilt = await Promise.all(['all', 'lt1500', '1500_1699', 'ge1700'].map((b) => stats(`?band=${b}`)));
    // (The waits come from the waves, read by each snapshot: not part of what a settlement folds in.)
    const withoutTime = (r: { computed_at: number | null }) => ({ ...r, computed_at: 0, wait_by_hour: [] });
    expect(rebuilt.map(withoutTime)).toEqual(folded.map(withoutTime));
  });

  it('filters by rating band', async () => {
    await activeSeason(t);
    await settle('A');
    expect((await stats('?band=1500_1699')).matches).toBe(1);
    expect((await stats('?band=ge1700')).matches).toBe(0);
    expect((await stats('?band=lt1500')).matches).toBe(0);
    expect((await stats('?band=lt1500')).rating_histogram).toEqual([{ from: 1450, count: 5 }]);
  });
});
