import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type FreshApp, freshAppPerTest } from './helpers/app.ts';
import { activeSeason, settledMatch } from './helpers/match.ts';

// HTTP caching (issue 37, item 1): public reads carry a validator and a shared-cache lifetime and answer 304 to a
// current If-None-Match; every reply a session can see is `no-store`, so a shared cache never keeps one.

let f: FreshApp;
freshAppPerTest((fresh) => {
  f = fresh;
});

const get = (url: string, headers: Record<string, string> = {}, token?: string) =>
  f.t.request({ method: 'GET', url, headers, token });

describe('HTTP caching', () => {
  it('declares a cache policy only on public reads', () => {
    const cached = f.t.built.contracts.routes.filter((r) => r.contract?.cache);
    expect(cached.map((r) => r.url).sort()).toEqual([
      '/api/matches/:id/summary',
      '/api/players/:id',
      '/api/public/master',
      '/api/public/ranking',
      '/api/public/seasons',
      '/api/public/stats',
      '/api/public/system',
      '/api/seasons/active',
    ]);
    for (const r of cached) expect([r.method, r.contract?.access]).toEqual(['GET', 'public']);
  });

  it('answers every signed-in read with no-store', async () => {
    const { t, admin } = f;
    const reads = t.built.contracts.routes.filter(
      (r) =>
        r.method === 'GET' && !r.url.includes(':') && ['identity', 'user', 'admin'].includes(r.contract?.access ?? ''),
    );
    expect(reads.length).toBeGreaterThanOrEqual(20);
    let answered = 0;
    for (const r of reads) {
      const res = await get(r.url, {}, admin);
      if (res.statusCode !== 200) continue;
      answered += 1;
      expect(res.headers['cache-control'], r.url).toBe('no-store');
      expect(res.headers.etag, r.url).toBeUndefined();
    }
    expect(answered).toBeGreaterThanOrEqual(15);
  });

  it('refusals before any handler are no-store too: 401, an unknown route', async () => {
    for (const res of [await get('/api/users/me'), await get('/api/no_such_route')]) {
      expect([401, 404]).toContain(res.statusCode);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('the ranking: a validator per snapshot, 304 while it is current, a new one after a settlement', async () => {
    const { t, admin } = f;
    await activeSeason(t);
    const first = await get('/api/public/ranking');
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"/);
    const again = await get('/api/public/ranking', { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await settledMatch(t, admin, 'A');
    await t.built.modules.ranking.snapshot.refresh();
    const after = await get('/api/public/ranking', { 'if-none-match': tag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(tag);
    expect(after.json().rankings.length).toBeGreaterThan(0);
  });

  it('a player page: 304 until the player changes; an unknown player is not kept', async () => {
    const { t, admin } = f;
    await activeSeason(t);
    const m = await settledMatch(t, admin, 'A');
    const id = m.teamA[0] as string;
    const page = await get(`/api/players/${id}`);
    expect(page.statusCode).toBe(200);
    const tag = page.headers.etag as string;
    expect((await get(`/api/players/${id}`, { 'if-none-match': tag })).statusCode).toBe(304);
    await t.ctx.db.execute(sql`update users set bio = 'かわった' where id = ${id}`);
    const changed = await get(`/api/players/${id}`, { 'if-none-match': tag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().profile.bio).toBe('かわった');

    const unknown = await get('/api/players/nobody_here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
    expect(unknown.headers.etag).toBeUndefined();
  });

  it('the system data and the statistics: kept by a shared cache, 304 while current', async () => {
    const { t, admin } = f;
    await activeSeason(t);
    for (const url of ['/api/public/system', '/api/public/stats', '/api/public/stats?band=all']) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toMatch(
        /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
      );
      const tag = first.headers.etag as string;
      expect(tag, url).toMatch(/^W\/"/);
      const again = await get(url, { 'if-none-match': tag });
      // The system data carries the server's clock: its validator holds within the same second only.
      if (again.statusCode === 200) expect(url).toBe('/api/public/system');
      else expect(again.body, url).toBe('');
    }
    const stats = await get('/api/public/stats');
    await settledMatch(t, admin, 'A');
    const after = await get('/api/public/stats', { 'if-none-match': stats.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(stats.headers.etag);
    expect((await get('/api/public/stats?season=no_such_season')).headers['cache-control']).toBe('no-store');
  });
});
