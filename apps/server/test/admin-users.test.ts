import { adminUserDetailSchema, adminUserSearchReplySchema, ERRORS, VALIDATION_MESSAGES } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshAppPerTest, type TestApp } from './helpers/app.ts';
import { expectError, insertPlayers } from './helpers/community.ts';
import { activeSeason, matchTen, postReport, report, seasonRow } from './helpers/match.ts';

// User management of the admin panel: search, detail, edit (rate, penalties, ban, admin flag, owned badges), each edit
// audited in its own transaction.

let t: TestApp;
let admin: string;
let player: string;

freshAppPerTest((fresh) => {
  ({ t, admin, player } = fresh);
});

const search = (payload: unknown) =>
  t.request({ method: 'POST', url: '/api/admin/users/search', token: admin, payload: payload as object });
const detail = (userId: string) => t.request({ method: 'GET', url: `/api/admin/users/${userId}`, token: admin });
const edit = (userId: string, payload: unknown, token = admin) =>
  t.request({ method: 'PUT', url: `/api/admin/users/${userId}`, token, payload: payload as object });

async function found(payload: unknown): Promise<string[]> {
  const res = await search(payload);
  expect(res.statusCode, res.body).toBe(200);
  const body = adminUserSearchReplySchema.parse(res.json());
  expect(body.data.count).toBe(body.data.users.length);
  return body.data.users.map((u) => u.user_id);
}

async function userDetail(userId: string) {
  const res = await detail(userId);
  expect(res.statusCode, res.body).toBe(200);
  return adminUserDetailSchema.parse(res.json());
}

async function auditActions(target: string): Promise<string[]> {
  const res = await t.request({ method: 'GET', url: `/api/admin/audit?target=${target}`, token: admin });
  return res.json().entries.map((e: { action: string }) => e.action);
}

describe('POST /api/admin/users/search', () => {
  it('refuses an empty query (after trimming) with the Japanese message', async () => {
    for (const query of ['', '   ', '\u3000']) {
      const res = await search({ query });
      expectError(res, 400, 'ADMIN_SEARCH_QUERY_REQUIRED');
      expect(res.json().error).toBe(VALIDATION_MESSAGES.ADMIN_SEARCH_QUERY_REQUIRED);
    }
    expectError(await search({}), 400, 'ADMIN_SEARCH_QUERY_REQUIRED');
  });

  it('validates the type and the limit (at most 20)', async () => {
    expectError(await search({ query: 'a', search_type: 'email' }), 400, 'ADMIN_SEARCH_TYPE_INVALID');
    expectError(await search({ query: 'a', limit: 21 }), 400, 'ADMIN_SEARCH_LIMIT_RANGE');
    expectError(await search({ query: 'a', limit: 0 }), 400, 'ADMIN_SEARCH_LIMIT_RANGE');
    expectError(await search({ query: 'x'.repeat(65) }), 400, 'ADMIN_SEARCH_QUERY_TOO_LONG');
  });

  it('matches a substring of the chosen names, case-insensitively, and the exact id', async () => {
    await insertPlayers(t, ['p001', 'p002', 'p003']);
    await t.ctx.db.execute(
      sql`update users set trainer_name = 'PikaMaster', discord_username = 'zzz' where id = 'p001'`,
    );
    await t.ctx.db.execute(
      sql`update users set trainer_name = 'ゼニガメ', discord_username = 'pikafan' where id = 'p002'`,
    );
    expect(await found({ query: 'pika' })).toEqual(['p001', 'p002']);
    expect(await found({ query: 'PIKA', search_type: 'trainer_name' })).toEqual(['p001']);
    expect(await found({ query: 'pika', search_type: 'discord_name' })).toEqual(['p002']);
    expect(await found({ query: 'ゼニ' })).toEqual(['p002']);
    // The exact id always matches, and comes first.
    expect(await found({ query: 'p003', search_type: 'trainer_name' })).toEqual(['p003']);
    expect(await found({ query: 'zz9' })).toEqual([]);
  });

  it('treats LIKE wildcards as plain text and honours the limit', async () => {
    expect(await found({ query: '%' })).toEqual([]);
    // A literal underscore: 'dumm_' is no substring of 'dummy_01'.
    expect(await found({ query: 'dumm_' })).toEqual([]);
    expect(await found({ query: 'TEST_', limit: 3 })).toHaveLength(3);
    expect(await found({ query: 'test_' })).toHaveLength(20);
  });

  it('shows rate, effective penalty and the ban and admin marks', async () => {
    await t.ctx.db.execute(sql`update users set penalty_count = 3, penalty_correction = 1, is_banned = true
      where id = 'dummy_02'`);
    const res = await search({ query: 'dummy_02' });
    const [row] = adminUserSearchReplySchema.parse(res.json()).data.users;
    expect(row).toMatchObject({ user_id: 'dummy_02', effective_penalty: 2, is_banned: true, is_admin: false });
    const [me] = adminUserSearchReplySchema.parse((await search({ query: 'dummy_admin' })).json()).data.users;
    expect(me?.is_admin).toBe(true);
  });
});

describe('GET /api/admin/users/:user_id', () => {
  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expectError(await detail('nobody'), 404, 'USER_NOT_FOUND');
    expectError(await detail('bad%20id'), 400, 'USER_ID_INVALID');
  });

  it('shows the active season numbers, penalties, badges with their origin, and the account state', async () => {
    await activeSeason(t);
    await t.ctx.db.execute(sql`insert into season_stats (user_id, season_id, rate, max_rate, match_count, win_count,
      max_rate_at) values ('dummy_01', 's-test', 1612, 1650, 20, 12, 0)`);
    await t.ctx.db.execute(sql`update users set penalty_count = 2, last_penalty_at = 1700000000 where id = 'dummy_01'`);
    await t.request({
      method: 'POST',
      url: '/api/admin/badges/award',
      token: admin,
      payload: { user_id: 'dummy_01', badge_id: 'badge_007' },
    });
    const user = await userDetail('dummy_01');
    expect(user).toMatchObject({
      user_id: 'dummy_01',
      rate: 1612,
      max_rate: 1650,
      match_count: 20,
      win_count: 12,
      win_rate: 60,
      penalty_count: 2,
      effective_penalty: 2,
      last_penalty_time: 1700000000,
      is_banned: false,
      is_admin: false,
      season: { season_id: 's-test' },
      in_queue: false,
      open_match_id: null,
    });
    expect(user.owned_badges).toContain('badge_007');
    expect(user.owned_badge_records.find((r) => r.badge_id === 'badge_007')).toEqual({
      badge_id: 'badge_007',
      source: 'admin',
      reference: 'dummy_admin',
      acquired_at: t.clock.now(),
    });
  });
});

describe('PUT /api/admin/users/:user_id', () => {
  it('refuses an edit that changes nothing', async () => {
    expectError(await edit('dummy_01', {}), 400, 'NO_CHANGES');
    const res = await edit('dummy_01', { penalty_count: 0, is_banned: false });
    expectError(res, 400, 'NO_CHANGES');
    expect(res.json().error).toBe('変更がありません');
    expect(await auditActions('dummy_01')).toEqual([]);
  });

  it('validates every field and changes nothing on bad input', async () => {
    const cases: [unknown, string][] = [
      [{ rate: -1 }, 'RATE_OUT_OF_RANGE'],
      [{ rate: 5001 }, 'RATE_OUT_OF_RANGE'],
      [{ rate: 1500.5 }, 'RATE_OUT_OF_RANGE'],
      [{ rate: '1500' }, 'RATE_OUT_OF_RANGE'],
      [{ penalty_count: 100 }, 'PENALTY_EDIT_RANGE'],
      [{ penalty_correction: -1 }, 'PENALTY_EDIT_RANGE'],
      [{ is_banned: 'yes' }, 'FLAG_INVALID'],
      [{ owned_badges: ['badge_999'] }, 'BADGE_UNKNOWN'],
      [{ owned_badges: ['nope'] }, 'BADGE_UNKNOWN'],
      [{ owned_badges: ['badge_001', 'badge_001'] }, 'BADGE_LIST_DUPLICATE'],
    ];
    for (const [payload, code] of cases) expectError(await edit('dummy_01', payload), 400, code);
    // Fields an admin may not edit here are refused, not ignored.
    const unknown = await edit('dummy_01', { trainer_name: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: '' }] });
    expectError(await edit('nobody', { penalty_count: 1 }), 404, 'USER_NOT_FOUND');
    expect(await auditActions('dummy_01')).toEqual([]);
  });

  it("sets the active season's rate; the max rate follows a rise only", async () => {
    await activeSeason(t);
    await t.ctx.db.execute(sql`insert into season_stats (user_id, season_id, rate, max_rate, match_count, win_count,
      max_rate_at) values ('dummy_01', 's-test', 1600, 1650, 5, 3, 0)`);
    expect((await edit('dummy_01', { rate: 1550 })).json()).toMatchObject({ rate: 1550, max_rate: 1650 });
    expect((await edit('dummy_01', { rate: 1700 })).json()).toMatchObject({ rate: 1700, max_rate: 1700 });
    expect(await seasonRow(t, 'dummy_01')).toMatchObject({ rate: 1700, max_rate: 1700, match_count: 5 });
    // A player without numbers in the season gets a row.
    expect((await edit('dummy_03', { rate: 1400 })).json()).toMatchObject({ rate: 1400, match_count: 0 });
  });

  it('needs an active season for a rate edit', async () => {
    expectError(await edit('dummy_01', { rate: 1600 }), 409, 'NO_ACTIVE_SEASON');
  });

  it('edits penalties, and the effective penalty follows', async () => {
    const user = (await edit('dummy_01', { penalty_count: 7, penalty_correction: 2 })).json();
    expect(user).toMatchObject({ penalty_count: 7, penalty_correction: 2, effective_penalty: 5 });
  });

  it('grants and takes back badges; a badge taken back is unequipped', async () => {
    await edit('dummy_01', { owned_badges: ['badge_001', 'badge_002'] });
    const equip = await t.request({
      method: 'PUT',
      url: '/api/users/me/badges/equip',
      token: player,
      payload: { primary_badge: 'badge_001', secondary_badge: 'badge_002' },
    });
    expect(equip.statusCode, equip.body).toBe(200);
    const after = await userDetail('dummy_01');
    const kept = after.owned_badges.filter((id) => id !== 'badge_001');
    const res = await edit('dummy_01', { owned_badges: [...kept, 'badge_003'] });
    expect(res.statusCode, res.body).toBe(200);
    const user = adminUserDetailSchema.parse(res.json());
    expect(user.owned_badges).not.toContain('badge_001');
    expect(user.owned_badges).toContain('badge_003');
    expect(user.current_badge).toBeNull();
    expect(user.current_badge_2).toBe('badge_002');
    const me = (await t.request({ method: 'GET', url: '/api/users/me', token: player })).json();
    expect(me.current_badge).toBeNull();
  });

  it('a ban revokes the sessions, leaves the queue, is pushed to other instances, and the next call gets 403', async () => {
    await activeSeason(t);
    const joined = await t.request({ method: 'POST', url: '/api/queue/join', token: player, payload: {} });
    expect(joined.statusCode, joined.body).toBe(200);
    const events: string[] = [];
    const stop = t.built.bus.subscribe((e) => {
      if (e.type === 'user.banned') events.push(e.user_id);
    });
    const res = await edit('dummy_01', { is_banned: true });
    stop();
    expect(res.json()).toMatchObject({ is_banned: true, in_queue: false });
    expect(events).toEqual(['dummy_01']);
    const next = await t.request({ method: 'GET', url: '/api/users/me', token: player });
    expectError(next, 403, 'BANNED');
    expect(next.json().error).toBe(ERRORS.BANNED.message);
    expectError(
      await t.request({ method: 'POST', url: '/api/auth/dummy/login', payload: { user_id: 'dummy_01' } }),
      403,
      'BANNED',
    );
    const queue = await t.request({ method: 'GET', url: '/api/debug/queue', token: admin });
    expect(queue.json().queue_count).toBe(0);
    // Unbanned, the player signs in again.
    await edit('dummy_01', { is_banned: false });
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/dummy/login', payload: { user_id: 'dummy_01' } })).statusCode,
    ).toBe(200);
    expect(await auditActions('dummy_01')).toEqual(['user.update', 'user.update']);
  });

  it('lets an open match of a banned player run to its settlement, and keeps them out of later waves', async () => {
    await activeSeason(t);
    const m = await matchTen(t, admin);
    const banned = m.teamB[0] as string;
    expect((await edit(banned, { is_banned: true })).json()).toMatchObject({ open_match_id: m.match.match_id });
    expect((await postReport(t, m.match.match_id, m.tokenOf(m.teamA[0] as string), report('A-win'))).statusCode).toBe(
      200,
    );
    const last = await postReport(t, m.match.match_id, m.tokenOf(m.teamB[1] as string), report('A-win'));
    expect(last.json()).toMatchObject({ status: 'done' });
    expect(await seasonRow(t, banned)).toMatchObject({ rate: 1490 });
    // Whoever else queues, the banned player is not matched (and cannot queue: their token is refused).
    expectError(
      await t.request({ method: 'POST', url: '/api/queue/join', token: m.tokenOf(banned), payload: {} }),
      403,
      'BANNED',
    );
  });

  it('refuses to let an admin ban or demote themselves', async () => {
    expectError(await edit('dummy_admin', { is_banned: true }), 409, 'ADMIN_SELF_BAN');
    expectError(await edit('dummy_admin', { is_admin: false }), 409, 'ADMIN_SELF_DEMOTE');
    expect(await userDetail('dummy_admin')).toMatchObject({ is_admin: true, is_banned: false });
    expect(await auditActions('dummy_admin')).toEqual([]);
  });

  it('promotes another user to admin, who may then use the panel', async () => {
    expectError(await t.request({ method: 'GET', url: '/api/admin/audit', token: player }), 403, 'FORBIDDEN');
    await edit('dummy_01', { is_admin: true });
    expect((await t.request({ method: 'GET', url: '/api/admin/audit', token: player })).statusCode).toBe(200);
  });

  it('records before and after of the changed fields only', async () => {
    await edit('dummy_01', { penalty_count: 2, penalty_correction: 0, is_banned: false });
    const res = await t.request({ method: 'GET', url: '/api/admin/audit?target=dummy_01', token: admin });
    expect(res.json().entries[0]).toMatchObject({
      action: 'user.update',
      target_type: 'user',
      before: { penalty_count: 0 },
      after: { penalty_count: 2 },
    });
  });

  it('leaves no change and no audit entry when the audit write fails', async () => {
    await t.ctx.db.execute(sql`create or replace function fail_audit() returns trigger language plpgsql as $$
      begin raise exception 'injected audit failure'; end $$`);
    await t.ctx.db.execute(
      sql`create trigger fail_audit before insert on audit_log for each row execute function fail_audit()`,
    );
    try {
      const res = await edit('dummy_01', { penalty_count: 4, owned_badges: ['badge_005'], is_banned: true });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.ctx.db.execute(sql`drop trigger fail_audit on audit_log`);
      await t.ctx.db.execute(sql`drop function fail_audit()`);
    }
    const user = await userDetail('dummy_01');
    expect(user).toMatchObject({ penalty_count: 0, is_banned: false });
    expect(user.owned_badges).not.toContain('badge_005');
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: player })).statusCode).toBe(200);
    expect(await auditActions('dummy_01')).toEqual([]);
  });
});
