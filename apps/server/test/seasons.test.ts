import {
  activeSeasonReplySchema,
  adminSeasonListSchema,
  DEFAULT_THEME_COLOR,
  ERRORS,
  type Season,
  seasonSchema,
  seasonsReplySchema,
  VALIDATION_MESSAGES,
} from '@rankmatch/shared';
import { describe, expect, it, vi } from 'vitest';
import { freshAppPerTest, type TestApp } from './helpers/app.ts';
import { DAY, expectError } from './helpers/community.ts';

// Seasons: the public active-season reply and the admin CRUD with activation.

let t: TestApp;
let admin: string;
let player: string;
let now: number;

freshAppPerTest((fresh) => {
  ({ t, admin, player } = fresh);
  now = t.clock.now();
});

const fields = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  name: `シーズン ${id}`,
  start_date: now - DAY,
  end_date: now + 30 * DAY,
  ...overrides,
});

const create = (body: Record<string, unknown>, token = admin) =>
  t.request({ method: 'POST', url: '/api/admin/seasons', token, payload: body });
const update = (id: string, body: Record<string, unknown>, token = admin) =>
  t.request({ method: 'PUT', url: `/api/admin/seasons/${id}`, token, payload: body });
const remove = (id: string, token = admin) => t.request({ method: 'DELETE', url: `/api/admin/seasons/${id}`, token });
const activate = (id: string, token = admin) =>
  t.request({ method: 'POST', url: `/api/admin/seasons/${id}/activate`, token });

async function createOk(body: Record<string, unknown>): Promise<Season> {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(200);
  return seasonSchema.parse(res.json());
}

async function list(): Promise<Season[]> {
  const res = await t.request({ method: 'GET', url: '/api/admin/seasons', token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return seasonSchema.array().parse(res.json());
}

async function active() {
  const res = await t.request({ method: 'GET', url: '/api/seasons/active' });
  expect(res.statusCode, res.body).toBe(200);
  return activeSeasonReplySchema.parse(res.json());
}

const failed = (operation: string, message: string) => `シーズンの${operation}に失敗しました: ${message}`;

describe('GET /api/seasons/active', () => {
  it('says no season without any', async () => {
    expect(await active()).toEqual({ is_season_active: false, current_season: null, next_season: null });
  });

  it('is active only while the marked season is within its dates', async () => {
    await createOk(fields('s1', { start_date: now + DAY, end_date: now + 10 * DAY }));
    expect((await activate('s1')).statusCode).toBe(200);
    // Marked active but not started yet.
    let reply = await active();
    expect(reply.is_season_active).toBe(false);
    expect(reply.current_season?.id).toBe('s1');

    t.clock.advance(DAY);
    reply = await active();
    expect(reply.is_season_active).toBe(true);
    expect(reply.current_season).toMatchObject({ id: 's1', is_active: true });

    t.clock.advance(9 * DAY - 1);
    expect((await active()).is_season_active).toBe(true);
    t.clock.advance(1);
    reply = await active();
    expect(reply.is_season_active).toBe(false);
    expect(reply.current_season?.id).toBe('s1');
  });

  it('is not active for a season within its dates that is not marked active', async () => {
    await createOk(fields('s1'));
    expect(await active()).toEqual({ is_season_active: false, current_season: null, next_season: null });
  });

  it('gives the earliest season starting in the future as next_season', async () => {
    await createOk(fields('current'));
    await createOk(fields('later', { start_date: now + 60 * DAY, end_date: now + 90 * DAY }));
    await createOk(fields('sooner', { start_date: now + 30 * DAY, end_date: now + 60 * DAY }));
    await activate('current');
    let reply = await active();
    expect(reply.is_season_active).toBe(true);
    expect(reply.current_season?.id).toBe('current');
    expect(reply.next_season?.id).toBe('sooner');

    t.clock.advance(30 * DAY);
    reply = await active();
    expect(reply.is_season_active).toBe(false);
    expect(reply.next_season?.id).toBe('later');
    t.clock.advance(30 * DAY);
    expect((await active()).next_season).toBeNull();
  });
});

describe('GET /api/public/seasons', () => {
  async function started() {
    // No token: the list is public.
    const res = await t.request({ method: 'GET', url: '/api/public/seasons' });
    expect(res.statusCode, res.body).toBe(200);
    return seasonsReplySchema.parse(res.json()).seasons;
  }

  it('lists the seasons that have started, newest first, without a sign-in', async () => {
    expect(await started()).toEqual([]);
    await createOk(fields('old', { name: '旧シーズン', start_date: now - 90 * DAY, end_date: now - 60 * DAY }));
    await createOk(fields('current', { start_date: now - DAY, end_date: now + 30 * DAY }));
    await createOk(fields('middle', { start_date: now - 60 * DAY, end_date: now - 30 * DAY }));
    await createOk(fields('future', { start_date: now + DAY, end_date: now + 60 * DAY }));
    await activate('current');

    const seasons = await started();
    expect(seasons.map((s) => s.id)).toEqual(['current', 'middle', 'old']);
    expect(seasons[0]).toMatchObject({ is_active: true, start_date: now - DAY, end_date: now + 30 * DAY });
    expect(seasons[2]).toMatchObject({ name: '旧シーズン', is_active: false, ended_at: null });

    // By the app clock: the future season appears once it starts (its start itself counts as started).
    t.clock.advance(DAY);
    expect((await started()).map((s) => s.id)).toEqual(['future', 'current', 'middle', 'old']);
  });
});

describe('admin season CRUD', () => {
  it('creates a season with defaults and lists seasons by start date', async () => {
    const created = await createOk(fields('season-2'));
    expect(created).toEqual({
      id: 'season-2',
      name: 'シーズン season-2',
      description: '',
      start_date: now - DAY,
      end_date: now + 30 * DAY,
      image_url: '',
      theme_color: DEFAULT_THEME_COLOR,
      is_active: false,
      ended_at: null,
    });
    expect(DEFAULT_THEME_COLOR).toBe('#ff6b35');
    const first = await createOk(
      fields('season_1', {
        start_date: now - 90 * DAY,
        end_date: now - 2 * DAY,
        description: '最初のシーズン',
        image_url: 'https://example.com/s1.png',
        theme_color: '#3F6FD8',
      }),
    );
    expect(first).toMatchObject({ image_url: 'https://example.com/s1.png', theme_color: '#3F6FD8' });
    expect((await list()).map((s) => s.id)).toEqual(['season_1', 'season-2']);
  });

  it('accepts site paths as image URLs', async () => {
    expect((await createOk(fields('s1', { image_url: '/images/season1.png' }))).image_url).toBe('/images/season1.png');
  });

  it('refuses a duplicate id with 409', async () => {
    await createOk(fields('s1'));
    const res = await create(fields('s1', { name: '別名' }));
    expectError(res, 409, 'SEASON_EXISTS', failed('作成', ERRORS.SEASON_EXISTS.message));
    expect((await list()).map((s) => s.name)).toEqual(['シーズン s1']);
  });

  it('refuses dates out of order', async () => {
    for (const dates of [
      { start_date: now, end_date: now },
      { start_date: now + DAY, end_date: now },
    ]) {
      const res = await create(fields('s1', dates));
      expectError(res, 400, 'SEASON_DATES_ORDER', failed('作成', VALIDATION_MESSAGES.SEASON_DATES_ORDER));
    }
    expect(await list()).toEqual([]);
  });

  it('refuses a bad theme colour', async () => {
    for (const theme_color of ['#ff6b3', 'red', 'ff6b35', '#gggggg', '']) {
      const res = await create(fields('s1', { theme_color }));
      expectError(res, 400, 'THEME_COLOR_INVALID', failed('作成', VALIDATION_MESSAGES.THEME_COLOR_INVALID));
    }
  });

  it('refuses a bad image URL', async () => {
    for (const image_url of ['ftp://example.com/a.png', 'javascript:alert(1)', 'not a url', '//evil.example/x.png']) {
      const res = await create(fields('s1', { image_url }));
      expectError(res, 400, 'SEASON_IMAGE_URL_INVALID', failed('作成', VALIDATION_MESSAGES.SEASON_IMAGE_URL_INVALID));
    }
  });

  it('refuses a bad id', async () => {
    for (const id of ['Season1', 'season 1', '', '-s1', 'a'.repeat(41)]) {
      const res = await create(fields(id));
      expectError(res, 400, 'SEASON_ID_INVALID', failed('作成', VALIDATION_MESSAGES.SEASON_ID_INVALID));
    }
    expectError(
      await remove('Season1'),
      400,
      'SEASON_ID_INVALID',
      failed('削除', VALIDATION_MESSAGES.SEASON_ID_INVALID),
    );
    expect(await list()).toEqual([]);
  });

  it('refuses a missing name', async () => {
    const res = await create(fields('s1', { name: '  ' }));
    expectError(res, 400, 'SEASON_NAME_REQUIRED', failed('作成', VALIDATION_MESSAGES.SEASON_NAME_REQUIRED));
    const { name: _name, ...withoutName } = fields('s1');
    expect((await create(withoutName)).json().code).toBe('SEASON_NAME_REQUIRED');
  });

  it('updates a season; the id cannot change', async () => {
    await createOk(fields('s1'));
    // The edit is a domain event (the ranking follows it, as it follows every rate change): only when it commits.
    const updated: string[] = [];
    const stop = t.built.bus.subscribe((e) => {
      if (e.type === 'season.updated') updated.push(e.season_id);
    });
    const res = await update('s1', {
      name: '改名シーズン',
      description: '説明',
      start_date: now,
      end_date: now + 5 * DAY,
      image_url: '/s1.png',
      theme_color: '#123456',
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      id: 's1',
      name: '改名シーズン',
      description: '説明',
      start_date: now,
      end_date: now + 5 * DAY,
      image_url: '/s1.png',
      theme_color: '#123456',
      is_active: false,
      ended_at: null,
    };
    expect(seasonSchema.parse(res.json())).toEqual(expected);
    expect(await list()).toEqual([expected]);
    await vi.waitFor(() => expect(updated).toEqual(['s1']));
    // Activation has its own action: a flag in the body is ignored.
    const flagged = await update('s1', { ...expected, is_active: true });
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect(flagged.json().is_active).toBe(false);

    const renamed = await update('s1', fields('other'));
    expectError(renamed, 400, 'SEASON_ID_INVALID', failed('更新', VALIDATION_MESSAGES.SEASON_ID_INVALID));
    expectError(
      await update('S1', fields('s1')),
      400,
      'SEASON_ID_INVALID',
      failed('更新', VALIDATION_MESSAGES.SEASON_ID_INVALID),
    );
    const bad = await update('s1', fields('s1', { start_date: now + 10 * DAY, end_date: now }));
    expectError(bad, 400, 'SEASON_DATES_ORDER', failed('更新', VALIDATION_MESSAGES.SEASON_DATES_ORDER));
    expectError(
      await update('nope', fields('nope')),
      404,
      'SEASON_NOT_FOUND',
      failed('更新', ERRORS.SEASON_NOT_FOUND.message),
    );
    expect(await list()).toEqual([expected]);
    stop();
    expect(updated).toEqual(['s1', 's1']);
  });

  it('keeps exactly one active season: activating another ends the one running', async () => {
    await createOk(fields('s1'));
    await createOk(fields('s2', { start_date: now + DAY, end_date: now + 40 * DAY }));
    const first = await activate('s1');
    expect(first.statusCode, first.body).toBe(200);
    expect(seasonSchema.parse(first.json())).toMatchObject({ id: 's1', is_active: true });
    expect((await list()).filter((s) => s.is_active).map((s) => s.id)).toEqual(['s1']);

    expect(seasonSchema.parse((await activate('s2')).json()).is_active).toBe(true);
    const seasons = await list();
    expect(seasons.filter((s) => s.is_active).map((s) => s.id)).toEqual(['s2']);
    expect(seasons.find((s) => s.id === 's1')?.ended_at).toBe(now);
    // Activating the active season again changes nothing; an ended season cannot come back.
    expect((await activate('s2')).statusCode).toBe(200);
    expect((await list()).filter((s) => s.is_active).map((s) => s.id)).toEqual(['s2']);
    expect((await active()).current_season?.id).toBe('s2');
    expectError(
      await activate('s1'),
      409,
      'SEASON_ENDED_ACTIVATE',
      failed('有効化', ERRORS.SEASON_ENDED_ACTIVATE.message),
    );

    expectError(await activate('nope'), 404, 'SEASON_NOT_FOUND', failed('有効化', ERRORS.SEASON_NOT_FOUND.message));
    expect((await list()).filter((s) => s.is_active).map((s) => s.id)).toEqual(['s2']);
  });

  it('keeps exactly one active season when admins activate seasons at the same time', async () => {
    for (const round of [0, 1, 2]) {
      const ids = ['a', 'b', 'c'].map((x) => `r${round}-${x}`);
      for (const id of ids) await createOk(fields(id));
      const replies = await Promise.all(ids.map((id) => activate(id)));
      for (const res of replies) expect(res.statusCode, res.body).toBe(200);
      const seasons = await list();
      const marked = seasons.filter((s) => s.is_active);
      expect(marked, `round ${round}`).toHaveLength(1);
      expect((await active()).current_season?.id).toBe(marked[0]?.id);
      // Every season that was replaced has ended.
      const replaced = seasons.filter((s) => !s.is_active && s.ended_at === null && ids.includes(s.id));
      expect(replaced, `round ${round}`).toEqual([]);
    }
  });

  it('never deletes a season that is being activated at the same time', async () => {
    let activeId: string | undefined;
    for (const round of [0, 1, 2, 3, 4, 5]) {
      const id = `race-${round}`;
      await createOk(fields(id));
      const [activated, deleted] = await Promise.all([activate(id), remove(id)]);
      const outcome = [activated.statusCode, deleted.statusCode];
      // Either the activation wins (the delete is refused) or the delete wins (nothing left to activate).
      expect([
        [200, 409],
        [404, 200],
      ]).toContainEqual(outcome);
      if (outcome[0] === 200) activeId = id;
      const seasons = await list();
      expect(seasons.filter((s) => s.is_active).map((s) => s.id)).toEqual(activeId ? [activeId] : []);
    }
  });

  it('deletes an inactive season but not the active one', async () => {
    await createOk(fields('s1'));
    await createOk(fields('s2'));
    await activate('s1');
    // The list says which can go: not the active season (nor one with matches, see queue.test.ts).
    const listed = await t.request({ method: 'GET', url: '/api/admin/seasons', token: admin });
    expect(
      adminSeasonListSchema
        .parse(listed.json())
        .map((s) => ({ id: s.id, deletable: s.deletable, n: s.match_count }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    ).toEqual([
      { id: 's1', deletable: false, n: 0 },
      { id: 's2', deletable: true, n: 0 },
    ]);
    const refused = await remove('s1');
    expectError(refused, 409, 'SEASON_ACTIVE_DELETE', failed('削除', ERRORS.SEASON_ACTIVE_DELETE.message));
    const res = await remove('s2');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await list()).map((s) => s.id)).toEqual(['s1']);
    expectError(await remove('s2'), 404, 'SEASON_NOT_FOUND', failed('削除', ERRORS.SEASON_NOT_FOUND.message));
  });

  it('is for admins only', async () => {
    await createOk(fields('s1'));
    const calls = [
      { method: 'GET', url: '/api/admin/seasons' },
      { method: 'POST', url: '/api/admin/seasons', payload: fields('s2') },
      { method: 'PUT', url: '/api/admin/seasons/s1', payload: fields('s1', { name: 'x' }) },
      { method: 'DELETE', url: '/api/admin/seasons/s1' },
      { method: 'POST', url: '/api/admin/seasons/s1/activate' },
    ] as const;
    for (const call of calls) {
      expectError(await t.request({ ...call, token: player }), 403, 'FORBIDDEN');
      expectError(await t.request({ ...call }), 401, 'LOGIN_REQUIRED');
    }
    expect(await list()).toEqual([expect.objectContaining({ id: 's1', name: 'シーズン s1', is_active: false })]);
  });
});
