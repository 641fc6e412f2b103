import { okReplySchema, ownedBadgesReplySchema, publicUserSchema, userProfileSchema } from '@rankmatch/shared';
import { describe, expect, it } from 'vitest';
import { freshAppPerTest, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/community.ts';

// A user's badges: owned list, equipping two slots, and the admin award.

let t: TestApp;
let admin: string;
let player: string;

freshAppPerTest((fresh) => {
  ({ t, admin, player } = fresh);
});

/** token null: anonymous */
const award = (user_id: string, badge_id: string, token: string | null = admin) =>
  t.request({
    method: 'POST',
    url: '/api/admin/badges/award',
    token: token ?? undefined,
    payload: { user_id, badge_id },
  });

const equip = (payload: Record<string, unknown>, token = player) =>
  t.request({ method: 'PUT', url: '/api/users/me/badges/equip', token, payload });

async function owned(token = player): Promise<string[]> {
  const res = await t.request({ method: 'GET', url: '/api/users/me/badges', token });
  expect(res.statusCode, res.body).toBe(200);
  return ownedBadgesReplySchema.parse(res.json()).owned_badges;
}

async function profile(token = player) {
  const res = await t.request({ method: 'GET', url: '/api/users/me', token });
  expect(res.statusCode, res.body).toBe(200);
  return userProfileSchema.parse(res.json());
}

async function giveTwo() {
  for (const id of ['badge_010', 'badge_003']) {
    const res = await award('dummy_01', id);
    expect(res.statusCode, res.body).toBe(200);
    okReplySchema.parse(res.json());
  }
}

describe('owned badges', () => {
  it('GET /api/users/me/badges needs a signed-in user', async () => {
    expectError(await t.request({ method: 'GET', url: '/api/users/me/badges' }), 401, 'LOGIN_REQUIRED');
  });

  it('starts empty and lists awarded badges in id order', async () => {
    expect(await owned()).toEqual([]);
    await giveTwo();
    expect(await owned()).toEqual(['badge_003', 'badge_010']);
    // Only the awarded user owns them.
    expect(await owned(admin)).toEqual([]);
  });
});

describe('PUT /api/users/me/badges/equip', () => {
  it('equips two owned badges and the profile shows them', async () => {
    await giveTwo();
    const res = await equip({ primary_badge: 'badge_010', secondary_badge: 'badge_003' });
    expect(res.statusCode, res.body).toBe(200);
    expect(okReplySchema.parse(res.json())).toEqual({ ok: true });
    const me = await profile();
    expect(me.owned_badges).toEqual(['badge_003', 'badge_010']);
    expect(me.current_badge).toBe('badge_010');
    expect(me.current_badge_2).toBe('badge_003');
    const pub = await t.request({ method: 'GET', url: '/api/users/dummy_01' });
    expect(publicUserSchema.parse(pub.json())).toMatchObject({
      current_badge: 'badge_010',
      current_badge_2: 'badge_003',
    });
  });

  it('clears a slot with null or an empty string', async () => {
    await giveTwo();
    await equip({ primary_badge: 'badge_010', secondary_badge: 'badge_003' });
    expect((await equip({ primary_badge: 'badge_003', secondary_badge: null })).statusCode).toBe(200);
    expect(await profile()).toMatchObject({ current_badge: 'badge_003', current_badge_2: null });
    expect((await equip({ primary_badge: '', secondary_badge: 'badge_010' })).statusCode).toBe(200);
    expect(await profile()).toMatchObject({ current_badge: null, current_badge_2: 'badge_010' });
    expect((await equip({ primary_badge: null, secondary_badge: null })).statusCode).toBe(200);
    expect(await profile()).toMatchObject({ current_badge: null, current_badge_2: null });
  });

  it('refuses a badge the user does not own, in either slot, changing nothing', async () => {
    await giveTwo();
    await equip({ primary_badge: 'badge_010', secondary_badge: null });
    expectError(await equip({ primary_badge: 'badge_020', secondary_badge: null }), 400, 'BADGE_NOT_OWNED');
    expectError(await equip({ primary_badge: 'badge_003', secondary_badge: 'badge_020' }), 400, 'BADGE_NOT_OWNED');
    // A well-formed id that is not in the catalogue is not owned either.
    expectError(await equip({ primary_badge: 'badge_999', secondary_badge: null }), 400, 'BADGE_NOT_OWNED');
    expect(await profile()).toMatchObject({ current_badge: 'badge_010', current_badge_2: null });
  });

  it('refuses the same badge in both slots', async () => {
    await giveTwo();
    const res = await equip({ primary_badge: 'badge_003', secondary_badge: 'badge_003' });
    expectError(res, 400, 'BADGE_SLOTS_SAME', '同じバッジを2つの枠に装備することはできません');
    expect(await profile()).toMatchObject({ current_badge: null, current_badge_2: null });
  });

  it('refuses malformed ids and bodies with 400', async () => {
    await giveTwo();
    for (const payload of [
      { primary_badge: 'badge_3', secondary_badge: null },
      { primary_badge: 'BADGE_003', secondary_badge: null },
      { primary_badge: 3, secondary_badge: null },
      { primary_badge: null, secondary_badge: ['badge_010'] },
      { primary_badge: 'badge_003' },
      {},
    ]) {
      const res = await equip(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toMatch(/^(VALIDATION_ERROR|BADGE_UNKNOWN)$/);
    }
    expect(await profile()).toMatchObject({ current_badge: null, current_badge_2: null });
  });

  it('needs a signed-in user', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/users/me/badges/equip',
      payload: { primary_badge: null, secondary_badge: null },
    });
    expectError(res, 401, 'LOGIN_REQUIRED');
  });
});

describe('POST /api/admin/badges/award', () => {
  it('is idempotent', async () => {
    expect((await award('dummy_02', 'badge_050')).statusCode).toBe(200);
    expect((await award('dummy_02', 'badge_050')).statusCode).toBe(200);
    expect(await owned(await t.login('dummy_02'))).toEqual(['badge_050']);
  });

  it('answers 404 for an unknown user or badge', async () => {
    expectError(await award('nobody_here', 'badge_001'), 404, 'USER_NOT_FOUND');
    expectError(await award('dummy_02', 'badge_999'), 404, 'BADGE_NOT_FOUND');
    expect(await owned(await t.login('dummy_02'))).toEqual([]);
  });

  it('refuses malformed ids with 400', async () => {
    expect((await award('dummy_02', 'badge-001')).statusCode).toBe(400);
    expect((await award('bad id!', 'badge_001')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expectError(await award('dummy_01', 'badge_001', player), 403, 'FORBIDDEN');
    expectError(await award('dummy_01', 'badge_001', null), 401, 'LOGIN_REQUIRED');
    expect(await owned()).toEqual([]);
  });
});
