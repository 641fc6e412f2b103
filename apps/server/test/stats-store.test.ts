import { statsReplySchema } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { foldPersisted, loadCounts } from '../src/stats/store.ts';
import { freshAppPerTest, type TestApp } from './helpers/app.ts';
import { activeSeason, settledMatch } from './helpers/match.ts';

// The persisted fold of a season's statistics: the job adds the matches it lacks in batches, each exactly once; an
// instance's snapshot is the persisted counts plus the rest; a result correction makes the season count again.

let t: TestApp;
let admin: string;

freshAppPerTest((fresh) => {
  ({ t, admin } = fresh);
});

const settle = (winner: 'A' | 'B') => settledMatch(t, admin, winner);

async function stats() {
  const res = await t.request({ method: 'GET', url: '/api/public/stats?band=all' });
  expect(res.statusCode, res.body).toBe(200);
  return statsReplySchema.parse(res.json());
}

const fromScratch = async () => {
  const { seasonCounts } = await import('../src/stats/queries.ts');
  return t.ctx.db.transaction((tx) => seasonCounts(tx, 's-test'));
};

describe('the persisted statistics fold', () => {
  it('counts every settled match once, in batches, and starts each snapshot from it', async () => {
    await activeSeason(t);
    await settle('A');
    await settle('B');
    await settle('A');
    const now = t.clock.now();
    // Batches of two: two runs fold the three matches; a third finds nothing.
    expect(await foldPersisted(t.ctx.db, 's-test', now, 2)).toBe(2);
    expect(await foldPersisted(t.ctx.db, 's-test', now, 2)).toBe(1);
    expect(await foldPersisted(t.ctx.db, 's-test', now, 2)).toBe(0);
    const scratch = await fromScratch();
    const loaded = await loadCounts(t.ctx.db, 's-test');
    expect(loaded.counts).toEqual(scratch.counts);
    expect([...loaded.ids].sort()).toEqual([...scratch.ids].sort());

    // A match settled after the last fold is counted on top of the persisted part, not twice.
    await settle('B');
    const later = await loadCounts(t.ctx.db, 's-test');
    expect(later.counts).toEqual((await fromScratch()).counts);
    expect(later.counts.all.matches).toBe(4);
    const [row] = (
      (await t.ctx.db.execute(
        sql`select match_count, (select count(*)::int from stats_folded) as folded from stats_snapshots`,
      )) as unknown as { rows: { match_count: number; folded: number }[] }
    ).rows;
    expect(row).toEqual({ match_count: 3, folded: 3 });

    // The page's snapshot is built from it.
    await t.built.modules.stats.cache.refreshActive();
    expect((await stats()).matches).toBe(4);
  });

  it('counts a season again after a result correction', async () => {
    await activeSeason(t);
    const m = await settle('A');
    await settle('A');
    expect(await t.built.modules.stats.cache.foldActive()).toBe(2);
    await t.built.modules.stats.cache.refreshActive();
    expect((await stats()).results).toEqual({ A: 2, B: 0, invalid: 0 });

    const res = await t.request({
      method: 'POST',
      url: `/api/admin/matches/${m.match.match_id}/result`,
      token: admin,
      payload: { winner: 'B' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.built.events.drain();
    // The persisted fold is forgotten; every instance counts the season from its matches.
    const [left] = (
      (await t.ctx.db.execute(sql`select count(*)::int as n from stats_snapshots`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(left?.n).toBe(0);
    await expect.poll(async () => (await stats()).results).toEqual({ A: 1, B: 1, invalid: 0 });
    expect(await t.built.modules.stats.cache.foldActive()).toBe(2);
    expect((await loadCounts(t.ctx.db, 's-test')).counts).toEqual((await fromScratch()).counts);
  });

  it('counts again a fold persisted by an earlier version, whose counts have other fields', async () => {
    await activeSeason(t);
    await settle('A');
    await settle('B');
    expect(await foldPersisted(t.ctx.db, 's-test', t.clock.now())).toBe(2);
    // As an earlier version wrote it: each band had the players' win rate per role, no role advantage.
    const scratch = await fromScratch();
    const older = Object.fromEntries(
      Object.entries(scratch.counts).map(([band, { roleAdvantage: _, ...rest }]) => [
        band,
        { ...rest, roles: { TANK: { games: 2, wins: 1 } } },
      ]),
    );
    await t.ctx.db.execute(sql`update stats_snapshots set counts = ${JSON.stringify(older)}::jsonb`);

    // An instance does not use it; the job folds the season again from its first match.
    expect((await loadCounts(t.ctx.db, 's-test')).counts).toEqual(scratch.counts);
    expect(await foldPersisted(t.ctx.db, 's-test', t.clock.now())).toBe(2);
    expect(await foldPersisted(t.ctx.db, 's-test', t.clock.now())).toBe(0);
    expect((await loadCounts(t.ctx.db, 's-test')).counts).toEqual(scratch.counts);
  });
});
