import { PassThrough } from 'node:stream';
import { ERRORS, VALIDATION_MESSAGES as M } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/community.ts';

// Text input that once reached PostgreSQL raw: NUL and other control characters, invisible names, bidi overrides,
// far dates, OAuth parameters and return_to paths all answer 400 with the usual shape and change nothing; a server
// error's log line carries no request text.

let t: TestApp;
let admin: string;
let player: string;
const log: string[] = [];

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  t = await createTestApp({ logStream: stream });
  admin = await t.login('dummy_admin');
  player = await t.login('dummy_01');
});
afterAll(async () => {
  await t.close();
});

const profile = (payload: object) => t.request({ method: 'PUT', url: '/api/users/me/profile', token: player, payload });
const season = (payload: object) =>
  t.request({
    method: 'POST',
    url: '/api/admin/seasons',
    token: admin,
    payload: { id: 's-x', name: 'S', start_date: 1_800_000_000, end_date: 1_800_100_000, ...payload },
  });

describe('control characters and invisible text', () => {
  it('refuses them in the profile', async () => {
    expectError(await profile({ trainer_name: 'a\u0000b' }), 400, 'TEXT_CONTROL_CHARACTERS');
    expectError(await profile({ trainer_name: '\u200b\u200b' }), 400, 'TRAINER_NAME_REQUIRED');
    expectError(await profile({ trainer_name: 'abc\u202e' }), 400, 'TEXT_BIDI_CONTROL');
    expectError(await profile({ trainer_name: 'ok', bio: 'x\u0000' }), 400, 'TEXT_CONTROL_CHARACTERS');
    expect((await profile({ trainer_name: 'ok', bio: '改行\nあり' })).statusCode).toBe(200);
  });

  it('refuses them in seasons (name, description, image) and far dates', async () => {
    const failed = (message: string) => `シーズンの作成に失敗しました: ${message}`;
    expectError(await season({ name: 'S\u0000' }), 400, 'TEXT_CONTROL_CHARACTERS', failed(M.TEXT_CONTROL_CHARACTERS));
    expectError(
      await season({ description: '\u0000' }),
      400,
      'TEXT_CONTROL_CHARACTERS',
      failed(M.TEXT_CONTROL_CHARACTERS),
    );
    expectError(await season({ name: '\u2060' }), 400, 'SEASON_NAME_REQUIRED', failed(M.SEASON_NAME_REQUIRED));
    expectError(await season({ end_date: 1e13 }), 400, 'DATE_OUT_OF_RANGE', failed(M.DATE_OUT_OF_RANGE));
    expectError(await season({ start_date: 0 }), 400, 'DATE_OUT_OF_RANGE', failed(M.DATE_OUT_OF_RANGE));
    const seasons = await t.request({ method: 'GET', url: '/api/admin/seasons', token: admin });
    expect(seasons.json()).toEqual([]);
  });

  it('refuses them in the test login, the settings and the admin search', async () => {
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/dummy/login',
      payload: { user_id: 'dummy_nul', trainer_name: 'x\u0000' },
    });
    expectError(login, 400, 'TEXT_CONTROL_CHARACTERS');
    const setting = await t.request({
      method: 'PUT',
      url: '/api/master/settings',
      token: admin,
      payload: { id: 'rules_content', value: '# x\u0000' },
    });
    expect(setting.statusCode).toBe(400);
    expect(setting.json()).toMatchObject({ code: 'TEXT_CONTROL_CHARACTERS', message: M.TEXT_CONTROL_CHARACTERS });
    const search = await t.request({
      method: 'POST',
      url: '/api/admin/users/search',
      token: admin,
      payload: { query: 'a\u0000' },
    });
    expectError(search, 400, 'TEXT_CONTROL_CHARACTERS');
  });

  it('refuses control characters and cross-site paths in the OAuth parameters', async () => {
    const callback = (payload: object) => t.request({ method: 'POST', url: '/api/auth/discord/callback', payload });
    expectError(await callback({ code: 'c', state: 'a\u0000' }), 400, 'OAUTH_PARAMETER_INVALID');
    expectError(await callback({ error: 'x\u0000', state: 'abc' }), 400, 'TEXT_CONTROL_CHARACTERS');
    for (const path of ['/%09/evil.example', '/%0A/evil.example', '//evil.example', '/%00']) {
      const res = await t.request({ method: 'GET', url: `/api/auth/discord/authorize?return_to=${path}` });
      // Discord is not configured here: a bad return_to must be refused before that answer.
      expect(res.statusCode, path).toBe(400);
      expect(res.json().code).toBe('RETURN_TO_INVALID');
    }
  });
});

describe('error logs', () => {
  it('never carry the request text', async () => {
    await t.ctx.db.execute(sql`create or replace function fail_audit() returns trigger language plpgsql as $$
      begin raise exception 'injected'; end $$`);
    await t.ctx.db.execute(
      sql`create trigger fail_audit before insert on audit_log for each row execute function fail_audit()`,
    );
    try {
      const res = await t.request({
        method: 'PUT',
        url: '/api/admin/users/dummy_02',
        token: admin,
        payload: { penalty_count: 77 },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: ERRORS.INTERNAL.message, code: 'INTERNAL' });
    } finally {
      await t.ctx.db.execute(sql`drop trigger fail_audit on audit_log`);
      await t.ctx.db.execute(sql`drop function fail_audit()`);
    }
    const errors = log.filter((line) => line.includes('"level":50'));
    expect(errors.length).toBeGreaterThan(0);
    const text = errors.join('\n');
    expect(text).not.toContain('penalty_count');
    // the value as a number of its own (timestamps and pids may contain the digits)
    expect(text).not.toMatch(/(?<![0-9])77(?![0-9])/);
    expect(text).not.toContain('params');
  });
});
