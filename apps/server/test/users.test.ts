import { VALIDATION_MESSAGES as M, publicUserSchema, userProfileSchema } from '@rankmatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('dummy_10');
});
afterAll(() => t.close());

const update = (payload: unknown, as = token) =>
  t.request({ method: 'PUT', url: '/api/users/me/profile', token: as, payload: payload as object });
const me = async () =>
  userProfileSchema.parse((await t.request({ method: 'GET', url: '/api/users/me', token })).json());

describe('own profile', () => {
  it('has every field of the static and dynamic parts', async () => {
    const res = await t.request({ method: 'GET', url: '/api/users/me?_t=123', token });
    expect(res.statusCode).toBe(200);
    const profile = userProfileSchema.strict().parse(res.json());
    expect(profile).toMatchObject({
      user_id: 'dummy_10',
      rate: profile.max_rate,
      match_count: 0,
      effective_penalty: 0,
    });
  });

  it('answers 404 for an identity without a user record, and POST /api/users creates it (idempotent)', async () => {
    const ghost = await t.login('dummy_ghost');
    const { sql } = await import('drizzle-orm');
    await t.ctx.db.execute(sql`delete from users where id = 'dummy_ghost'`);
    const missing = await t.request({ method: 'GET', url: '/api/users/me', token: ghost });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'ユーザー情報が見つかりません', code: 'USER_NOT_FOUND' });
    const created = await t.request({ method: 'POST', url: '/api/users', token: ghost, payload: {} });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      user_id: 'dummy_ghost',
      trainer_name: 'Trainer',
      twitter_id: '',
      bio: '',
      rate: 1500,
    });
    const again = await t.request({ method: 'POST', url: '/api/users', token: ghost });
    expect(again.statusCode).toBe(200);
    expect(again.json().created_at).toBe(created.json().created_at);
  });

  it('updates the profile, trimming and normalising', async () => {
    const res = await update({
      trainer_name: '  ユナイト花子  ',
      twitter_id: ' @hanako_unite ',
      favorite_pokemon: ['pikachu', 'MEWTWO_X'],
      bio: 'よろしくお願いします🎉',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      trainer_name: 'ユナイト花子',
      twitter_id: 'hanako_unite',
      favorite_pokemon: ['PIKACHU', 'MEWTWO_X'],
      bio: 'よろしくお願いします🎉',
    });
    expect(await me()).toMatchObject({ trainer_name: 'ユナイト花子' });
  });

  it('keeps omitted fields and clears the twitter id with an empty string', async () => {
    await update({ trainer_name: 'A', twitter_id: 'someone', bio: 'keep me' });
    const res = await update({ trainer_name: 'B', twitter_id: '' });
    expect(res.json()).toMatchObject({ trainer_name: 'B', twitter_id: '', bio: 'keep me' });
  });

  it('counts the bio in code points: 200 emoji pass, 201 fail', async () => {
    expect((await update({ trainer_name: 'X', bio: '🎮'.repeat(200) })).statusCode).toBe(200);
    const res = await update({ trainer_name: 'X', bio: '🎮'.repeat(201) });
    expect(res.statusCode).toBe(400);
  });

  const cases: [string, unknown, keyof typeof M][] = [
    ['missing trainer name', {}, 'TRAINER_NAME_REQUIRED'],
    ['blank trainer name', { trainer_name: '   ' }, 'TRAINER_NAME_REQUIRED'],
    ['trainer name of the wrong type', { trainer_name: 42 }, 'TRAINER_NAME_REQUIRED'],
    ['trainer name over 32', { trainer_name: 'あ'.repeat(33) }, 'TRAINER_NAME_TOO_LONG'],
    ['twitter id with a space', { trainer_name: 'A', twitter_id: 'bad id' }, 'TWITTER_ID_INVALID'],
    ['twitter id over 15', { trainer_name: 'A', twitter_id: 'a'.repeat(16) }, 'TWITTER_ID_INVALID'],
    ['bio over 200', { trainer_name: 'A', bio: 'x'.repeat(201) }, 'BIO_TOO_LONG'],
    ['unknown character', { trainer_name: 'A', favorite_pokemon: ['agumon'] }, 'FAVORITE_POKEMON_UNKNOWN'],
    ['the empty placeholder', { trainer_name: 'A', favorite_pokemon: ['empty'] }, 'FAVORITE_POKEMON_UNKNOWN'],
    [
      'four favourites',
      { trainer_name: 'A', favorite_pokemon: ['pikachu', 'snorlax', 'lucario', 'gengar'] },
      'FAVORITE_POKEMON_TOO_MANY',
    ],
    [
      'duplicate favourites',
      { trainer_name: 'A', favorite_pokemon: ['pikachu', 'PIKACHU'] },
      'FAVORITE_POKEMON_DUPLICATE',
    ],
    ['malformed badge id', { trainer_name: 'A', current_badge: 'gold' }, 'BADGE_UNKNOWN'],
    [
      'the same badge twice',
      { trainer_name: 'A', current_badge: 'badge_001', current_badge_2: 'badge_001' },
      'BADGE_SLOTS_SAME',
    ],
  ];
  it.each(cases)('refuses %s with its message and changes nothing', async (_name, payload, code) => {
    const before = await me();
    const res = await update(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code, error: M[code] });
    expect(await me()).toEqual(before);
  });

  it('refuses to equip a badge the user does not own', async () => {
    const res = await update({ trainer_name: 'A', current_badge: 'badge_050' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: '所持していないバッジは装備できません', code: 'BADGE_NOT_OWNED' });
  });

  it('equips owned badges through the profile', async () => {
    const admin = await t.login('dummy_admin');
    for (const badge of ['badge_001', 'badge_002']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/admin/badges/award',
        token: admin,
        payload: { user_id: 'dummy_10', badge_id: badge },
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await update({ trainer_name: 'A', current_badge: 'badge_002', current_badge_2: 'badge_001' });
    expect(res.json()).toMatchObject({
      current_badge: 'badge_002',
      current_badge_2: 'badge_001',
      owned_badges: ['badge_001', 'badge_002'],
    });
    const cleared = await update({ trainer_name: 'A', current_badge: null, current_badge_2: '' });
    expect(cleared.json()).toMatchObject({ current_badge: null, current_badge_2: null });
  });
});

describe('other users', () => {
  it('shows public fields only', async () => {
    const res = await t.request({ method: 'GET', url: '/api/users/dummy_11' });
    expect(res.statusCode).toBe(200);
    const user = publicUserSchema.strict().parse(res.json());
    expect(user.user_id).toBe('dummy_11');
    for (const hidden of ['is_admin', 'auth0_sub', 'penalty_count', 'owned_badges', 'is_banned']) {
      expect(res.json()).not.toHaveProperty(hidden);
    }
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expect((await t.request({ method: 'GET', url: '/api/users/dummy_nobody' })).json().code).toBe('USER_NOT_FOUND');
    const bad = await t.request({ method: 'GET', url: `/api/users/${encodeURIComponent('a b')}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('USER_ID_INVALID');
  });
});
