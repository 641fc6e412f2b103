import type { AddressInfo } from 'node:net';
import {
  queueSuspendedMessage,
  READY_CHECK_NO_SHOW_REASON,
  READY_CHECK_SHOWN_SECONDS,
  type ReadyCheck,
  readyCheckReplySchema,
  readyCheckSchema,
} from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { RedisBus } from '../src/events/bus.ts';
import { outboxCounts } from '../src/notifications/outbox.ts';
import { READY_DEADLINE_JOB } from '../src/ready/module.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/community.ts';
import { FakePushService } from './helpers/fake-push.ts';
import { activeSeason, tenIds } from './helpers/match.ts';
import { TestSocket } from './helpers/ws-client.ts';

// The ready check (issue 35): a wave's match waits for its ten players' 準備完了 (ready_check_seconds = 60 here; the
// other suites run with 0). The test clock moves by hand; the deadline job is run as its scheduler would run it.

let push: FakePushService;
let t: TestApp;
let admin: string;
const tokens = new Map<string, string>();
const sockets: TestSocket[] = [];

beforeAll(async () => {
  push = await new FakePushService().start();
});
afterAll(async () => push.close());

beforeEach(async () => {
  t = await createTestApp({ readyCheckSeconds: 60, env: { PUSH_ENDPOINT_ORIGINS: push.origin } });
  await activeSeason(t);
  admin = await t.login('dummy_admin');
  tokens.clear();
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await t.close();
});

const tokenOf = (id: string) => tokens.get(id) as string;

/** Test accounts at 1500 (one window holds them) join the queue. */
async function queueUp(ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    // A fresh token each time: a test may move the clock past a token's day.
    tokens.set(id, await t.login(id));
    await t.ctx.db.execute(sql`update users set start_rate = 1500 where id = ${id}`);
    const res = await t.request({ method: 'POST', url: '/api/queue/join', token: tokenOf(id), payload: {} });
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function trigger(): Promise<{ ready_checks: string[]; created_matches: string[]; message: string }> {
  const res = await t.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Ten queue up and a wave opens their check. */
async function openCheck(ids: readonly string[] = tenIds()): Promise<string> {
  await queueUp(ids);
  const wave = await trigger();
  expect(wave.created_matches).toEqual([]);
  expect(wave.ready_checks).toHaveLength(1);
  return wave.ready_checks[0] as string;
}

const press = (id: string, checkId: string) =>
  t.request({
    method: 'POST',
    url: '/api/queue/ready-check/ready',
    token: tokenOf(id),
    payload: { ready_check_id: checkId },
  });

async function pressOk(id: string, checkId: string): Promise<ReadyCheck> {
  const res = await press(id, checkId);
  expect(res.statusCode, res.body).toBe(200);
  return readyCheckSchema.parse(res.json());
}

async function myCheck(id: string): Promise<ReadyCheck | null> {
  const res = await t.request({ method: 'GET', url: '/api/queue/ready-check', token: tokenOf(id) });
  expect(res.statusCode, res.body).toBe(200);
  return readyCheckReplySchema.parse(res.json()).ready_check;
}

async function queueEntry(id: string) {
  return (await t.request({ method: 'GET', url: '/api/queue/me', token: tokenOf(id) })).json().entry as {
    joined_at: number;
    waves_missed: number;
  } | null;
}

async function deadlineJob(): Promise<void> {
  expect(await t.built.jobs.run(READY_DEADLINE_JOB)).toMatchObject({ ran: true });
  await t.built.events.drain();
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ n: number }>(await t.ctx.db.execute(query))[0]?.n);
}

describe('a ready check that fills', () => {
  it('starts the match at the tenth press (lobby timers from then), alerting each player once, at the check', async () => {
    const devices = new Map<string, ReturnType<FakePushService['device']>>();
    for (const id of tenIds()) {
      tokens.set(id, await t.login(id));
      const device = push.device();
      const res = await t.request({
        method: 'POST',
        url: '/api/notifications/push-subscriptions',
        token: tokenOf(id),
        payload: { ...device.subscription, expirationTime: null },
      });
      expect(res.statusCode, res.body).toBe(201);
      devices.set(id, device);
    }
    const opened = t.clock.now();
    await queueUp(tenIds());
    const wave = await trigger();
    expect(wave.message).toContain('準備確認を1件開始');
    const checkId = wave.ready_checks[0] as string;
    const first = await myCheck('dummy_01');
    expect(first).toMatchObject({ ready_check_id: checkId, status: 'open', ready_count: 0, me_ready: false });
    expect(first).toMatchObject({ opened_at: opened, deadline_at: opened + 60, match_id: null, my_outcome: null });
    expect(first?.players.map((p) => p.user_id)).toEqual(tenIds());
    expect((await queueEntry('dummy_01')) !== null).toBe(true);

    t.clock.advance(30);
    const ids = tenIds();
    for (const [i, id] of ids.slice(0, 9).entries()) {
      expect(await pressOk(id, checkId)).toMatchObject({ status: 'open', ready_count: i + 1, me_ready: true });
    }
    // A second press (a double tap, another tab) answers the same.
    expect(await pressOk('dummy_01', checkId)).toMatchObject({ status: 'open', ready_count: 9, me_ready: true });
    expectError(
      await t.request({ method: 'GET', url: '/api/matches/current', token: tokenOf('dummy_01') }),
      404,
      'MATCH_NOT_FOUND',
    );

    const last = await pressOk('dummy_10', checkId);
    expect(last).toMatchObject({ status: 'started', ready_count: 10 });
    const matchId = last.match_id as string;
    const match = (await t.request({ method: 'GET', url: '/api/matches/current', token: tokenOf('dummy_01') })).json();
    expect(match).toMatchObject({ match_id: matchId, started_at: opened + 30, matched_unixtime: opened + 30 });
    // The wave's plan carried team A's predicted chance into the match (ten newcomers at 1500: even).
    expect(match.predicted_a).toBeCloseTo(0.5, 6);
    expect(await queueEntry('dummy_01')).toBeNull();
    expect(await myCheck('dummy_05')).toMatchObject({ status: 'started', match_id: matchId, my_outcome: null });
    expect(await pressOk('dummy_03', checkId)).toMatchObject({ status: 'started', match_id: matchId });

    // The lobby timer counts from the start: nobody but the host takes the role before 150 s after it.
    const bystander = ids.find((id) => id !== match.host_user_id) as string;
    const take = () =>
      t.request({ method: 'POST', url: '/api/matches/host/transfer', token: tokenOf(bystander), payload: {} });
    t.clock.advance(149);
    expect((await take()).json().code).toBe('HOST_TAKEOVER_TOO_EARLY');
    t.clock.advance(1);
    expect((await take()).json().host_user_id).toBe(bystander);

    await delivered();
    for (const [, device] of devices) {
      expect(push.messagesOf(device.id)).toEqual([
        expect.objectContaining({ kind: 'match_found', url: '/?tab=match', tag: `ready-${checkId}` }),
      ]);
    }
  });

  it('makes one match of the two last presses sent at once', async () => {
    const checkId = await openCheck();
    for (const id of tenIds().slice(0, 8)) await pressOk(id, checkId);
    const replies = await Promise.all([press('dummy_09', checkId), press('dummy_10', checkId)]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
    const statuses = replies.map((r) => r.json().status).sort();
    expect(statuses).toEqual(['open', 'started']);
    expect(await count(sql`select count(*)::int as n from matches`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from match_players where is_open`)).toBe(10);
  });

  it('makes one match of ten presses sent at once', async () => {
    const checkId = await openCheck();
    const replies = await Promise.all(tenIds().map((id) => press(id, checkId)));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(replies.filter((r) => r.json().status === 'started')).toHaveLength(1);
    expect(await count(sql`select count(*)::int as n from matches`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from queue_entries`)).toBe(0);
  });
});

describe('a ready check that fails', () => {
  it('refuses a press at the deadline before the job ran; the ready go back first, the no-show leaves warned', async () => {
    const checkId = await openCheck();
    const before = await queueEntry('dummy_01');
    for (const id of tenIds().slice(0, 9)) await pressOk(id, checkId);
    tokens.set('dummy_11', await t.login('dummy_11'));
    expectError(await press('dummy_10', 'x'), 400, 'VALIDATION_ERROR', null);
    expectError(await press('dummy_11', checkId), 404, 'READY_CHECK_NOT_FOUND');
    t.clock.advance(60);
    expectError(await press('dummy_10', checkId), 409, 'READY_CHECK_CLOSED');
    expect(await myCheck('dummy_10')).toMatchObject({ status: 'open', ready_count: 9 });

    await deadlineJob();
    expect(await myCheck('dummy_01')).toMatchObject({ status: 'failed', my_outcome: 'requeued', timeout_until: null });
    expect(await myCheck('dummy_10')).toMatchObject({ status: 'failed', my_outcome: 'removed', timeout_until: null });
    expect(await queueEntry('dummy_01')).toEqual(before);
    expect(await queueEntry('dummy_10')).toBeNull();
    expectError(await press('dummy_01', checkId), 409, 'READY_CHECK_CLOSED');
    expect(await count(sql`select count(*)::int as n from matches`)).toBe(0);

    // Back at the front: with two newcomers in the queue, the next check takes the nine who waited first.
    t.clock.advance(30);
    await queueUp(['dummy_11', 'dummy_12']);
    const next = await trigger();
    expect(next.ready_checks).toHaveLength(1);
    const players = (await myCheck('dummy_01'))?.players.map((p) => p.user_id) ?? [];
    expect(players).toEqual(expect.arrayContaining(tenIds().slice(0, 9)));
    // READY_CHECK_SHOWN_SECONDS after it closed, the failed check is no longer shown.
    t.clock.advance(READY_CHECK_SHOWN_SECONDS - 120);
    expect(await myCheck('dummy_10')).not.toBeNull();
    t.clock.advance(121);
    expect(await myCheck('dummy_10')).toBeNull();
  });

  it('gives a no-show a warning, then 5, 15 and 60 minutes; misses older than a week no longer count', async () => {
    await queueUp(tenIds());
    const steps: (number | null)[] = [];
    for (let round = 0; round < 5; round++) {
      if (round === 4) {
        t.clock.advance(8 * 86_400);
        admin = await t.login('dummy_admin');
      }
      if (round > 0) await queueUp(round === 4 ? tenIds() : ['dummy_10']);
      const wave = await trigger();
      const checkId = wave.ready_checks[0] as string;
      expect(checkId, `round ${round}`).toBeDefined();
      for (const id of tenIds().slice(0, 9)) await pressOk(id, checkId);
      t.clock.advance(60);
      await deadlineJob();
      const seen = await myCheck('dummy_10');
      const until = seen?.timeout_until ?? null;
      steps.push(until === null ? null : (until - t.clock.now()) / 60);
      if (until !== null) {
        const refused = await t.request({
          method: 'POST',
          url: '/api/queue/join',
          token: tokenOf('dummy_10'),
          payload: {},
        });
        expectError(refused, 403, 'QUEUE_SUSPENDED', queueSuspendedMessage(until, READY_CHECK_NO_SHOW_REASON));
        t.clock.advance(until - t.clock.now());
      }
      if (round === 3) {
        // A fourth miss and later: 60 minutes each.
        await queueUp(['dummy_10']);
        const again = await trigger();
        for (const id of tenIds().slice(0, 9)) await pressOk(id, again.ready_checks[0] as string);
        t.clock.advance(60);
        await deadlineJob();
        const fifth = (await myCheck('dummy_10'))?.timeout_until ?? 0;
        steps.push((fifth - t.clock.now()) / 60);
        t.clock.advance(fifth - t.clock.now());
        await t.request({ method: 'DELETE', url: '/api/debug/queue', token: admin });
      }
    }
    expect(steps).toEqual([null, 5, 15, 60, 60, null]);
  });

  it('fails at once when a player leaves: the leaver counts as not answering, the others go back', async () => {
    const checkId = await openCheck();
    for (const id of ['dummy_01', 'dummy_02', 'dummy_03']) await pressOk(id, checkId);
    const left = await t.request({ method: 'POST', url: '/api/queue/leave', token: tokenOf('dummy_04') });
    expect(left.json()).toEqual({ in_queue: false, entry: null });
    expect(await myCheck('dummy_04')).toMatchObject({ status: 'failed', my_outcome: 'removed', timeout_until: null });
    // A player who had not pressed yet is not to blame: back in the queue, no miss counted.
    const other = await myCheck('dummy_05');
    expect(other).toMatchObject({ status: 'failed', my_outcome: 'requeued', me_ready: false, ready_count: 3 });
    expect(await myCheck('dummy_01')).toMatchObject({ status: 'failed', my_outcome: 'requeued', me_ready: true });
    expect(await queueEntry('dummy_05')).not.toBeNull();
    expectError(await press('dummy_05', checkId), 409, 'READY_CHECK_CLOSED');
    const misses = sql`select user_id from ready_check_players where ready_at is null`;
    expect(rowsOf<{ user_id: string }>(await t.ctx.db.execute(misses)).map((r) => r.user_id)).toEqual(['dummy_04']);

    // The nine are free for the next wave; a leaver who had pressed counts as not answering too.
    await queueUp(['dummy_11']);
    const next = (await trigger()).ready_checks[0] as string;
    await pressOk('dummy_01', next);
    await t.request({ method: 'POST', url: '/api/queue/leave', token: tokenOf('dummy_01') });
    expect(await myCheck('dummy_01')).toMatchObject({ status: 'failed', my_outcome: 'removed', me_ready: false });
    expect(
      rowsOf<{ user_id: string }>(await t.ctx.db.execute(misses))
        .map((r) => r.user_id)
        .sort(),
    ).toEqual(['dummy_01', 'dummy_04']);
  });

  it('fails when a ready player was banned meanwhile: the tenth press makes no match', async () => {
    const checkId = await openCheck();
    await pressOk('dummy_01', checkId);
    const ban = await t.request({
      method: 'PUT',
      url: '/api/admin/users/dummy_01',
      token: admin,
      payload: { is_banned: true },
    });
    expect(ban.statusCode, ban.body).toBe(200);
    for (const id of tenIds().slice(1, 9)) await pressOk(id, checkId);
    expect(await pressOk('dummy_10', checkId)).toMatchObject({ status: 'failed', my_outcome: 'requeued' });
    expect(await count(sql`select count(*)::int as n from matches`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from queue_entries where ready_check_id is null`)).toBe(9);
  });
});

describe('waves and tools around a check', () => {
  it('skips the held entries in a wave during the check', async () => {
    await openCheck();
    await queueUp(tenIds(11));
    const second = await trigger();
    expect(second.ready_checks).toHaveLength(1);
    const players = (await myCheck('dummy_11'))?.players.map((p) => p.user_id);
    expect(players).toEqual(tenIds(11));
    const third = await trigger();
    expect(third).toMatchObject({ ready_checks: [], created_matches: [], matched: 0 });
    expect((await queueEntry('dummy_01'))?.waves_missed).toBe(0);
    expect((await t.request({ method: 'GET', url: '/api/queue' })).json().total_waiting).toBe(20);
  });

  it('pushes the check to every tab of its players; ready-all starts it; the figures count it', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/ws`;
    for (const id of tenIds()) tokens.set(id, await t.login(id));
    const connect = async (id: string) => {
      const socket = await TestSocket.open(`${url}?token=${encodeURIComponent(tokenOf(id))}`);
      sockets.push(socket);
      return socket;
    };
    const tabs = [await connect('dummy_01'), await connect('dummy_01')];
    const checkId = await openCheck();
    for (const tab of tabs)
      expect((await tab.next('readyCheck')).data).toMatchObject({ status: 'open', ready_count: 0 });
    await pressOk('dummy_02', checkId);
    for (const tab of tabs) {
      expect((await tab.next('readyCheck')).data).toMatchObject({ ready_count: 1, me_ready: false });
    }
    const all = await t.request({
      method: 'POST',
      url: '/api/debug/ready-checks/ready-all',
      token: admin,
      payload: {},
    });
    expect(all.statusCode, all.body).toBe(200);
    const { readied, started_matches } = all.json();
    expect(readied).toBe(9);
    expect(started_matches).toHaveLength(1);
    for (const tab of tabs) {
      expect((await tab.next('readyCheck')).data).toMatchObject({ status: 'started', match_id: started_matches[0] });
      expect((await tab.next('matchFound')).match_id).toBe(started_matches[0]);
    }
    expect(await count(sql`select count(*)::int as n from audit_log where action = 'debug.ready_all'`)).toBe(1);

    // A second check fails: the statistics and the Prometheus counters say so.
    await queueUp(tenIds(11));
    await trigger();
    t.clock.advance(60);
    await deadlineJob();
    const stats = (await t.request({ method: 'GET', url: '/api/public/stats' })).json();
    expect(stats.ready_checks).toEqual({ opened: 2, started: 1, failed: 1 });
    const metrics = await t.ctx.metrics.registry.getSingleMetricAsString('rankmatch_ready_checks_total');
    expect(metrics).toContain('rankmatch_ready_checks_total{event="opened"} 2');
    expect(metrics).toContain('rankmatch_ready_checks_total{event="failed"} 1');
    const runs = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select (metrics->>'ready_checks')::int as n from wave_runs`),
    );
    expect(runs.map((r) => r.n)).toEqual([1, 1]);
  });
});

const onPostgres = process.env.TEST_DB === 'postgres';
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(onPostgres)('races on PostgreSQL', () => {
  it("the tenth press racing a ready player's leave: a match or a failed check, never both, no deadlock", async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      const ids = tenIds(1 + round * 10);
      const checkId = await openCheck(ids);
      for (const id of ids.slice(0, 9)) await pressOk(id, checkId);
      const leaver = ids[round % 9] as string;
      const [pressed, left] = await Promise.all([
        press(ids[9] as string, checkId),
        t.request({ method: 'POST', url: '/api/queue/leave', token: tokenOf(leaver) }),
      ]);
      expect(left.statusCode, left.body).toBe(200);
      const matches = await count(sql`select count(*)::int as n from match_players where user_id = ${leaver}`);
      const status = (await myCheck(ids[0] as string))?.status;
      if (pressed.statusCode === 200) {
        expect([status, matches]).toEqual(['started', 1]);
      } else {
        expectError(pressed, 409, 'READY_CHECK_CLOSED');
        expect([status, matches]).toEqual(['failed', 0]);
      }
      outcomes.push(status as string);
      // The next round's ten alone in the queue (a failed check sent nine back).
      await t.request({ method: 'DELETE', url: '/api/debug/queue', token: admin });
      const both = sql`select count(*)::int as n from queue_entries q join match_players mp
        on mp.user_id = q.user_id and mp.is_open`;
      expect(await count(both)).toBe(0);
    }
    expect(outcomes).toHaveLength(4);
  });
});

describe.runIf(onPostgres)('joins racing a start on PostgreSQL', () => {
  it('the tenth press racing a join of one of the ten: never queued while in the match', async () => {
    for (let round = 0; round < 4; round++) {
      const ids = tenIds(41 + round * 10);
      const checkId = await openCheck(ids);
      for (const id of ids.slice(0, 9)) await pressOk(id, checkId);
      const joiner = ids[round * 2] as string;
      const [pressed, joined] = await Promise.all([
        press(ids[9] as string, checkId),
        t.request({ method: 'POST', url: '/api/queue/join', token: tokenOf(joiner), payload: { roles: ['TANK'] } }),
      ]);
      expect(pressed.statusCode, pressed.body).toBe(200);
      expect([200, 409], joined.body).toContain(joined.statusCode);
      const both = sql`select count(*)::int as n from queue_entries q join match_players mp
        on mp.user_id = q.user_id and mp.is_open`;
      expect(await count(both), `round ${round}`).toBe(0);
    }
  });
});

describe.runIf(redisUrl && onPostgres)('two instances behind Redis', () => {
  it('a press on one instance reaches the tabs on the other; the deadline fails a check once', async () => {
    const channel = `rankmatch:test:ready:${process.pid}:${Date.now()}`;
    const busA = await RedisBus.connect(redisUrl as string, channel);
    const busB = await RedisBus.connect(redisUrl as string, channel);
    const a = await createTestApp({ bus: busA, readyCheckSeconds: 60 });
    const b = await createTestApp({ bus: busB, reset: false, seed: false });
    try {
      await activeSeason(a);
      await a.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `ws://127.0.0.1:${(a.app.server.address() as AddressInfo).port}/api/ws`;
      const tokenA = new Map<string, string>();
      for (const id of tenIds()) {
        tokenA.set(id, await a.login(id));
        await a.ctx.db.execute(sql`update users set start_rate = 1500 where id = ${id}`);
        await a.request({ method: 'POST', url: '/api/queue/join', token: tokenA.get(id), payload: {} });
      }
      const tab = await TestSocket.open(`${url}?token=${encodeURIComponent(tokenA.get('dummy_01') as string)}`);
      sockets.push(tab);
      const adminA = await a.login('dummy_admin');
      const wave = (await a.request({ method: 'POST', url: '/api/debug/matchmaking/trigger', token: adminA })).json();
      const checkId = wave.ready_checks[0] as string;
      expect((await tab.next('readyCheck')).data).toMatchObject({ ready_check_id: checkId, ready_count: 0 });
      const onB = await b.request({
        method: 'POST',
        url: '/api/queue/ready-check/ready',
        token: tokenA.get('dummy_02'),
        payload: { ready_check_id: checkId },
      });
      expect(onB.statusCode, onB.body).toBe(200);
      expect((await tab.next('readyCheck')).data).toMatchObject({ ready_count: 1, me_ready: false });
      a.clock.advance(60);
      b.clock.advance(60);
      const runs = await Promise.all([a.built.jobs.run(READY_DEADLINE_JOB), b.built.jobs.run(READY_DEADLINE_JOB)]);
      const closed = runs.map((r) => (r.ran ? r.value : 0));
      expect(closed.reduce((sum: number, n) => sum + Number(n), 0)).toBe(1);
      expect((await tab.next('readyCheck')).data).toMatchObject({ status: 'failed', my_outcome: 'removed' });
    } finally {
      await a.close();
      await b.close();
      await busA.close();
      await busB.close();
    }
  });
});

/** Every notification queued so far has been tried. */
async function delivered(): Promise<void> {
  await t.built.events.drain();
  for (let i = 0; i < 50; i++) {
    t.built.modules.notifications.outbox.wake();
    await t.built.modules.notifications.outbox.idle();
    const counts = await outboxCounts(t.ctx.db);
    if (!counts.pending && !counts.sending) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}
