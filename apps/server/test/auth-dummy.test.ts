import { dummyUserSchema, loginReplySchema, ROLES } from '@rankmatch/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('test accounts', () => {
  it('lists at least 30 seeded accounts covering all five roles with a spread of rates', async () => {
    t = await createTestApp();
    const res = await t.request({ method: 'GET', url: '/api/auth/dummy/users' });
    expect(res.statusCode).toBe(200);
    const { dummy_users } = z.object({ dummy_users: z.array(dummyUserSchema) }).parse(res.json());
    expect(dummy_users.length).toBeGreaterThanOrEqual(30);
    expect(new Set(dummy_users.map((u) => u.preferred_role))).toEqual(new Set(ROLES));
    const rates = dummy_users.map((u) => u.rate);
    expect(Math.max(...rates) - Math.min(...rates)).toBeGreaterThanOrEqual(400);
    expect(dummy_users.find((u) => u.user_id === 'dummy_special')?.rate).toBe(1800);
  });

  it('logs in with a signed token carrying the dummy flag', async () => {
    t = await createTestApp();
    const res = await t.request({ method: 'POST', url: '/api/auth/dummy/login', payload: { user_id: 'dummy_02' } });
    expect(res.statusCode).toBe(200);
    const body = loginReplySchema.parse(res.json());
    expect(body.user).toMatchObject({ user_id: 'dummy_02', is_dummy: true, auth0_sub: 'dummy|dummy_02' });
    const [header, payload, signature] = body.access_token.split('.');
    expect(JSON.parse(Buffer.from(header as string, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    expect(claims).toMatchObject({ sub: 'dummy_02', dummy: true, original_user_id: 'dummy_02' });
    expect(claims.exp - claims.iat).toBe(24 * 3600);
    expect(signature).toBeTruthy();
  });

  it('creates a new test account: 1500 by default, the given rate and name, 1800 for the special id', async () => {
    t = await createTestApp();
    const plain = (
      await t.request({ method: 'POST', url: '/api/auth/dummy/login', payload: { user_id: 'dummy_new' } })
    ).json();
    expect(plain.user).toMatchObject({ rate: 1500, trainer_name: 'dummy_new' });
    const custom = await t.request({
      method: 'POST',
      url: '/api/auth/dummy/login',
      payload: { user_id: 'dummy_custom', trainer_name: 'カスタム', rate: 1650 },
    });
    expect(custom.json().user).toMatchObject({ rate: 1650, trainer_name: 'カスタム' });
    const listed = (await t.request({ method: 'GET', url: '/api/auth/dummy/users' })).json().dummy_users;
    expect(listed.find((u: { user_id: string }) => u.user_id === 'dummy_custom')).toMatchObject({ rate: 1650 });
  });

  it('refuses ids outside the dummy_ namespace, so a test login can never take a Discord account', async () => {
    t = await createTestApp();
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/dummy/login',
      payload: { user_id: '112233445566778899' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('DUMMY_ID_INVALID');
  });

  it('validates rate and trainer name', async () => {
    t = await createTestApp();
    const rate = await t.request({
      method: 'POST',
      url: '/api/auth/dummy/login',
      payload: { user_id: 'dummy_x', rate: 'high' },
    });
    expect(rate.json()).toMatchObject({
      code: 'RATE_OUT_OF_RANGE',
      error: 'レートは 0〜5000 の整数で指定してください',
    });
    const name = await t.request({
      method: 'POST',
      url: '/api/auth/dummy/login',
      payload: { user_id: 'dummy_x', trainer_name: ' ' },
    });
    expect(name.json().code).toBe('TRAINER_NAME_REQUIRED');
    expect((await t.request({ method: 'GET', url: '/api/users/dummy_x' })).statusCode).toBe(404);
  });

  it('requires the password when DUMMY_LOGIN_PASSWORD is set', async () => {
    t = await createTestApp({ env: { DUMMY_LOGIN_PASSWORD: 'open-sesame' } });
    const missing = await t.request({ method: 'POST', url: '/api/auth/dummy/login', payload: { user_id: 'dummy_01' } });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ error: 'テストアカウントのパスワードが違います', code: 'DUMMY_PASSWORD_INVALID' });
    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/dummy/login',
      payload: { user_id: 'dummy_01', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await t.request({
      method: 'POST',
      url: '/api/auth/dummy/login',
      payload: { user_id: 'dummy_01', password: 'open-sesame' },
    });
    expect(right.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/providers' })).json().dummy_password_required).toBe(true);
  });

  it('answers 404 on every /api/auth/dummy route when test accounts are off', async () => {
    t = await createTestApp({ env: { ENABLE_DUMMY_LOGIN: 'false' } });
    for (const [method, url] of [
      ['GET', '/api/auth/dummy/users'],
      ['POST', '/api/auth/dummy/login'],
    ] as const) {
      const res = await t.request({ method, url, payload: method === 'POST' ? { user_id: 'dummy_01' } : undefined });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('refuses a banned test account', async () => {
    t = await createTestApp();
    const { sql } = await import('drizzle-orm');
    await t.ctx.db.execute(sql`update users set is_banned = true where id = 'dummy_03'`);
    const res = await t.request({ method: 'POST', url: '/api/auth/dummy/login', payload: { user_id: 'dummy_03' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('BANNED');
  });
});

describe('test accounts in production', () => {
  it('are never admins, even on a database first used in development', async () => {
    const dev = await createTestApp();
    const devAdmin = await dev.login('dummy_admin');
    expect((await dev.request({ method: 'GET', url: '/api/admin/audit', token: devAdmin })).statusCode).toBe(200);
    await dev.close();
    const production = await createTestApp({
      reset: false,
      env: {
        NODE_ENV: 'production',
        SHOP_ENABLED: 'false',
        ENABLE_DUMMY_LOGIN: 'true',
        DUMMY_LOGIN_PASSWORD: 'pw',
      },
    });
    try {
      const login = await production.request({
        method: 'POST',
        url: '/api/auth/dummy/login',
        payload: { user_id: 'dummy_admin', password: 'pw' },
      });
      const token = login.json().access_token as string;
      expect(login.json().user.is_admin).toBe(false);
      const res = await production.request({ method: 'GET', url: '/api/admin/audit', token });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    } finally {
      await production.close();
    }
  });
});
