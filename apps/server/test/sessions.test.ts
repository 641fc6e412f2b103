import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_PRUNE_JOB } from '../src/auth/sessions.ts';
import { createTestApp, TEST_SECRET, type TestApp } from './helpers/app.ts';

const UNAUTHORIZED = { error: '認証の有効期限が切れました。再度ログインしてください。', code: 'UNAUTHORIZED' };
const LOGIN_REQUIRED = { error: 'ログインが必要です', code: 'LOGIN_REQUIRED' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token?: string) => t.request({ method: 'GET', url: '/api/users/me', token });

describe('sessions', () => {
  it('accepts a fresh token', async () => {
    expect((await me(await t.login('dummy_01'))).statusCode).toBe(200);
  });

  it('asks a request without a bearer token to sign in, and says a forged one has expired', async () => {
    expect((await me()).json()).toEqual(LOGIN_REQUIRED);
    const res = await t.request({ method: 'GET', url: '/api/users/me', headers: { authorization: 'Basic abc' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(LOGIN_REQUIRED);
    const forged = await t.request({ method: 'GET', url: '/api/users/me', headers: { authorization: 'Bearer abc' } });
    expect(forged.json()).toEqual(UNAUTHORIZED);
  });

  it('refuses a token after logout (revoked server-side), but other sessions live on', async () => {
    const a = await t.login('dummy_02');
    const b = await t.login('dummy_02');
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', token: a });
    expect(out.json()).toEqual({ ok: true });
    const res = await me(a);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
    expect((await me(b)).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/auth/logout', token: a })).statusCode).toBe(401);
  });

  it('refuses an expired token (24 h)', async () => {
    const token = await t.login('dummy_03');
    t.clock.advance(24 * 3600 - 10);
    expect((await me(token)).statusCode).toBe(200);
    t.clock.advance(20);
    expect((await me(token)).statusCode).toBe(401);
    t.clock.advance(-24 * 3600 - 10);
  });

  it('refuses a tampered token', async () => {
    const token = await t.login('dummy_04');
    const [h, p, s] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'dummy_admin' })).toString('base64url');
    expect((await me(`${h}.${forged}.${s}`)).statusCode).toBe(401);
    expect((await me(`${h}.${p}.${s.slice(0, -2)}xx`)).statusCode).toBe(401);
  });

  it('refuses an unsigned token (alg none), like the spec’s fabricated test token', async () => {
    const token = await t.login('dummy_05');
    const claims = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    expect((await me(none)).statusCode).toBe(401);
  });

  it('refuses a token signed with another secret, or for a session that does not exist', async () => {
    const claims = { sid: 'no-such-session', dummy: true };
    const other = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('dummy_06')
      .setIssuedAt(t.clock.now())
      .setExpirationTime(t.clock.now() + 3600)
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await me(other)).statusCode).toBe(401);
    const ours = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('dummy_06')
      .setIssuedAt(t.clock.now())
      .setExpirationTime(t.clock.now() + 3600)
      .sign(new TextEncoder().encode(TEST_SECRET));
    expect((await me(ours)).statusCode).toBe(401);
  });

  it('refuses a banned user’s existing token with 403', async () => {
    const token = await t.login('dummy_07');
    await t.ctx.db.execute(sql`update users set is_banned = true where id = 'dummy_07'`);
    const res = await me(token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'このアカウントは利用停止中です', code: 'BANNED' });
  });

  it('drops sessions that ended over a day ago (the hourly prune job), keeps the rest', async () => {
    const count = async () => {
      const res = await t.ctx.db.execute(sql`select count(*)::int as n from sessions where user_id = 'dummy_08'`);
      return (res as unknown as { rows: { n: number }[] }).rows[0]?.n;
    };
    const old = await t.login('dummy_08');
    const revoked = await t.login('dummy_08');
    await t.request({ method: 'POST', url: '/api/auth/logout', token: revoked });
    t.clock.advance(24 * 3600 + 60); // the first expired a minute ago, the second was revoked a day ago
    const fresh = await t.login('dummy_08');
    expect(await count()).toBe(3);
    expect((await t.built.jobs.run(SESSION_PRUNE_JOB)).ran).toBe(true);
    expect(await count()).toBe(2); // the revoked one is gone; the expired one is kept for a day
    t.clock.advance(24 * 3600);
    await t.built.jobs.run(SESSION_PRUNE_JOB);
    expect(await count()).toBe(1);
    expect((await me(fresh)).statusCode).toBe(401); // expired by now, and kept until tomorrow
    expect((await me(old)).statusCode).toBe(401);
    t.clock.advance(-48 * 3600 - 60);
  });
});
