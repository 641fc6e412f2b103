import { BADGE_CONDITION_SHOP, getBadge } from '@rankmatch/shared';
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
    { ctx: built.ctx, seasons: built.modules.seasons, achievements: built.modules.achievements },
    t.clock.now(),
  );
  expect(summary?.matches).toBeGreaterThan(500);
  expect(summary?.accuracy.rank_correlation).toBeGreaterThan(0.2);
  expect(summary?.accuracy.mmr_rank_correlation).toBeGreaterThan(0.2);
  await built.modules.ranking.snapshot.reload();
  await built.modules.stats.cache.refreshActive();
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('the demo seasons', () => {
  it('are seeded once: a restart finds them and writes nothing', async () => {
    const [before] = await rows(sql`select count(*)::int as n from matches`);
    const again = await seedDemoData(
      { ctx: t.built.ctx, seasons: t.built.modules.seasons, achievements: t.built.modules.achievements },
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

  it('carry the MMR from the past season into the running one, σ widened at the first match', async () => {
    const firsts = await rows(sql`
      select distinct on (mp.user_id) mp.user_id, mp.mmr_mu, mp.mmr_sigma, g.mu as past_mu, g.sigma as past_sigma
      from match_players mp join matches m on m.id = mp.match_id
      join lateral (select p2.mmr_mu as mu, p2.mmr_sigma as sigma from match_players p2
        join matches m2 on m2.id = p2.match_id
        where p2.user_id = mp.user_id and m2.season_id = ${DEMO_PAST_SEASON_ID} and m2.winner is not null
        order by m2.settled_at desc, m2.id desc limit 1) g on true
      where m.season_id = ${DEMO_SEASON_ID}
      order by mp.user_id, m.settled_at, m.id`);
    expect(firsts.length).toBeGreaterThan(40);
    // The running season's first match starts from a belief that is not a newcomer's, with a wider σ than the
    // past season's last match started from (its update shrank it a little, the season change widened it).
    for (const f of firsts) {
      expect(Number(f.mmr_sigma)).toBeGreaterThan(Number(f.past_sigma) - 1);
      expect(Number(f.mmr_mu)).not.toBe(1500);
    }
    // Every player's stored MMR is the one after their last rated match.
    const stale = await rows(sql`
      select g.user_id from player_mmr g
      where g.season_id not in (${DEMO_PAST_SEASON_ID}, ${DEMO_SEASON_ID})
        or not exists (select 1 from match_players mp join matches m on m.id = mp.match_id
          where mp.user_id = g.user_id and m.winner is not null and m.season_id = g.season_id)`);
    expect(stale).toEqual([]);
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

  // Issue 21, item 23: a demo consistent with its own history.

  it('registered every player before their first match', async () => {
    const late = await rows(sql`
      select u.id, u.created_at, min(m.matched_at) as first_match from users u
      join match_players mp on mp.user_id = u.id join matches m on m.id = mp.match_id
      group by u.id, u.created_at having u.created_at >= min(m.matched_at)`);
    expect(late).toEqual([]);
    // Not all on one day either: registrations spread over the days before each player's first match.
    const [days] = await rows(sql`select count(distinct created_at / 86400)::int as n from users where is_dummy`);
    expect(days?.n).toBeGreaterThan(5);
  });

  it('gives badges only of the seasons in the data, and match-count badges only for matches played', async () => {
    const owned = await rows(sql`select user_id, badge_id, source from user_badges`);
    const numbers = new Set(
      (await rows(sql`select name from seasons`)).map((s) => /(\d+)$/.exec(String(s.name))?.[1]).filter(Boolean),
    );
    expect([...numbers].sort()).toEqual(['1', '2']);
    const foreign = owned.filter((o) => {
      const n = /^シーズン(\d+)/.exec(getBadge(String(o.badge_id))?.condition ?? '')?.[1];
      return n !== undefined && !numbers.has(n);
    });
    expect(foreign).toEqual([]);
    const played = new Map(
      (
        await rows(sql`select s.user_id, s.season_id, se.name, s.match_count from season_stats s
          join seasons se on se.id = s.season_id`)
      ).map((r) => [`${r.user_id} ${/(\d+)$/.exec(String(r.name))?.[1]}`, Number(r.match_count)]),
    );
    const unearned = owned.filter((o) => {
      const m = /^シーズン(\d+)で(\d+)試合以上プレイ$/.exec(getBadge(String(o.badge_id))?.condition ?? '');
      return m && (played.get(`${o.user_id} ${m[1]}`) ?? 0) < Number(m[2]);
    });
    expect(unearned).toEqual([]);
    // Bought badges come with an order; none was bought in the demo.
    const bought = owned.filter((o) => getBadge(String(o.badge_id))?.condition === BADGE_CONDITION_SHOP);
    expect(bought).toEqual([]);
  });

  it('dates achievements when they were reached and season rewards when the season ended', async () => {
    // matches_N: the settlement of the player's Nth rated match of that season.
    const wrong = await rows(sql`
      with played as (
        select mp.user_id, m.season_id, m.settled_at,
          row_number() over (partition by mp.user_id, m.season_id order by m.settled_at, m.id) as n
        from match_players mp join matches m on m.id = mp.match_id where m.winner is not null)
      select a.user_id, a.achievement_id, a.earned_at, p.settled_at from user_achievements a
      left join played p on p.user_id = a.user_id and p.season_id = a.season_id
        and p.n = substring(a.achievement_id from 'matches_([0-9]+)')::int
      where a.achievement_id like 'matches_%' and a.earned_at is distinct from p.settled_at`);
    expect(wrong).toEqual([]);
    const [matchAchievements] = await rows(
      sql`select count(*)::int as n from user_achievements where achievement_id like 'matches_%'`,
    );
    expect(matchAchievements?.n).toBeGreaterThan(0);
    // Every achievement falls inside the history: none is dated at the seeding time.
    const now = t.clock.now();
    const [today] = await rows(sql`select count(*)::int as n from user_achievements where earned_at >= ${now - 3600}`);
    expect(today?.n).toBe(0);
    // The past season ended at its end date (two weeks before the current one began), with its rewards.
    const [past] = await rows(sql`select end_date, ended_at from seasons where id = ${DEMO_PAST_SEASON_ID}`);
    expect(past?.ended_at).toBe(past?.end_date);
    const rewards = await rows(
      sql`select distinct acquired_at from user_badges where source = 'season' and reference = ${DEMO_PAST_SEASON_ID}`,
    );
    expect(rewards.map((r) => Number(r.acquired_at))).toEqual([Number(past?.end_date)]);
  });
});
