import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { ERRORS, VALIDATION_MESSAGES as M } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/community.ts';
import { TestSocket } from './helpers/ws-client.ts';

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
    expectError(await profile({ trainer_name: '\u200b\u200b' }), 400, 'TEXT_INVISIBLE_CHARACTERS', null);
    expectError(await profile({ trainer_name: ' \u3000 ' }), 400, 'TRAINER_NAME_REQUIRED', M.TRAINER_NAME_REQUIRED);
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
    expectError(
      await season({ name: '\u2060' }),
      400,
      'TEXT_INVISIBLE_CHARACTERS',
      failed(M.TEXT_INVISIBLE_CHARACTERS),
    );
    expectError(await season({ name: ' ' }), 400, 'SEASON_NAME_REQUIRED', failed(M.SEASON_NAME_REQUIRED));
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

/** Rows of a query, on PGlite and PostgreSQL alike. */
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
const auditCount = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from audit_log`))[0]?.n;
const trainerName = async (id: string) =>
  (await rows<{ trainer_name: string }>(sql`select trainer_name from users where id = ${id}`))[0]?.trainer_name;
/** A JSON body sent as written, so "\ud800" reaches the server as JSON's escape of a lone surrogate. */
const raw = (method: 'PUT' | 'POST', url: string, token: string | undefined, json: string) =>
  t.request({ method, url, token, payload: json, headers: { 'content-type': 'application/json' } });

describe('ill-formed Unicode (issue 23): a lone surrogate answers 400 TEXT_ILL_FORMED and changes nothing', () => {
  const illFormed = (res: Awaited<ReturnType<typeof raw>>, path: string) => {
    const body = expectError(res, 400, 'TEXT_ILL_FORMED', M.TEXT_ILL_FORMED) as { details?: unknown };
    expect(body.details).toEqual([{ path, message: M.TEXT_ILL_FORMED }]);
  };

  it('in an admin setting (no audit row, the setting unchanged)', async () => {
    const settings = async () => (await t.request({ method: 'GET', url: '/api/public/master' })).json().settings;
    const before = { settings: await settings(), audit: await auditCount() };
    const res = await raw('PUT', '/api/master/settings', admin, '{"id":"rules_content","value":"\\ud800"}');
    illFormed(res, 'value');
    // this route's client reads `message` too
    expect(res.json().message).toBe(M.TEXT_ILL_FORMED);
    // in a field no schema reads, or a key, as well: the check is the boundary's, not a schema's
    illFormed(await raw('PUT', '/api/master/settings', admin, '{"id":"rules_content","value":"x","y":"\\udfff"}'), 'y');
    illFormed(
      await raw('PUT', '/api/master/settings', admin, '{"id":"rules_content","value":"x","\\ud800":1}'),
      '\ud800',
    );
    // a well-formed pair written as escapes is an emoji, and is stored
    const ok = await raw('PUT', '/api/master/settings', admin, '{"id":"rules_content","value":"# \\ud83d\\ude00"}');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().settings.rules_content).toBe('# \u{1f600}');
    expect(await auditCount()).toBe((before.audit ?? 0) + 1);
    // put the setting back for the other tests
    await raw(
      'PUT',
      '/api/master/settings',
      admin,
      JSON.stringify({ id: 'rules_content', value: before.settings.rules_content }),
    );
    expect(await settings()).toEqual(before.settings);
  });

  it('in a trainer name, a bio and a test-account sign-up', async () => {
    const name = await trainerName('dummy_01');
    illFormed(await raw('PUT', '/api/users/me/profile', player, '{"trainer_name":"\\ud800"}'), 'trainer_name');
    illFormed(await raw('PUT', '/api/users/me/profile', player, '{"trainer_name":"ok","bio":"a\\udc00"}'), 'bio');
    illFormed(
      await raw('PUT', '/api/users/me/profile', player, '{"trainer_name":"ok","favorite_pokemon":["\\ud800"]}'),
      'favorite_pokemon.0',
    );
    expect(await trainerName('dummy_01')).toBe(name);
    const signUp = await raw(
      'POST',
      '/api/auth/dummy/login',
      undefined,
      '{"user_id":"dummy_lone","trainer_name":"\\ud800"}',
    );
    illFormed(signUp, 'trainer_name');
    expect(await trainerName('dummy_lone')).toBeUndefined();
  });

  it('in query strings and route parameters: the URL decoders never make one, the check covers them anyway', async () => {
    // UTF-8 cannot encode a surrogate: its CESU-8 bytes stay literal in a query, and make a path a bad URL.
    const audit = await t.request({
      method: 'GET',
      url: '/api/admin/audit?action=%ED%A0%80&actor=%uD800',
      token: admin,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().entries).toEqual([]);
    expectError(await t.request({ method: 'GET', url: '/api/players/%ED%A0%80' }), 400, 'BAD_URL');
    // Behind a parser that would decode one (%uD800, as JavaScript's old unescape does), the boundary refuses it.
    const { default: Fastify } = await import('fastify');
    const { registerErrorHandling } = await import('../src/http/errors.ts');
    const { refuseIllFormedText } = await import('../src/http/validate.ts');
    const decode = (text: string) =>
      text.replace(/%u([0-9a-f]{4})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    const lenient = Fastify({
      routerOptions: {
        querystringParser: (query) => Object.fromEntries(query.split('&').map((pair) => pair.split('=').map(decode))),
      },
    });
    registerErrorHandling(lenient);
    refuseIllFormedText(lenient);
    let reached = 0;
    lenient.get('/q', async () => {
      reached++;
      return { ok: true };
    });
    try {
      illFormed(await lenient.inject({ url: '/q?q=%uD800' }), 'q');
      expect((await lenient.inject({ url: '/q?q=%u3042' })).json()).toEqual({ ok: true });
      expect(reached).toBe(1);
    } finally {
      await lenient.close();
    }
  });

  it('in a WebSocket message: refused as an unexpected message, the socket kept', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = await TestSocket.open(`ws://127.0.0.1:${port}/api/ws?token=${encodeURIComponent(player)}`);
    try {
      socket.send({ action: 'subscribeMatch', matchId: '1\ud800' });
      expect(await socket.next('error')).toEqual({
        type: 'error',
        code: 'WS_UNEXPECTED_MESSAGE',
        error: ERRORS.WS_UNEXPECTED_MESSAGE.message,
      });
      // even in a field the protocol ignores
      socket.send({ action: 'ping', note: '\udc00' });
      expect((await socket.next('error')).code).toBe('WS_UNEXPECTED_MESSAGE');
      socket.send({ action: 'ping' });
      await socket.next('pong');
      expect(socket.messages.filter((m) => m.type === 'matchSubscribed')).toEqual([]);
      expect(socket.closeCode).toBeNull();
    } finally {
      socket.close();
    }
  });
});

describe('invisible trainer names (issue 23): refused with a stable code, never stored', () => {
  it('refuses fillers, blank glyphs, zero-width characters and lone combining marks in the profile', async () => {
    const before = await trainerName('dummy_01');
    for (const [value, code] of [
      ['\u3164', 'TEXT_INVISIBLE_CHARACTERS'],
      ['\u115f', 'TEXT_INVISIBLE_CHARACTERS'],
      ['\u2800', 'TEXT_INVISIBLE_CHARACTERS'],
      ['\u{1d159}', 'TEXT_INVISIBLE_CHARACTERS'],
      ['a\u200b', 'TEXT_INVISIBLE_CHARACTERS'],
      ['ユナ\u2063イト', 'TEXT_INVISIBLE_CHARACTERS'],
      ['ピカ\ufe0f', 'TEXT_INVISIBLE_CHARACTERS'],
      ['\u0301', 'TRAINER_NAME_REQUIRED'],
    ] as const) {
      const body = expectError(await profile({ trainer_name: value }), 400, code, M[code]) as { details?: unknown[] };
      expect(body.details?.[0], JSON.stringify(value)).toEqual({ path: 'trainer_name', message: M[code] });
    }
    expect(await trainerName('dummy_01')).toBe(before);
    // what is visible is kept as typed, emoji sequences with their joiners and selectors included
    for (const name of ['ユナイト 太郎', 'Pika\u2764\ufe0f', '\u{1f469}\u{1f3fd}\u200d\u{1f4bb}', 'Jose\u0301']) {
      const res = await profile({ trainer_name: name });
      expect(res.statusCode, res.body).toBe(200);
      expect(await trainerName('dummy_01')).toBe(name);
    }
  });

  it('refuses them at the test-account sign-up, which creates nobody', async () => {
    const signUp = await t.request({
      method: 'POST',
      url: '/api/auth/dummy/login',
      payload: { user_id: 'dummy_blank', trainer_name: '\u3164' },
    });
    expectError(signUp, 400, 'TEXT_INVISIBLE_CHARACTERS', M.TEXT_INVISIBLE_CHARACTERS);
    expect(await trainerName('dummy_blank')).toBeUndefined();
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
