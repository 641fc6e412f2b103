import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { FakeDiscord, type FakeDiscordUser } from './helpers/fake-discord.ts';

// Where the admin flag comes from (issue 23, part 4): ADMIN_USER_IDS makes the accounts that exist at start admins,
// and the others at their first sign-in; a test account never carries the flag in production, neither in a reply nor
// in its row, whatever gave it the flag.

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

describe('ADMIN_USER_IDS', () => {
  const discord = new FakeDiscord();
  beforeAll(async () => {
    await discord.start();
  });
  afterAll(async () => {
    await discord.stop();
  });

  /** The whole Discord sign-in (authorize, the fake's consent, the callback) of `user`. */
  async function signIn(app: TestApp, user: FakeDiscordUser) {
    discord.nextUser = user;
    const start = await app.request({ method: 'GET', url: '/api/auth/discord/authorize?return_to=%2F' });
    expect(start.statusCode).toBe(302);
    const consent = await fetch(new URL(start.headers.location as string), { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') as string);
    const res = await app.request({
      method: 'POST',
      url: '/api/auth/discord/callback',
      payload: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
      headers: { cookie: String(start.headers['set-cookie']).split(';')[0] as string },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { access_token: string; user: { id: string; is_admin: boolean } };
  }

  const newcomer: FakeDiscordUser = {
    id: '445566778899001122',
    username: 'new_admin',
    global_name: null,
    avatar: null,
  };
  const veteran: FakeDiscordUser = { id: '556677889900112233', username: 'old_admin', global_name: null, avatar: null };
  const env = () => ({ ...discord.env(), PUBLIC_URL: 'http://localhost:3000' });

  it('makes an id that signs in for the first time after the start an admin at once', async () => {
    const app = await open({ env: { ...env(), ADMIN_USER_IDS: `${newcomer.id},dummy_unused` } });
    expect(await isAdminRow(app, newcomer.id)).toBeUndefined();
    const login = await signIn(app, newcomer);
    expect(login.user.is_admin).toBe(true);
    expect(await isAdminRow(app, newcomer.id)).toBe(true);
    const admin = await app.request({ method: 'GET', url: '/api/admin/audit', token: login.access_token });
    expect(admin.statusCode).toBe(200);
  });

  it('still makes the ids that exist at start admins, and leaves other new accounts alone', async () => {
    const before = await open({ env: env() });
    expect((await signIn(before, veteran)).user.is_admin).toBe(false);
    await before.close();
    const app = await open({ env: { ...env(), ADMIN_USER_IDS: veteran.id }, reset: false });
    expect(await isAdminRow(app, veteran.id)).toBe(true);
    const login = await signIn(app, veteran);
    expect(login.user.is_admin).toBe(true);
    const other = await signIn(app, newcomer);
    expect(other.user.is_admin).toBe(false);
    const admin = await app.request({ method: 'GET', url: '/api/admin/audit', token: other.access_token });
    expect(admin.statusCode).toBe(403);
    // A configured admin another admin demoted stays demoted at their next sign-in (until the next start).
    const demote = await app.request({
      method: 'PUT',
      url: `/api/admin/users/${veteran.id}`,
      token: await app.login('dummy_admin'),
      payload: { is_admin: false },
    });
    expect(demote.statusCode, demote.body).toBe(200);
    expect((await signIn(app, veteran)).user.is_admin).toBe(false);
  });

  it('makes a new test account named there an admin outside production only', async () => {
    const dev = await open({ env: { ADMIN_USER_IDS: 'dummy_newadmin' } });
    expect(await dev.login('dummy_newadmin').then(() => isAdminRow(dev, 'dummy_newadmin'))).toBe(true);
    await dev.close();
    const app = await open({ env: { ...PRODUCTION, ADMIN_USER_IDS: 'dummy_newadmin2' } });
    const login = await dummyLogin(app, 'dummy_newadmin2');
    expect(login.user.is_admin).toBe(false);
    expect(await isAdminRow(app, 'dummy_newadmin2')).toBe(false);
  });
});
