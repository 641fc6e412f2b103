import { matchSummarySchema, playerPageSchema } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshAppPerTest, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/community.ts';
import { activeSeason, matchTen, postReport, report } from './helpers/match.ts';

// Player pages and match summaries: public, built from the match tables; banned or unset players and open matches are
// not shown.

let t: TestApp;
let admin: string;

freshAppPerTest((fresh) => {
  ({ t, admin } = fresh);
});

async function playedMatch() {
  await activeSeason(t);
  const m = await matchTen(t, admin);
  const a = m.teamA[0] as string;
  await postReport(t, m.match.match_id, m.tokenOf(a), report('A-win', { picked_pokemon: 'CHARIZARD' }));
  const res = await postReport(t, m.match.match_id, m.tokenOf(m.teamB[0] as string), report('A-win'));
  expect(res.json()).toMatchObject({ status: 'done' });
  return { m, a };
}

describe('GET /api/players/:id', () => {
  it('shows the profile, numbers, chart, characters, matches and past seasons', async () => {
    const { m, a } = await playedMatch();
    const res = await t.request({ method: 'GET', url: `/api/players/${a}` });
    expect(res.statusCode, res.body).toBe(200);
    const page = playerPageSchema.parse(res.json());
    expect(page.profile).toMatchObject({ user_id: a, rate: 1510, match_count: 1, win_count: 1 });
    expect(page.season?.season_id).toBe('s-test');
    expect(page.rating_history.map((p) => p.rate)).toEqual([1510]);
    expect(page.characters).toEqual([{ pokemon_id: 'CHARIZARD', matches: 1, wins: 1, win_rate: 100 }]);
    expect(page.recent_matches).toEqual([
      expect.objectContaining({ match_id: m.match.match_id, winlose: 1, deck_type: 'CHARIZARD', rate_delta: 10 }),
    ]);
    expect(page.records).toEqual([]);
    // Nothing private: no penalties, no Discord credentials, no admin flags.
    expect(res.body).not.toMatch(/penalty|is_admin|auth0_sub/);
  });

  it('answers 404 for unknown, banned and unset players', async () => {
    expectError(await t.request({ method: 'GET', url: '/api/players/nobody' }), 404, 'USER_NOT_FOUND');
    await t.login('dummy_03');
    await t.ctx.db.execute(sql`update users set is_banned = true where id = 'dummy_03'`);
    expectError(await t.request({ method: 'GET', url: '/api/players/dummy_03' }), 404, 'USER_NOT_FOUND');
    expectError(await t.request({ method: 'GET', url: '/api/users/dummy_03' }), 404, 'USER_NOT_FOUND');
    await t.ctx.db.execute(sql`update users set is_banned = false, trainer_name = '' where id = 'dummy_03'`);
    expectError(await t.request({ method: 'GET', url: '/api/players/dummy_03' }), 404, 'USER_NOT_FOUND');
    expectError(await t.request({ method: 'GET', url: '/api/players/bad%20id' }), 400, 'USER_ID_INVALID');
  });
});

describe('GET /api/matches/:id/summary', () => {
  it('shows a settled match with teams, characters and rate changes', async () => {
    const { m, a } = await playedMatch();
    const res = await t.request({ method: 'GET', url: `/api/matches/${m.match.match_id}/summary` });
    expect(res.statusCode, res.body).toBe(200);
    const summary = matchSummarySchema.parse(res.json());
    expect(summary.winner_team).toBe('A');
    expect(summary.team_a).toHaveLength(5);
    expect(summary.team_b).toHaveLength(5);
    expect(summary.team_a.find((p) => p.user_id === a)).toMatchObject({
      pokemon_id: 'CHARIZARD',
      rate_before: 1500,
      rate_after: 1510,
      rate_delta: 10,
    });
    expect(summary.team_b.every((p) => p.rate_delta === -10)).toBe(true);
  });

  it('does not show a match in progress, or one that does not exist', async () => {
    await activeSeason(t);
    const m = await matchTen(t, admin);
    expectError(
      await t.request({ method: 'GET', url: `/api/matches/${m.match.match_id}/summary` }),
      404,
      'MATCH_SUMMARY_NOT_FOUND',
    );
    expectError(await t.request({ method: 'GET', url: '/api/matches/999/summary' }), 404, 'MATCH_SUMMARY_NOT_FOUND');
  });
});
