import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NEAR_MILESTONE_ID, DEMO_PAST_SEASON_ID, DEMO_SEASON_ID, seedDemoData } from '../src/seed/demo.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// The demo seasons: simulated through the engine's rules, written in bulk, the past season ended by the real season
// end, achievements by the real service; the site's reads then agree with one another.

let t: TestApp;
type Row = Record<string, unknown>;
const rows = async (query: ReturnType<typeof sql>) =>
  ((await t.ctx.db.execute(query)) as unknown as { rows: Row[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  const { built } = t;
  const summary = await seedDemoData(
    { ctx: built.ctx, seasonEnd: built.seasonEnd, achievements: built.achievements },
    t.clock.now(),
  );
  expect(summary?.matches).toBeGreaterThan(500);
  expect(summary?.accuracy.rank_correlation).toBeGreaterThan(0.2);
  await built.ranking.reload();
  await built.stats.refreshActive();
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('the demo seasons', () => {
  it('are seeded once: a restart finds them and writes nothing', async () => {
    const [before] = await rows(sql`select count(*)::int as n from matches`);
    const again = await seedDemoData(
      { ctx: t.built.ctx, seasonEnd: t.built.seasonEnd, achievements: t.built.achievements },
      t.clock.now(),
    );
    expect(again).toBeNull();
    const [after] = await rows(sql`select count(*)::int as n from matches`);
    expect(after?.n).toBe(before?.n);
  });

  it('end the past season through the season end and run the current one', async () => {
    const list = await rows(sql`select id, is_active, ended_at from seasons order by start_date`);
    expect(list.map((s) => [s.id, s.is_active, s.ended_at !== null])).toEqual([
      [DEMO_PAST_SEASON_ID, false, true],
      [DEMO_SEASON_ID, true, false],
    ]);
    const [records] = await rows(
      sql`select count(*)::int as n from season_records where season_id = ${DEMO_PAST_SEASON_ID}`,
    );
    expect(records?.n).toBeGreaterThan(50);
    const [awards] = await rows(
      sql`select count(*)::int as n from season_awards where season_id = ${DEMO_PAST_SEASON_ID}`,
    );
    expect(awards?.n).toBeGreaterThan(0);
  });

  it('keep every table consistent: season numbers are the sum of the settled matches', async () => {
    const mismatched = await rows(sql`
      select s.user_id from season_stats s
      left join (
        select mp.user_id, m.season_id, count(*)::int as played,
          count(*) filter (where m.winner = mp.team)::int as won,
          (array_agg(mp.rate_after order by m.id desc))[1] as last_rate
        from match_players mp join matches m on m.id = mp.match_id
        where m.winner is not null group by mp.user_id, m.season_id
      ) x on x.user_id = s.user_id and x.season_id = s.season_id
      where x.played is distinct from s.match_count or x.won is distinct from s.win_count
        or x.last_rate is distinct from s.rate`);
    expect(mismatched).toEqual([]);
    const [open] = await rows(
      sql`select count(*)::int as n from matches where status <> 'done' or not penalties_processed`,
    );
    expect(open?.n).toBe(0);
  });

  it('leave the near-milestone account one match from 100 with no penalty', async () => {
    const res = await t.request({ method: 'GET', url: `/api/users/${DEMO_NEAR_MILESTONE_ID}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().match_count).toBe(99);
    const [user] = await rows(sql`select penalty_count from users where id = ${DEMO_NEAR_MILESTONE_ID}`);
    expect(user?.penalty_count).toBe(0);
  });

  it('fill the ranking, the statistics, a player page and achievements', async () => {
    const stats = await t.request({ method: 'GET', url: '/api/public/stats?band=all' });
    expect(stats.statusCode).toBe(200);
    expect(stats.json().matches).toBeGreaterThan(200);
    const ranking = await t.request({ method: 'GET', url: '/api/public/ranking' });
    expect(ranking.statusCode).toBe(200);
    const player = await t.request({ method: 'GET', url: '/api/players/dummy_01' });
    expect(player.statusCode).toBe(200);
    expect(player.json().recent_matches.length).toBeGreaterThan(0);
    const [achievements] = await rows(sql`select count(*)::int as n from user_achievements`);
    expect(achievements?.n).toBeGreaterThan(30);
  });
});
