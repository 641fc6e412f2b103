import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Where the admin flag comes from (issue 23, part 4): a test account never carries it in production, neither in a
// reply nor in its row, whatever gave it the flag.

const opened: TestApp[] = [];
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
});

async function open(options: Parameters<typeof createTestApp>[0]): Promise<TestApp> {
  const app = await createTestApp(options);
  opened.push(app);
  return app;
}

const PRODUCTION = {
  NODE_ENV: 'production',
  SHOP_ENABLED: 'false',
  ENABLE_DUMMY_LOGIN: 'true',
  DUMMY_LOGIN_PASSWORD: 'pw-for-tests',
};

async function isAdminRow(app: TestApp, id: string): Promise<boolean | undefined> {
  const rows = await app.ctx.db.execute<{ is_admin: boolean }>(sql`select is_admin from users where id = ${id}`);
  const list =
    (rows as unknown as { rows?: { is_admin: boolean }[] }).rows ?? (rows as unknown as { is_admin: boolean }[]);
  return list[0]?.is_admin;
}

async function dummyLogin(app: TestApp, id: string) {
  const res = await app.request({
    method: 'POST',
    url: '/api/auth/dummy/login',
    payload: { user_id: id, password: 'pw-for-tests' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { access_token: string; user: { is_admin: boolean } };
}

describe('test accounts in production never carry the admin flag', () => {
  it('when ADMIN_USER_IDS names one: not in the login reply, not in the row, and no admin route', async () => {
    const app = await open({ env: { ...PRODUCTION, ADMIN_USER_IDS: 'dummy_admin,dummy_07' } });
    for (const id of ['dummy_admin', 'dummy_07']) {
      const login = await dummyLogin(app, id);
      expect(login.user.is_admin, id).toBe(false);
      expect(await isAdminRow(app, id), id).toBe(false);
      const me = await app.request({ method: 'GET', url: '/api/users/me', token: login.access_token });
      expect(me.json().is_admin, id).toBe(false);
      const admin = await app.request({ method: 'GET', url: '/api/admin/audit', token: login.access_token });
      expect(admin.statusCode, id).toBe(403);
    }
  });

  it('when the row was flagged after the start (a development instance on the same database): the login drops it', async () => {
    const app = await open({ env: PRODUCTION });
    await app.ctx.db.execute(sql`update users set is_admin = true where id = 'dummy_admin'`);
    const login = await dummyLogin(app, 'dummy_admin');
    expect(login.user.is_admin).toBe(false);
    expect(await isAdminRow(app, 'dummy_admin')).toBe(false);
    const admin = await app.request({ method: 'GET', url: '/api/admin/audit', token: login.access_token });
    expect(admin.statusCode).toBe(403);
  });

  it('outside production dummy_admin stays the admin of development', async () => {
    const app = await open({});
    const login = await dummyLogin(app, 'dummy_admin');
    expect(login.user.is_admin).toBe(true);
    const admin = await app.request({ method: 'GET', url: '/api/admin/audit', token: login.access_token });
    expect(admin.statusCode).toBe(200);
  });
});
