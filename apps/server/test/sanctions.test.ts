import {
  type AdminSanctions,
  type CaseList,
  queueSuspendedMessage,
  SUSPENSION_DURATION_SECONDS,
  type UserProfile,
} from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { type FreshApp, freshAppPerTest, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/community.ts';
import { activeSeason, matchTen, postReport, report, settledMatch, tenIds } from './helpers/match.ts';

// Sanctions in proportion (issue 35): a matching suspension for a set time (the player still signs in and is told until
// when and why), its lifting, a warning from the user tab, and the case action; each audited.

let f: FreshApp;
freshAppPerTest((fresh) => {
  f = fresh;
});

const REASON = '試合中の暴言が続いたため';

const suspendUser = (t: TestApp, admin: string, userId: string, payload: object) =>
  t.request({ method: 'POST', url: `/api/admin/users/${userId}/suspensions`, token: admin, payload });

const sanctionsOf = async (t: TestApp, admin: string, userId: string) => {
  const res = await t.request({ method: 'GET', url: `/api/admin/users/${userId}/sanctions`, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminSanctions;
};

const join = (t: TestApp, token: string) => t.request({ method: 'POST', url: '/api/queue/join', token, payload: {} });
const me = async (t: TestApp, token: string) =>
  (await t.request({ method: 'GET', url: '/api/users/me', token })).json() as UserProfile;

async function auditActions(t: TestApp): Promise<{ action: string; target_id: string; after: unknown }[]> {
  const res = await t.ctx.db.execute(sql`select action, target_id, after from audit_log order by id`);
  return rowsOf(res);
}

describe('a matching suspension from the user tab', () => {
  it('takes the player out of the queue, refuses their join with until when and why, and lifting restores it', async () => {
    const { t, admin, player } = f;
    await activeSeason(t);
    expect((await join(t, player)).statusCode).toBe(200);

    const res = await suspendUser(t, admin, 'dummy_01', { duration: '24h', reason: ` ${REASON} ` });
    expect(res.statusCode, res.body).toBe(200);
    const endsAt = t.clock.now() + SUSPENSION_DURATION_SECONDS['24h'];
    const [listed] = (res.json() as AdminSanctions).suspensions;
    expect(listed).toMatchObject({ state: 'active', reason: REASON, ends_at: endsAt, created_by: 'dummy_admin' });

    const queued = await t.request({ method: 'GET', url: '/api/queue/me', token: player });
    expect(queued.json()).toEqual({ in_queue: false, entry: null });
    const message = queueSuspendedMessage(endsAt, REASON);
    expect(message).toMatch(/^マッチング停止中：\d{1,2}月\d{1,2}日 \d{2}:\d{2}まで（理由：試合中の暴言が続いたため）$/);
    expectError(await join(t, player), 403, 'QUEUE_SUSPENDED', message);

    // Sign-in and pages still work; the profile says until when and why.
    const again = await t.login('dummy_01');
    expect((await me(t, again)).suspension).toEqual({ ends_at: endsAt, reason: REASON, kind: 'admin' });
    const records = await t.request({ method: 'GET', url: '/api/users/me/records', token: again });
    expect(records.statusCode).toBe(200);

    const lift = `/api/admin/users/dummy_01/suspensions/${listed?.suspension_id}/lift`;
    const lifted = await t.request({ method: 'POST', url: lift, token: admin, payload: {} });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((lifted.json() as AdminSanctions).suspensions[0]).toMatchObject({
      state: 'lifted',
      lifted_by: 'dummy_admin',
      lifted_at: t.clock.now(),
    });
    expect((await me(t, player)).suspension).toBeNull();
    expect((await join(t, player)).statusCode).toBe(200);
    expectError(
      await t.request({ method: 'POST', url: lift, token: admin, payload: {} }),
      409,
      'SUSPENSION_NOT_ACTIVE',
    );

    const audit = await auditActions(t);
    expect(audit.map((a) => a.action)).toEqual(['user.suspend', 'user.suspension_lift']);
    expect(audit[0]).toMatchObject({
      target_id: 'dummy_01',
      after: { ends_at: endsAt, sanction_reason: REASON, case_id: null },
    });
  });

  it('ends by itself at its time (listed as ended), and refuses bad input, unknown players and foreign ids', async () => {
    const { t, admin, player } = f;
    await activeSeason(t);
    expect((await suspendUser(t, admin, 'dummy_01', { duration: '1h', reason: REASON })).statusCode).toBe(200);
    expectError(await join(t, player), 403, 'QUEUE_SUSPENDED', null);
    t.clock.advance(3600);
    expect((await me(t, player)).suspension).toBeNull();
    expect((await join(t, player)).statusCode).toBe(200);
    const [ended] = (await sanctionsOf(t, admin, 'dummy_01')).suspensions;
    expect(ended?.state).toBe('ended');
    const lift = `/api/admin/users/dummy_01/suspensions/${ended?.suspension_id}/lift`;
    expectError(
      await t.request({ method: 'POST', url: lift, token: admin, payload: {} }),
      409,
      'SUSPENSION_NOT_ACTIVE',
    );
    const foreign = `/api/admin/users/dummy_02/suspensions/${ended?.suspension_id}/lift`;
    await t.login('dummy_02');
    expectError(
      await t.request({ method: 'POST', url: foreign, token: admin, payload: {} }),
      404,
      'SUSPENSION_NOT_FOUND',
    );

    expectError(
      await suspendUser(t, admin, 'dummy_01', { duration: '2h', reason: REASON }),
      400,
      'SUSPENSION_DURATION_INVALID',
    );
    expectError(
      await suspendUser(t, admin, 'dummy_01', { duration: '1h', reason: ' ' }),
      400,
      'SANCTION_REASON_REQUIRED',
    );
    expectError(await suspendUser(t, admin, 'dummy_01', { duration: '1h' }), 400, 'SANCTION_REASON_REQUIRED');
    expectError(
      await suspendUser(t, admin, 'dummy_01', { duration: '1h', reason: 'あ'.repeat(201) }),
      400,
      'SANCTION_REASON_TOO_LONG',
    );
    const illFormed = await t.request({
      method: 'POST',
      url: '/api/admin/users/dummy_01/suspensions',
      token: admin,
      payload: '{"duration":"1h","reason":"\\ud800"}',
      headers: { 'content-type': 'application/json' },
    });
    expectError(illFormed, 400, 'TEXT_ILL_FORMED');
    expectError(await suspendUser(t, admin, 'nobody_here', { duration: '1h', reason: REASON }), 404, 'USER_NOT_FOUND');
    expectError(await suspendUser(t, player, 'dummy_01', { duration: '1h', reason: REASON }), 403, 'FORBIDDEN');
    expect((await auditActions(t)).map((a) => a.action)).toEqual(['user.suspend']);
  });

  it('lets a player in an open match play it out', async () => {
    const { t, admin } = f;
    await activeSeason(t);
    const m = await matchTen(t, admin);
    const target = m.teamA[0] as string;
    expect((await suspendUser(t, admin, target, { duration: '7d', reason: REASON })).statusCode).toBe(200);
    const current = await t.request({ method: 'GET', url: '/api/matches/current', token: m.tokenOf(target) });
    expect(current.json().match_id).toBe(m.match.match_id);
    const sent = await postReport(t, m.match.match_id, m.tokenOf(target), report('A-win'));
    expect(sent.statusCode, sent.body).toBe(200);
  });
});

describe('the wave', () => {
  it('drops the entry of a player suspended while waiting, like any ineligible one', async () => {
    const { t, admin } = f;
    await activeSeason(t);
    const ids = tenIds();
    for (const id of ids) {
      await t.ctx.db.execute(sql`update users set start_rate = 1500 where id = ${id}`);
      expect((await join(t, await t.login(id))).statusCode).toBe(200);
    }
    // The ready check's timeout (or a join that crossed an admin's suspension): the entry is still there.
    const now = t.clock.now();
    await t.ctx.db.execute(sql`insert into suspensions (user_id, kind, reason, starts_at, ends_at)
      values ('dummy_05', 'ready_check', '準備確認に応答しませんでした', ${now}, ${now + 600})`);
    const wave = await t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin });
    expect(wave.json()).toMatchObject({ ran: true, dropped: 1, created_matches: [] });
    const left = rowsOf<{ user_id: string }>(await t.ctx.db.execute(sql`select user_id from queue_entries`));
    expect(left.map((r) => r.user_id).sort()).toEqual(ids.filter((id) => id !== 'dummy_05'));
  });
});

describe('warnings from the user tab', () => {
  it('records a warning the player sees once, audited and listed with the suspensions', async () => {
    const { t, admin, player } = f;
    const url = '/api/admin/users/dummy_01/warnings';
    const res = await t.request({ method: 'POST', url, token: admin, payload: { reason: '報告の虚偽が続いています' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminSanctions).warnings).toEqual([
      expect.objectContaining({ reason: '報告の虚偽が続いています', created_by: 'dummy_admin', seen_at: null }),
    ]);
    const mine = await t.request({ method: 'GET', url: '/api/users/me/warnings', token: player });
    expect(mine.json().warnings).toEqual([expect.objectContaining({ reason: '報告の虚偽が続いています' })]);
    expectError(
      await t.request({ method: 'POST', url, token: admin, payload: { reason: '' } }),
      400,
      'SANCTION_REASON_REQUIRED',
    );
    expectError(
      await t.request({
        method: 'POST',
        url: '/api/admin/users/nobody_here/warnings',
        token: admin,
        payload: { reason: 'x' },
      }),
      404,
      'USER_NOT_FOUND',
    );
    expect((await auditActions(t)).map((a) => a.action)).toEqual(['user.warn']);
  });
});

describe('the moderation queue', () => {
  it("suspends one of the case's players for the chosen time with the note as the reason, closing the case", async () => {
    const { t, admin } = f;
    await activeSeason(t);
    const m = await settledMatch(t, admin, 'A');
    const b1 = m.teamB[1] as string;
    const disputed = await t.request({
      method: 'POST',
      url: `/api/matches/${m.match.match_id}/dispute`,
      token: m.tokenOf(b1),
      payload: { reason: 'wrong_result' },
    });
    expect(disputed.statusCode, disputed.body).toBe(200);
    const list = (await t.request({ method: 'GET', url: '/api/admin/cases', token: admin })).json() as CaseList;
    const caseId = list.cases[0]?.case_id;
    const url = `/api/admin/cases/${caseId}/action`;
    const act = (payload: object) => t.request({ method: 'POST', url, token: admin, payload });

    expectError(
      await act({ action: 'suspend', user_id: b1, note: '根拠のない異議' }),
      400,
      'SUSPENSION_DURATION_INVALID',
    );
    expectError(await act({ action: 'suspend', user_id: b1, duration: '3d' }), 400, 'SANCTION_REASON_REQUIRED');
    expectError(await act({ action: 'suspend', duration: '3d', note: '根拠のない異議' }), 400, 'CASE_USER_REQUIRED');
    const res = await act({ action: 'suspend', user_id: b1, duration: '3d', note: '根拠のない異議' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().case).toMatchObject({ status: 'closed', action: 'suspend' });

    const [suspension] = (await sanctionsOf(t, admin, b1)).suspensions;
    expect(suspension).toMatchObject({
      case_id: caseId,
      reason: '根拠のない異議',
      state: 'active',
      ends_at: t.clock.now() + SUSPENSION_DURATION_SECONDS['3d'],
    });
    expectError(await join(t, m.tokenOf(b1)), 403, 'QUEUE_SUSPENDED', null);
    const actions = (await auditActions(t)).map((a) => a.action).filter((a) => !a.startsWith('debug.'));
    expect(actions).toEqual(['user.suspend', 'case.suspend']);
  });
});

describe('the personal-data download', () => {
  it("includes the player's suspensions, without the admins who gave or lifted them", async () => {
    const { t, admin, player } = f;
    expect((await suspendUser(t, admin, 'dummy_01', { duration: '30d', reason: REASON })).statusCode).toBe(200);
    const res = await t.request({ method: 'GET', url: '/api/users/me/data', token: player });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json().tables.suspensions as Record<string, unknown>[];
    expect(row).toMatchObject({ user_id: 'dummy_01', kind: 'admin', reason: REASON, lifted_at: null });
    expect(row).not.toHaveProperty('created_by');
    expect(row).not.toHaveProperty('lifted_by');
  });
});
