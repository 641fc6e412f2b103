import { auditEntrySchema } from '@rankmatch/shared';
import { describe, expect, it } from 'vitest';
import { freshAppPerTest, type TestApp } from './helpers/app.ts';
import { DAY, expectError } from './helpers/community.ts';

// Every admin write leaves an audit entry (actor, action, target, before/after, time); rejected writes leave none.

let t: TestApp;
let admin: string;
let player: string;

freshAppPerTest((fresh) => {
  ({ t, admin, player } = fresh);
});

async function audit(query = '') {
  const res = await t.request({ method: 'GET', url: `/api/admin/audit${query}`, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return auditEntrySchema.array().parse(res.json().entries);
}

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url, token: admin, ...(payload ? { payload } : {}) });

const season = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `シーズン ${id}`,
  start_date: t.clock.now() - DAY,
  end_date: t.clock.now() + 30 * DAY,
  ...extra,
});

describe('GET /api/admin/audit', () => {
  it('is for admins only', async () => {
    expectError(await t.request({ method: 'GET', url: '/api/admin/audit', token: player }), 403, 'FORBIDDEN');
    expectError(await t.request({ method: 'GET', url: '/api/admin/audit' }), 401, 'LOGIN_REQUIRED');
  });

  it('starts empty', async () => {
    expect(await audit()).toEqual([]);
  });

  it('records a settings change with the value before and after', async () => {
    expect((await send('PUT', '/api/master/settings', { id: 'lobby_create_timeout', value: '200' })).statusCode).toBe(
      200,
    );
    t.clock.advance(10);
    expect((await send('PUT', '/api/master/settings', { id: 'lobby_create_timeout', value: 90 })).statusCode).toBe(200);
    const now = t.clock.now();
    expect(await audit()).toEqual([
      {
        id: 2,
        actor_id: 'dummy_admin',
        actor_name: '管理者テスト',
        action: 'settings.update',
        target_type: 'setting',
        target_id: 'lobby_create_timeout',
        before: { value: '200' },
        after: { value: '90' },
        created_at: now,
      },
      {
        id: 1,
        actor_id: 'dummy_admin',
        actor_name: '管理者テスト',
        action: 'settings.update',
        target_type: 'setting',
        target_id: 'lobby_create_timeout',
        before: { value: '150' },
        after: { value: '200' },
        created_at: now - 10,
      },
    ]);
  });

  it('records season create, update, activate and delete, and badge awards', async () => {
    expect((await send('POST', '/api/admin/seasons', season('s1'))).statusCode).toBe(200);
    expect((await send('POST', '/api/admin/seasons', season('s2'))).statusCode).toBe(200);
    expect((await send('PUT', '/api/admin/seasons/s1', season('s1', { name: '改名' }))).statusCode).toBe(200);
    expect((await send('POST', '/api/admin/seasons/s1/activate')).statusCode).toBe(200);
    expect((await send('POST', '/api/admin/seasons/s2/activate')).statusCode).toBe(200);
    expect((await send('DELETE', '/api/admin/seasons/s1')).statusCode).toBe(200);
    const awarded = await send('POST', '/api/admin/badges/award', { user_id: 'dummy_05', badge_id: 'badge_007' });
    expect(awarded.statusCode).toBe(200);

    await t.built.events.drain();
    const all = await audit();
    // The season end's refit of the MMR (issue 33) is the site's own entry, by `system`.
    expect(all.filter((e) => e.action.startsWith('rating.')).map((e) => [e.action, e.actor_id])).toEqual([
      ['rating.refit_kept', 'system'],
    ]);
    const entries = all.filter((e) => !e.action.startsWith('rating.'));
    expect(entries.every((e) => e.actor_id === 'dummy_admin' && e.created_at === t.clock.now())).toBe(true);
    expect(entries.map((e) => [e.action, e.target_type, e.target_id])).toEqual([
      ['badge.award', 'user', 'dummy_05'],
      ['season.delete', 'season', 's1'],
      ['season.activate', 'season', 's2'],
      ['season.end', 'season', 's1'],
      ['season.activate', 'season', 's1'],
      ['season.update', 'season', 's1'],
      ['season.create', 'season', 's2'],
      ['season.create', 'season', 's1'],
    ]);
    const [award, deleted, activate2, ended, activate1, updated, , created] = entries;
    expect(ended).toMatchObject({ before: { is_active: true }, after: { ending_started_at: t.clock.now() } });
    expect(award).toMatchObject({ before: null, after: { badge_id: 'badge_007' } });
    expect(deleted).toMatchObject({ before: { id: 's1', name: '改名', is_active: false }, after: null });
    expect(activate2).toMatchObject({ before: { active_season_id: 's1' }, after: { active_season_id: 's2' } });
    expect(activate1).toMatchObject({ before: { active_season_id: null }, after: { active_season_id: 's1' } });
    expect(updated).toMatchObject({ before: { name: 'シーズン s1' }, after: { name: '改名' } });
    expect(created).toMatchObject({ before: null, after: { id: 's1', theme_color: '#ff6b35', is_active: false } });
  });

  it('records nothing for rejected writes', async () => {
    await send('POST', '/api/admin/seasons', season('s1'));
    await send('POST', '/api/admin/seasons/s1/activate');
    await send('POST', '/api/admin/badges/award', { user_id: 'dummy_05', badge_id: 'badge_007' });
    const before = await audit();
    expect(before).toHaveLength(3);

    const rejected = [
      await send('PUT', '/api/master/settings', { id: 'lobby_create_timeout', value: 999 }),
      await send('PUT', '/api/master/settings', { id: 'nope', value: '1' }),
      await send('POST', '/api/admin/seasons', season('s1')),
      await send('POST', '/api/admin/seasons', season('s2', { theme_color: 'red' })),
      await send('PUT', '/api/admin/seasons/s1', season('s1', { end_date: 0 })),
      await send('PUT', '/api/admin/seasons/missing', season('missing')),
      await send('DELETE', '/api/admin/seasons/s1'),
      await send('POST', '/api/admin/seasons/missing/activate'),
      await send('POST', '/api/admin/badges/award', { user_id: 'dummy_05', badge_id: 'badge_999' }),
      await send('POST', '/api/admin/badges/award', { user_id: 'nobody', badge_id: 'badge_001' }),
      await t.request({
        method: 'PUT',
        url: '/api/master/settings',
        token: player,
        payload: { id: 'rules_content', value: 'x' },
      }),
      await t.request({ method: 'POST', url: '/api/admin/seasons', token: player, payload: season('s3') }),
    ];
    for (const res of rejected) expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    // Awarding a badge the user already owns changes nothing, so it records nothing either.
    await send('POST', '/api/admin/badges/award', { user_id: 'dummy_05', badge_id: 'badge_007' });
    expect(await audit()).toEqual(before);
  });

  it('pages with limit and before_id', async () => {
    for (const value of [61, 62, 63, 64, 65]) {
      await send('PUT', '/api/master/settings', { id: 'lobby_create_timeout', value });
    }
    const firstPage = await audit('?limit=2');
    expect(firstPage.map((e) => e.after)).toEqual([{ value: '65' }, { value: '64' }]);
    const next = await audit(`?limit=2&before_id=${firstPage[1]?.id}`);
    expect(next.map((e) => e.after)).toEqual([{ value: '63' }, { value: '62' }]);
    const res = await t.request({ method: 'GET', url: '/api/admin/audit?limit=0', token: admin });
    expect(res.statusCode).toBe(400);
  });

  it('says where the next page starts, and null on the last one', async () => {
    for (const value of [61, 62, 63]) {
      await send('PUT', '/api/master/settings', { id: 'lobby_create_timeout', value });
    }
    const page = async (query: string) =>
      (await t.request({ method: 'GET', url: `/api/admin/audit${query}`, token: admin })).json();
    const first = await page('?limit=2');
    expect(first.next_before_id).toBe(first.entries[1].id);
    const last = await page(`?limit=2&before_id=${first.next_before_id}`);
    expect(last.entries).toHaveLength(1);
    expect(last.next_before_id).toBeNull();
  });

  it('filters by actor, action prefix and target', async () => {
    await send('PUT', '/api/master/settings', { id: 'lobby_create_timeout', value: 61 });
    await send('POST', '/api/admin/seasons', season('s1'));
    await send('POST', '/api/admin/badges/award', { user_id: 'dummy_05', badge_id: 'badge_007' });
    expect((await audit('?action=season.')).map((e) => e.target_id)).toEqual(['s1']);
    expect((await audit('?target=dummy_05')).map((e) => e.action)).toEqual(['badge.award']);
    expect(await audit('?actor=dummy_admin')).toHaveLength(3);
    expect(await audit('?actor=dummy_01')).toEqual([]);
    // LIKE wildcards in the filter match themselves.
    expect(await audit('?action=%25')).toEqual([]);
    expect(await audit('?action=season_')).toEqual([]);
  });
});
