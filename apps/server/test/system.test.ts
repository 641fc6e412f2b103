import { siteReplySchema, systemReplySchema } from '@rankmatch/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { DAY, insertPlayers, insertSeason, insertStats, playerIds } from './helpers/community.ts';

// Public system data and the site shell's configuration.

let t: TestApp;

beforeEach(async () => {
  await t?.close();
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function system() {
  const res = await t.request({ method: 'GET', url: '/api/public/system' });
  expect(res.statusCode, res.body).toBe(200);
  return systemReplySchema.parse(res.json());
}

/** Unix seconds of a Japan-time wall clock (UTC+9). */
const jst = (y: number, m: number, d: number, h: number, min = 0, s = 0) => Date.UTC(y, m - 1, d, h - 9, min, s) / 1000;

describe('GET /api/public/system', () => {
  it('answers anyone with server time, players and no season', async () => {
    const [seeded] = await t.ctx.db.select({ n: count() }).from(users);
    expect(seeded?.n).toBeGreaterThanOrEqual(32);
    const reply = await system();
    expect(reply).toMatchObject({
      server_time: t.clock.now(),
      is_season_active: false,
      active_season: null,
      player_count: seeded?.n,
      match_count: 0,
    });
    expect(reply.matching.hours_text).toBe('平日 14:00〜翌4:00 / 土日 終日（日本時間）');
  });

  it('shows the active season and counts its players, banned players left out', async () => {
    const now = t.clock.now();
    const ids = playerIds(10);
    await insertPlayers(t, ids);
    await insertPlayers(t, ['banned_1', 'banned_2'], { isBanned: true });
    await insertSeason(t, { id: 'old', startDate: now - 90 * DAY, endDate: now - 30 * DAY });
    await insertSeason(t, { id: 'live', name: 'ライブ', isActive: true });
    // Season numbers of ten players in both seasons (the match count comes from the settled matches, not from these).
    await insertStats(t, [
      ...ids.map((userId) => ({ userId, seasonId: 'live', rate: 1500, matchCount: 3, winCount: 1 })),
      ...ids.map((userId) => ({ userId, seasonId: 'old', rate: 1500, matchCount: 7, winCount: 1 })),
    ]);
    const [active] = await t.ctx.db.select({ n: count() }).from(users).where(eq(users.isBanned, false));
    const reply = await system();
    expect(reply.is_season_active).toBe(true);
    expect(reply.active_season).toMatchObject({ id: 'live', name: 'ライブ', is_active: true });
    expect(reply.player_count).toBe(active?.n);
    // The statistics' count of the live season's settled matches, void ones included: none here (stats.test.ts
    // settles and voids real ones and compares both pages).
    expect(reply.match_count).toBe(0);

    // Past its end date the season is still the marked one, but no longer active.
    t.clock.advance(10 * DAY);
    const later = await system();
    expect(later.is_season_active).toBe(false);
    expect(later.active_season?.id).toBe('live');
  });

  it('says whether matching is open now (weekdays 14:00–04:00, weekends all day, Japan time)', async () => {
    const cases: [number, boolean][] = [
      [jst(2027, 1, 13, 10), false], // Wednesday morning
      [jst(2027, 1, 13, 13, 59, 59), false],
      [jst(2027, 1, 13, 14), true],
      [jst(2027, 1, 14, 3, 59, 59), true], // Wednesday night runs into Thursday
      [jst(2027, 1, 14, 4), false],
      [jst(2027, 1, 16, 10), true], // Saturday
      [jst(2027, 1, 18, 10), false], // Monday
    ];
    for (const [time, open] of cases) {
      t.clock.current = time;
      const reply = await system();
      expect(reply.server_time).toBe(time);
      expect(reply.matching.is_open, new Date(time * 1000).toISOString()).toBe(open);
    }
  });
});

describe('GET /api/site', () => {
  it('gives nulls when nothing is configured', async () => {
    const res = await t.request({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(siteReplySchema.strict().parse(res.json())).toEqual({
      stats_dashboard_url: null,
      operator_name: null,
      operator_contact: null,
      ad_slot_url: null,
    });
  });

  it('gives the configured links and operator', async () => {
    await t.close();
    t = await createTestApp({
      env: {
        STATS_DASHBOARD_URL: 'https://stats.example.com/dashboard',
        OPERATOR_NAME: 'ランクマ運営',
        OPERATOR_CONTACT: 'contact@example.com',
        AD_SLOT_URL: 'https://ads.example.com/slot',
      },
    });
    const res = await t.request({ method: 'GET', url: '/api/site' });
    expect(siteReplySchema.strict().parse(res.json())).toEqual({
      stats_dashboard_url: 'https://stats.example.com/dashboard',
      operator_name: 'ランクマ運営',
      operator_contact: 'contact@example.com',
      ad_slot_url: 'https://ads.example.com/slot',
    });
  });
});

describe('rules text from the running configuration', () => {
  it('says the configured K, report window, reporters, timeout and correction', async () => {
    const configured = await createTestApp({
      reset: false,
      seed: false,
      env: {
        RATING_K_FACTOR: '32',
        REPORT_WINDOW_MINUTES: '45',
        PENALTY_SAME_TEAM_REPORTERS: '3',
        PENALTY_TIMEOUT_MINUTES: '20',
        PENALTY_CORRECTION_MATCHES: '40',
      },
    });
    try {
      const rules = (await configured.request({ method: 'GET', url: '/api/public/system' })).json().rules;
      expect(rules.rating).toContain('K（変動の大きさを決める係数）は通常32です。');
      expect(rules.rating).toContain('勝ちは+10〜+50、負けは−10〜−50');
      expect(rules.rating).toContain('内部レート');
      expect(rules.matchmaking).toContain('内部レート');
      expect(rules.matchmaking).toContain('±200');
      expect(rules.settlement).toContain('45分');
      expect(rules.penalty).toContain('3人以上');
      expect(rules.penalty).toContain('20分');
      expect(rules.penalty).toContain('40試合');
    } finally {
      await configured.close();
    }
  });
});
