import { type Mmr, mmrWinProbability } from '@rankmatch/engine';
import { type CurrentMatch, type MatchSummary, PREDICTED_CHANCE_TEXTS, predictedPercents } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { type FreshApp, freshAppPerTest, type TestApp } from './helpers/app.ts';
import { activeSeason, tenIds } from './helpers/match.ts';

// Fair from the first match (issue 33, item 5), through the real wave runner (the admin's trigger): newcomers (no
// MMR yet: σ is a newcomer's) are spread over both teams even when that costs a few points of gap, and each match
// keeps team A's predicted chance (the MMR's, every σ included), shown on the match screen and the match page.

let f: FreshApp;
freshAppPerTest((fresh) => {
  f = fresh;
});

// dummy_01 and dummy_02 are new at 1500; the eight others have a settled MMR at these means. The smallest gap (0)
// puts the two newcomers together; the best split that separates them has a gap of 8 points.
const VETERANS = [1580, 1440, 1430, 1450, 1530, 1590, 1410, 1430];
const VETERAN_SIGMA = 80;

async function queueUp(t: TestApp): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  for (const [i, userId] of tenIds().entries()) {
    const token = await t.login(userId);
    tokens.set(userId, token);
    await t.ctx.db.execute(sql`update users set start_rate = 1500 where id = ${userId}`);
    const mu = i < 2 ? null : VETERANS[i - 2];
    if (mu !== null && mu !== undefined) {
      await t.ctx.db.execute(sql`insert into player_mmr (user_id, mu, sigma, season_id, updated_at)
        values (${userId}, ${mu}, ${VETERAN_SIGMA}, 's-test', ${t.clock.now()})`);
    }
    const res = await t.request({ method: 'POST', url: '/api/queue/join', token, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    t.clock.advance(1);
  }
  return tokens;
}

const beliefOf = (userId: string): Mmr => {
  const i = tenIds().indexOf(userId);
  return i < 2 ? { mu: 1500, sigma: 125 } : { mu: VETERANS[i - 2] as number, sigma: VETERAN_SIGMA };
};

describe('fair teams from the first match', () => {
  it('spreads the newcomers over both teams and keeps, shows and publishes the predicted chance', async () => {
    const { t, admin } = f;
    await activeSeason(t);
    const tokens = await queueUp(t);
    const wave = await t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin });
    expect(wave.statusCode, wave.body).toBe(200);
    expect(wave.json().created_matches).toHaveLength(1);

    const res = await t.request({ method: 'GET', url: '/api/matches/current', token: tokens.get('dummy_01') });
    expect(res.statusCode, res.body).toBe(200);
    const match = res.json() as CurrentMatch;
    const teamA = match.team_a.players.map((p) => p.user_id);
    const teamB = match.team_b.players.map((p) => p.user_id);
    // One newcomer in each team.
    expect(teamA.includes('dummy_01')).not.toBe(teamA.includes('dummy_02'));

    // The chance is the MMR's, with the parameters in force and every player's σ.
    const mmr = t.ctx.config.rules.rating.mmr;
    const expected = mmrWinProbability(teamA.map(beliefOf), teamB.map(beliefOf), mmr);
    expect(match.predicted_a).toBeCloseTo(expected, 12);
    expect(match.predicted_a).not.toBe(0.5);
    const [row] = rowsOf<{ predicted_a: number }>(
      await t.ctx.db.execute(sql`select predicted_a from matches where id = ${Number(match.match_id)}`),
    );
    expect(row?.predicted_a).toBeCloseTo(expected, 12);

    // Once settled, the public match page has it too.
    await t.ctx.db.execute(sql`update matches set status = 'done', winner = 'A', settled_at = ${t.clock.now()}
      where id = ${Number(match.match_id)}`);
    const page = await t.request({ method: 'GET', url: `/api/matches/${match.match_id}/summary` });
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json() as MatchSummary).predicted_a).toBeCloseTo(expected, 12);
    const { a, b } = predictedPercents(expected);
    expect(a + b).toBe(100);
    expect(PREDICTED_CHANCE_TEXTS.value(expected)).toBe(`A ${a}% : B ${b}%`);
  });

  it('treats a player with a settled MMR as known, whatever their season count', async () => {
    const { t, admin } = f;
    await activeSeason(t);
    // Everyone known: the smallest gap wins, which keeps dummy_01 and dummy_02 (both at 1500, σ 80) together.
    const tokens = await queueUp(t);
    for (const userId of ['dummy_01', 'dummy_02']) {
      await t.ctx.db.execute(sql`insert into player_mmr (user_id, mu, sigma, season_id, updated_at)
        values (${userId}, 1500, ${VETERAN_SIGMA}, 's-test', ${t.clock.now()})`);
    }
    const wave = await t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin });
    expect(wave.json().created_matches).toHaveLength(1);
    const match = (
      await t.request({ method: 'GET', url: '/api/matches/current', token: tokens.get('dummy_01') })
    ).json() as CurrentMatch;
    const teamA = match.team_a.players.map((p) => p.user_id);
    expect(teamA.includes('dummy_01')).toBe(teamA.includes('dummy_02'));
    const [row] = rowsOf<{ team_gap: number }>(
      await t.ctx.db.execute(sql`select team_gap from matches where id = ${Number(match.match_id)}`),
    );
    expect(row?.team_gap).toBe(0);
  });
});
