import {
  BADGES,
  BATTLE_TYPES,
  characterSchema,
  LOBBY_CREATE_TIMEOUT,
  LOBBY_JOIN_TIMEOUT,
  MARKDOWN_SETTING_MAX,
  masterReplySchema,
  READY_CHECK_SECONDS,
  type Settings,
  VALIDATION_MESSAGES,
} from '@rankmatch/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { badges } from '../src/db/schema.ts';
import { freshAppPerTest, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/community.ts';

// Site settings, master data (settings, live badges, roster) and the character routes.

let t: TestApp;
let admin: string;
let player: string;

// The site's own defaults: no ready check setting written by the test helper.
freshAppPerTest(
  (fresh) => {
    ({ t, admin, player } = fresh);
  },
  { readyCheckSeconds: null },
);

const DEFAULTS: Settings = {
  rules_content: '',
  announcement_content: '',
  lobby_create_timeout: LOBBY_CREATE_TIMEOUT.default,
  lobby_join_timeout: LOBBY_JOIN_TIMEOUT.default,
  ready_check_seconds: READY_CHECK_SECONDS.default,
};

async function master(token?: string) {
  const res = await t.request({ method: 'GET', url: token ? '/api/master' : '/api/public/master', token });
  expect(res.statusCode, res.body).toBe(200);
  return masterReplySchema.parse(res.json());
}

const putSetting = (payload: unknown, as: 'admin' | 'player' | 'anonymous' = 'admin') =>
  t.request({
    method: 'PUT',
    url: '/api/master/settings',
    token: as === 'admin' ? admin : as === 'player' ? player : undefined,
    payload: payload as Record<string, unknown>,
  });

/** A rejected settings write: 400, the stable code, and the message under both `error` and `message`. */
async function expectRejected(payload: unknown, code: string, message: string | null) {
  const res = await putSetting(payload);
  const body = expectError(res, 400, code, message);
  expect((body as unknown as { message: string }).message).toBe(body.error);
}

describe('master data', () => {
  it('GET /api/master needs a signed-in user', async () => {
    expectError(await t.request({ method: 'GET', url: '/api/master' }), 401, 'LOGIN_REQUIRED');
    expectError(await t.request({ method: 'GET', url: '/api/master', token: 'not-a-token' }), 401, 'UNAUTHORIZED');
  });

  it('GET /api/master gives the default settings, every badge and the roster with the EMPTY placeholder', async () => {
    const body = await master(player);
    expect(body.settings).toEqual(DEFAULTS);
    expect(body.badges).toHaveLength(BADGES.length);
    expect(body.badges.map((b) => b.id)).toEqual(BADGES.map((b) => b.id));
    expect(body.pokemon).toHaveLength(97);
    expect(body.pokemon[0]).toMatchObject({ pokemon_id: 'EMPTY', index_number: 0, type: '-' });
    expect(body.pokemon.filter((c) => c.type === '-')).toHaveLength(1);
    expect(new Set(body.pokemon.map((c) => c.pokemon_id)).size).toBe(97);
  });

  it('GET /api/public/master is open to anyone and lists only active badges', async () => {
    const body = await master();
    expect(body.settings).toEqual(DEFAULTS);
    expect(body.badges.length).toBeGreaterThan(0);
    expect(body.badges.every((b) => b.is_active)).toBe(true);
    expect(body.badges).toHaveLength(BADGES.filter((b) => b.is_active).length);
    expect(body.pokemon).toHaveLength(97);
    expect(body.pokemon[0]?.pokemon_id).toBe('EMPTY');
  });

  it('serves the live is_active and current_sales of badges', async () => {
    const [sold, retired] = BADGES.filter((b) => b.is_active);
    if (!sold || !retired) throw new Error('catalogue needs two active badges');
    await t.ctx.db.update(badges).set({ currentSales: 7 }).where(eq(badges.id, sold.id));
    await t.ctx.db.update(badges).set({ isActive: false }).where(eq(badges.id, retired.id));

    const pub = await master();
    expect(pub.badges.find((b) => b.id === sold.id)?.current_sales).toBe(7);
    expect(pub.badges.some((b) => b.id === retired.id)).toBe(false);

    const signedIn = await master(player);
    expect(signedIn.badges.find((b) => b.id === sold.id)?.current_sales).toBe(7);
    expect(signedIn.badges.find((b) => b.id === retired.id)?.is_active).toBe(false);
    expect(signedIn.badges).toHaveLength(BADGES.length);
  });
});

describe('PUT /api/master/settings', () => {
  it('refuses anonymous visitors (401) and players (403), with error and message', async () => {
    const anonymous = await putSetting({ id: 'lobby_create_timeout', value: 100 }, 'anonymous');
    expectError(anonymous, 401, 'LOGIN_REQUIRED');
    expect(anonymous.json().message).toBe(anonymous.json().error);
    const forbidden = await putSetting({ id: 'lobby_create_timeout', value: 100 }, 'player');
    expectError(forbidden, 403, 'FORBIDDEN');
    expect(forbidden.json().message).toBe(forbidden.json().error);
    expect((await master()).settings).toEqual(DEFAULTS);
  });

  it('saves a timeout given as a number and reflects it in both master replies', async () => {
    const res = await putSetting({ id: 'lobby_create_timeout', value: 60 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, settings: { lobby_create_timeout: 60 } });
    expect((await master()).settings).toEqual({ ...DEFAULTS, lobby_create_timeout: 60 });
    expect((await master(player)).settings).toEqual({ ...DEFAULTS, lobby_create_timeout: 60 });
  });

  it('accepts numeric strings and both ends of each range', async () => {
    for (const [id, value, stored] of [
      ['lobby_create_timeout', '120', 120],
      ['lobby_create_timeout', 300, 300],
      ['lobby_join_timeout', ' 90 ', 90],
      ['lobby_join_timeout', 60, 60],
      ['lobby_join_timeout', '600', 600],
    ] as const) {
      const res = await putSetting({ id, value });
      expect(res.statusCode, `${id}=${JSON.stringify(value)}: ${res.body}`).toBe(200);
      expect((await master()).settings[id]).toBe(stored);
    }
  });

  it('rejects lobby_create_timeout outside 60–300 or not a whole number, changing nothing', async () => {
    await putSetting({ id: 'lobby_create_timeout', value: 200 });
    const message = VALIDATION_MESSAGES.TIMEOUT_CREATE_RANGE;
    for (const value of [59, 301, 0, -100, 150.5, 'abc', '', '1e2', null, true, [120]]) {
      await expectRejected({ id: 'lobby_create_timeout', value }, 'TIMEOUT_CREATE_RANGE', message);
    }
    await expectRejected({ id: 'lobby_create_timeout' }, 'TIMEOUT_CREATE_RANGE', message);
    expect((await master()).settings).toEqual({ ...DEFAULTS, lobby_create_timeout: 200 });
  });

  it('rejects lobby_join_timeout outside 60–600', async () => {
    const message = VALIDATION_MESSAGES.TIMEOUT_JOIN_RANGE;
    for (const value of [59, 601, '700', 'x']) {
      await expectRejected({ id: 'lobby_join_timeout', value }, 'TIMEOUT_JOIN_RANGE', message);
    }
    // The create range does not apply to the join timeout.
    expect((await putSetting({ id: 'lobby_join_timeout', value: 450 })).statusCode).toBe(200);
    expect((await master()).settings.lobby_join_timeout).toBe(450);
  });

  it('stores markdown up to 20,000 characters and rejects longer text', async () => {
    const rules = `# ルール\n\n${'あ'.repeat(MARKDOWN_SETTING_MAX - 7)}`;
    expect([...rules]).toHaveLength(MARKDOWN_SETTING_MAX);
    expect((await putSetting({ id: 'rules_content', value: rules })).statusCode).toBe(200);
    const announcement = '**お知らせ**: シーズン開始 🎉';
    expect((await putSetting({ id: 'announcement_content', value: announcement })).statusCode).toBe(200);

    await expectRejected(
      { id: 'rules_content', value: 'い'.repeat(MARKDOWN_SETTING_MAX + 1) },
      'MARKDOWN_TOO_LONG',
      VALIDATION_MESSAGES.MARKDOWN_TOO_LONG,
    );
    await expectRejected({ id: 'announcement_content', value: 42 }, 'VALIDATION_ERROR', null);

    const expected = { ...DEFAULTS, rules_content: rules, announcement_content: announcement };
    expect((await master()).settings).toEqual(expected);
    expect((await master(player)).settings).toEqual(expected);
    // An empty text clears the setting.
    expect((await putSetting({ id: 'rules_content', value: '' })).statusCode).toBe(200);
    expect((await master()).settings.rules_content).toBe('');
  });

  it('takes the longest markdown in any characters, though it is more than the usual 64 KB body', async () => {
    // 20,000 emoji are 80,000 bytes of UTF-8; characters are what the rule counts.
    const party = '🎉'.repeat(MARKDOWN_SETTING_MAX);
    const res = await putSetting({ id: 'announcement_content', value: party });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect((await master()).settings.announcement_content).toBe(party);
    await expectRejected(
      { id: 'announcement_content', value: `${party}🎉` },
      'MARKDOWN_TOO_LONG',
      VALIDATION_MESSAGES.MARKDOWN_TOO_LONG,
    );
    // Far beyond any valid setting, the body is still refused before it is read.
    const huge = await putSetting({ id: 'rules_content', value: 'x'.repeat(512 * 1024) });
    expectError(huge, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('rejects an unknown id or a malformed body', async () => {
    const message = VALIDATION_MESSAGES.SETTING_VALUE_INVALID;
    await expectRejected({ id: 'unknown_setting', value: 'x' }, 'SETTING_VALUE_INVALID', message);
    await expectRejected({ value: 100 }, 'SETTING_VALUE_INVALID', message);
    await expectRejected([], 'SETTING_VALUE_INVALID', message);
    expect((await master()).settings).toEqual(DEFAULTS);
  });

  it('answers a body that is not JSON with error and message too', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/master/settings',
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: '{"id": "lobby_create_timeout", ',
    });
    const body = expectError(res, 400, 'INVALID_JSON');
    expect((body as unknown as { message: string }).message).toBe(body.error);
  });
});

describe('characters', () => {
  it('GET /api/pokemon lists the roster and the placeholder', async () => {
    const res = await t.request({ method: 'GET', url: '/api/pokemon' });
    expect(res.statusCode).toBe(200);
    const pokemon = characterSchema.array().parse(res.json().pokemon);
    expect(pokemon).toHaveLength(97);
    expect(pokemon[0]).toMatchObject({ pokemon_id: 'EMPTY', index_number: 0, type: '-' });
    expect(pokemon.some((c) => c.pokemon_id === 'MEWTWO_X')).toBe(true);
  });

  it('GET /api/pokemon/role/{role} filters by the Japanese type', async () => {
    const all = characterSchema.array().parse((await t.request({ method: 'GET', url: '/api/pokemon' })).json().pokemon);
    let total = 0;
    for (const type of BATTLE_TYPES) {
      const res = await t.request({ method: 'GET', url: `/api/pokemon/role/${encodeURIComponent(type)}` });
      expect(res.statusCode, res.body).toBe(200);
      const list = characterSchema.array().parse(res.json().pokemon);
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((c) => c.type === type)).toBe(true);
      expect(list).toEqual(all.filter((c) => c.type === type));
      total += list.length;
    }
    expect(total).toBe(96);
    const supports = await t.request({ method: 'GET', url: `/api/pokemon/role/${encodeURIComponent('サポート')}` });
    expect(supports.json().pokemon.map((c: { pokemon_id: string }) => c.pokemon_id)).toContain('BLISSEY');
  });

  it('rejects an unknown type with POKEMON_ROLE_UNKNOWN', async () => {
    for (const role of ['support', encodeURIComponent('ヒーラー'), '-', encodeURIComponent('サポート ')]) {
      const res = await t.request({ method: 'GET', url: `/api/pokemon/role/${role}` });
      expectError(res, 400, 'POKEMON_ROLE_UNKNOWN', VALIDATION_MESSAGES.POKEMON_ROLE_UNKNOWN);
    }
  });
});
