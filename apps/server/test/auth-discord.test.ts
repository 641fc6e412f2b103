import { ACCOUNT_DELETION_GRACE_SECONDS, loginReplySchema } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_JOB } from '../src/deletion/delete.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { FakeDiscord } from './helpers/fake-discord.ts';

// The whole Discord sign-in against a local fake that speaks Discord's OAuth2 protocol.

let t: TestApp;
const discord = new FakeDiscord();

beforeAll(async () => {
  await discord.start();
});
afterAll(async () => {
  await t?.close();
  await discord.stop();
});
beforeEach(async () => {
  await t?.close();
  t = await createTestApp({ env: { ...discord.env(), PUBLIC_URL: 'http://localhost:3000' } });
  discord.tokenFailureStatus = null;
  discord.denyNext = false;
});

/** Our authorize endpoint → Discord's authorize page → the redirect back to the web app (code, state or error). */
async function authorize(returnTo = '/?tab=mypage') {
  const res = await t.request({
    method: 'GET',
    url: `/api/auth/discord/authorize?return_to=${encodeURIComponent(returnTo)}`,
  });
  expect(res.statusCode).toBe(302);
  const location = new URL(res.headers.location as string);
  expect(location.origin + location.pathname).toBe(`${discord.base}/oauth2/authorize`);
  expect(location.searchParams.get('scope')).toBe('identify');
  expect(location.searchParams.get('code_challenge_method')).toBe('S256');
  expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/callback');
  // The client secret never appears in what the browser sees.
  expect(res.headers.location).not.toContain(discord.clientSecret);
  const setCookie = String(res.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  const consent = await fetch(location, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') as string);
  return {
    code: back.searchParams.get('code') ?? undefined,
    state: back.searchParams.get('state') as string,
    error: back.searchParams.get('error') ?? undefined,
    /** The browser's cookie that binds the state to it. */
    cookie: setCookie.split(';')[0] as string,
  };
}

/** The web app's callback call, from the browser that started the sign-in (its cookie goes along). */
const callback = ({ cookie, ...body }: Record<string, string | undefined>) =>
  t.request({
    method: 'POST',
    url: '/api/auth/discord/callback',
    payload: body,
    headers: cookie ? { cookie } : {},
  });

describe('Discord sign-in', () => {
  it('signs a new user in, creating the record with Discord defaults', async () => {
    const back = await authorize('/?tab=mypage');
    const res = await callback(back);
    expect(res.statusCode).toBe(200);
    const body = loginReplySchema.extend({ return_to: loginReplySchema.shape.access_token }).parse(res.json());
    expect(body.return_to).toBe('/?tab=mypage');
    expect(body.user).toMatchObject({
      user_id: '112233445566778899',
      auth0_sub: 'discord|112233445566778899',
      discord_username: 'unite_fan',
      trainer_name: 'ユナイト太郎',
      twitter_id: '',
      bio: '',
      rate: 1500,
      is_dummy: false,
    });
    expect(body.user.discord_avatar_url).toBe(
      'https://cdn.discordapp.com/avatars/112233445566778899/abc123.png?size=128',
    );
    const me = await t.request({ method: 'GET', url: '/api/users/me', token: body.access_token });
    expect(me.statusCode).toBe(200);
    expect(me.json().user_id).toBe('112233445566778899');
    // Tokens and secrets stay on the server.
    expect(me.body).not.toContain('access_token');
  });

  it('falls back to the username, then Trainer, for the trainer name', async () => {
    discord.nextUser = { id: '900000000000000001', username: 'plain_name', global_name: null, avatar: null };
    const res = await callback(await authorize());
    expect(res.json().user.trainer_name).toBe('plain_name');
    expect(res.json().user.discord_avatar_url).toMatch(/^https:\/\/cdn\.discordapp\.com\/embed\/avatars\/\d\.png$/);
  });

  it("starts from a valid trainer name whatever Discord's names hold, and never fails on them (issue 23)", async () => {
    // a display name with a zero-width space is refused as a trainer name: the username instead
    discord.nextUser = { id: '900000000000000011', username: 'zw_user', global_name: 'ピカ\u200b', avatar: null };
    expect((await callback(await authorize())).json().user.trainer_name).toBe('zw_user');
    // cut at 32 characters, not 32 UTF-16 units (which split the emoji into a lone surrogate PostgreSQL refuses); a
    // lone surrogate in Discord's JSON is stored as U+FFFD rather than failing the sign-in
    discord.nextUser = {
      id: '900000000000000012',
      username: 'lone\ud800',
      global_name: `${'あ'.repeat(31)}\u{1f600}\u{1f600}`,
      avatar: null,
    };
    const res = await callback(await authorize());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.trainer_name).toBe(`${'あ'.repeat(31)}\u{1f600}`);
    expect(res.json().user.discord_username).toBe('lone\ufffd');
  });

  it('keeps the trainer name on a later sign-in but refreshes the Discord name', async () => {
    discord.nextUser = { id: '900000000000000002', username: 'first', global_name: 'はじめ', avatar: null };
    const first = (await callback(await authorize())).json();
    await t.request({
      method: 'PUT',
      url: '/api/users/me/profile',
      token: first.access_token,
      payload: { trainer_name: '変更後の名前' },
    });
    discord.nextUser = { id: '900000000000000002', username: 'second', global_name: 'はじめ', avatar: null };
    const again = (await callback(await authorize())).json();
    expect(again.user.trainer_name).toBe('変更後の名前');
    expect(again.user.discord_username).toBe('second');
  });

  it('refuses a replayed state', async () => {
    const back = await authorize();
    expect((await callback(back)).statusCode).toBe(200);
    const replay = await callback(back);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('OAUTH_STATE_INVALID');
  });

  it('refuses a wrong state without calling Discord', async () => {
    const back = await authorize();
    const before = discord.tokenRequests;
    const res = await callback({ ...back, state: 'not-the-state' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'OAUTH_STATE_INVALID' });
    expect(discord.tokenRequests).toBe(before);
  });

  it('refuses an expired state (10 minutes)', async () => {
    const back = await authorize();
    t.clock.advance(601);
    const res = await callback(back);
    expect(res.json().code).toBe('OAUTH_STATE_INVALID');
  });

  it('reports a provider error (the user denied access) and burns the state', async () => {
    discord.denyNext = true;
    const back = await authorize();
    expect(back.error).toBe('access_denied');
    const res = await callback(back);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Discord でのログインがキャンセルされました', code: 'OAUTH_DENIED' });
    expect((await callback(back)).json().code).toBe('OAUTH_STATE_INVALID');
  });

  it('answers 502 with a clear message when the token exchange fails, creating nothing', async () => {
    discord.nextUser = { id: '900000000000000003', username: 'nobody', global_name: null, avatar: null };
    const back = await authorize();
    discord.tokenFailureStatus = 500;
    const res = await callback(back);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('OAUTH_EXCHANGE_FAILED');
    expect((await t.request({ method: 'GET', url: '/api/users/900000000000000003' })).statusCode).toBe(404);
  });

  it('refuses a code Discord rejects (tampered code → invalid_grant)', async () => {
    const back = await authorize();
    const res = await callback({ ...back, code: 'forged' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OAUTH_STATE_INVALID');
  });

  it('validates the callback body and the return target', async () => {
    expect((await callback({ state: 'x' })).json().code).toBe('VALIDATION_ERROR');
    const res = await t.request({ method: 'GET', url: '/api/auth/discord/authorize?return_to=https://evil.example/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'RETURN_TO_INVALID',
      error: '戻り先はサイト内のパス（/ で始まる）で指定してください',
    });
    const protocolRelative = await t.request({
      method: 'GET',
      url: '/api/auth/discord/authorize?return_to=//evil.example',
    });
    expect(protocolRelative.json().code).toBe('RETURN_TO_INVALID');
  });

  it('refreshes name and avatar from Discord, using the refresh token when the access token expired', async () => {
    discord.nextUser = { id: '900000000000000004', username: 'User_4', global_name: null, avatar: null };
    const login = (await callback(await authorize())).json();
    discord.renameUser('900000000000000004', 'real_name');
    discord.expireAccessTokens();
    const res = await t.request({ method: 'PUT', url: '/api/users/me/discord', token: login.access_token });
    expect(res.statusCode).toBe(200);
    expect(res.json().discord_username).toBe('real_name');
  });

  it('makes a new account at the next sign-in of a Discord account whose account was deleted (issue 38)', async () => {
    discord.nextUser = { id: '900000000000000006', username: 'leaver', global_name: '去る人', avatar: 'abc' };
    const first = (await callback(await authorize())).json();
    await t.request({
      method: 'PUT',
      url: '/api/users/me/profile',
      token: first.access_token,
      payload: { trainer_name: '前の名前', bio: '前の自己紹介' },
    });
    const asked = await t.request({
      method: 'POST',
      url: '/api/users/me/deletion',
      token: first.access_token,
      payload: { confirm: true },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    t.clock.advance(ACCOUNT_DELETION_GRACE_SECONDS);
    const outcome = await t.built.jobs.run(ACCOUNT_DELETION_JOB);
    expect(outcome).toMatchObject({ ran: true, value: [{ userId: '900000000000000006', deleted: true }] });

    const again = await callback(await authorize());
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user).toMatchObject({
      user_id: '900000000000000006',
      trainer_name: '去る人',
      bio: '',
      created_at: t.clock.now(),
    });
    // The old account's remainder holds nothing that leads back to Discord.
    const { rows } = (await t.ctx.db.execute(
      sql`select id, auth_sub, trainer_name from users where deleted_at is not null`,
    )) as unknown as { rows: { id: string; auth_sub: string; trainer_name: string }[] };
    expect(rows).toEqual([
      {
        id: expect.stringMatching(/^deleted-/),
        auth_sub: expect.stringMatching(/^deleted\|/),
        trainer_name: '退会したプレイヤー',
      },
    ]);
  });

  it('refuses a Discord refresh for a test account', async () => {
    const token = await t.login('dummy_01');
    const res = await t.request({ method: 'PUT', url: '/api/users/me/discord', token });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('NOT_DISCORD_ACCOUNT');
  });

  it('refuses a banned user at sign-in', async () => {
    discord.nextUser = { id: '900000000000000005', username: 'banned', global_name: null, avatar: null };
    await callback(await authorize());
    await t.ctx.database.db.execute(
      (await import('drizzle-orm')).sql`update users set is_banned = true where id = '900000000000000005'`,
    );
    const res = await callback(await authorize());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('BANNED');
  });
});

describe('Discord not configured', () => {
  it('answers 503 with a Japanese message', async () => {
    const plain = await createTestApp();
    const res = await plain.request({ method: 'GET', url: '/api/auth/discord/authorize' });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('DISCORD_NOT_CONFIGURED');
    const providers = await plain.request({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json()).toEqual({ discord: false, dummy: true, dummy_password_required: false });
    await plain.close();
  });
});

describe('login CSRF', () => {
  it('lets only the browser that started the sign-in finish it', async () => {
    const back = await authorize();
    // Another client (an attacker's page submitting its own code and state, or a victim's without the cookie).
    const stranger = await callback({ ...back, cookie: undefined });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().code).toBe('OAUTH_STATE_INVALID');
    const forged = await callback({ ...back, cookie: 'rankmatch_oauth_state=someone-else' });
    expect(forged.json().code).toBe('OAUTH_STATE_INVALID');
    // The rightful browser still finishes, once.
    expect((await callback(back)).statusCode).toBe(200);
    expect((await callback(back)).json().code).toBe('OAUTH_STATE_INVALID');
  });
});
