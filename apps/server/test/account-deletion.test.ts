import type { AddressInfo } from 'node:net';
import {
  ACCOUNT_DELETION_CHANGES_PER_HOUR,
  ACCOUNT_DELETION_GRACE_SECONDS,
  type AdminUserDetail,
  DELETED_PLAYER_NAME,
  ERRORS,
  type MyDeletion,
  rankingReplySchema,
} from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { ACCOUNT_DELETION_JOB, type Deletion } from '../src/deletion/delete.ts';
import { type FreshApp, freshAppPerTest, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/community.ts';
import { activeSeason, matchTen, settledMatch } from './helpers/match.ts';
import { TestSocket } from './helpers/ws-client.ts';

// My page → アカウントの削除 (issue 38): a request starts a grace period (cancelled by signing in and cancelling), then
// the hourly job deletes the account: the Discord-keyed row goes, its kept rows (matches, reports, season records,
// moderation records, orders, ranking entries) move to an anonymised remainder, the rest is deleted.

let f: FreshApp;
freshAppPerTest((fresh) => {
  f = fresh;
});

const ask = (token: string, confirm = true) =>
  f.t.request({ method: 'POST', url: '/api/users/me/deletion', token, payload: { confirm } });
const cancel = (token: string) => f.t.request({ method: 'DELETE', url: '/api/users/me/deletion', token });
const state = (token: string) => f.t.request({ method: 'GET', url: '/api/users/me/deletion', token });

async function runJob(t: TestApp): Promise<Deletion[]> {
  const outcome = await t.built.jobs.run(ACCOUNT_DELETION_JOB);
  if (!outcome.ran) throw new Error('the deletion job did not run');
  await t.built.events.drain();
  return outcome.value as Deletion[];
}

async function rows<T = Record<string, unknown>>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.ctx.db.execute(query));
}

async function countOf(t: TestApp, table: string, column: string, id: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    t,
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id}`,
  );
  return row?.n ?? 0;
}

describe('requesting and cancelling', () => {
  it('starts the grace period, leaves the queue, refuses joins, keeps the first time, and is audited', async () => {
    const { t, player } = f;
    await activeSeason(t);
    expect((await t.request({ method: 'POST', url: '/api/queue/join', token: player, payload: {} })).statusCode).toBe(
      200,
    );
    expect((await state(player)).json()).toEqual({ requested_at: null, due_at: null });

    expectError(await ask(player, false), 400, 'ACCOUNT_DELETION_UNCONFIRMED');
    const asked = await ask(player);
    expect(asked.statusCode, asked.body).toBe(200);
    const now = t.clock.now();
    expect(asked.json()).toEqual({ requested_at: now, due_at: now + ACCOUNT_DELETION_GRACE_SECONDS });
    expect(await countOf(t, 'queue_entries', 'user_id', 'dummy_01')).toBe(0);
    expectError(
      await t.request({ method: 'POST', url: '/api/queue/join', token: player, payload: {} }),
      409,
      'QUEUE_DELETION_PENDING',
    );

    // Asking again later keeps the first request (and records nothing more).
    t.clock.advance(60);
    expect((await ask(player)).json()).toEqual(asked.json());
    expect((await state(player)).json()).toEqual(asked.json());

    const cancelled = await cancel(player);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ requested_at: null, due_at: null });
    expect((await cancel(player)).json()).toEqual({ requested_at: null, due_at: null });
    expect((await t.request({ method: 'POST', url: '/api/queue/join', token: player, payload: {} })).statusCode).toBe(
      200,
    );

    const audit = await rows<{ action: string; actor_id: string; after: unknown }>(
      t,
      sql`select action, actor_id, after from audit_log where target_id = 'dummy_01' order by id`,
    );
    expect(audit).toEqual([
      {
        action: 'user.deletion_request',
        actor_id: 'dummy_01',
        after: { deletion_requested_at: now, due_at: now + ACCOUNT_DELETION_GRACE_SECONDS },
      },
      { action: 'user.deletion_cancel', actor_id: 'dummy_01', after: { deletion_requested_at: null } },
    ]);
  });

  it('needs a signed-in player', async () => {
    expectError(
      await f.t.request({ method: 'POST', url: '/api/users/me/deletion', payload: { confirm: true } }),
      401,
      'LOGIN_REQUIRED',
    );
    expectError(await f.t.request({ method: 'DELETE', url: '/api/users/me/deletion' }), 401, 'LOGIN_REQUIRED');
    expectError(await f.t.request({ method: 'GET', url: '/api/users/me/deletion' }), 401, 'LOGIN_REQUIRED');
  });

  it(`allows ${ACCOUNT_DELETION_CHANGES_PER_HOUR} requests and cancellations an hour, then 429 until the hour has passed`, async () => {
    const { t, player, admin } = f;
    for (let i = 0; i < ACCOUNT_DELETION_CHANGES_PER_HOUR; i++) {
      const res = i % 2 === 0 ? await ask(player) : await cancel(player);
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await cancel(player);
    expectError(refused, 429, 'ACCOUNT_DELETION_TOO_OFTEN');
    expect(refused.json().error).toBe(ERRORS.ACCOUNT_DELETION_TOO_OFTEN.message);
    // The refused call changed nothing; another player is not limited.
    expect(((await state(player)).json() as MyDeletion).requested_at).not.toBeNull();
    expect((await ask(admin)).statusCode).toBe(200);
    t.clock.advance(3601);
    expect((await cancel(player)).statusCode).toBe(200);
  });

  it('shows the admin the pending deletion, then the deleted account', async () => {
    const { t, player } = f;
    let { admin } = f;
    await ask(player);
    const requestedAt = t.clock.now();
    const detail = await t.request({ method: 'GET', url: '/api/admin/users/dummy_01', token: admin });
    expect((detail.json() as AdminUserDetail).deletion).toEqual({
      requested_at: requestedAt,
      due_at: requestedAt + ACCOUNT_DELETION_GRACE_SECONDS,
      deleted_at: null,
    });
    t.clock.advance(ACCOUNT_DELETION_GRACE_SECONDS);
    const [done] = await runJob(t);
    if (!done?.deleted) throw new Error('not deleted');
    // A week later: the admin signs in again.
    admin = await t.login('dummy_admin');
    expectError(
      await t.request({ method: 'GET', url: '/api/admin/users/dummy_01', token: admin }),
      404,
      'USER_NOT_FOUND',
    );
    const after = await t.request({ method: 'GET', url: `/api/admin/users/${done.remainderId}`, token: admin });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toMatchObject({
      trainer_name: DELETED_PLAYER_NAME,
      discord_username: '',
      deletion: { requested_at: requestedAt, deleted_at: t.clock.now() },
    });
  });
});

describe('the deletion job', () => {
  it('deletes after the grace period and not before, table by table', async () => {
    const { t, admin } = f;
    await activeSeason(t);
    const m = await settledMatch(t, admin, 'A');
    // The first of each team reported (settledMatch).
    const me = m.teamA[0] as string;
    const other = m.teamB[0] as string;
    const token = m.tokenOf(me);
    await furnish(t, me, other, m.match.match_id, admin);
    await ask(token);

    t.clock.advance(ACCOUNT_DELETION_GRACE_SECONDS - 1);
    expect(await runJob(t)).toEqual([]);
    expect(await countOf(t, 'users', 'id', me)).toBe(1);

    t.clock.advance(1);
    const [done] = await runJob(t);
    if (!done?.deleted) throw new Error(`not deleted: ${JSON.stringify(done)}`);
    const admin2 = await t.login('dummy_admin');
    const rid = done.remainderId;
    expect(rid).toMatch(/^deleted-[0-9a-f]{16}$/);

    // Nothing is left under the old id.
    const tables: [string, string][] = [
      ['users', 'id'],
      ['sessions', 'user_id'],
      ['discord_credentials', 'user_id'],
      ['queue_entries', 'user_id'],
      ['push_subscriptions', 'user_id'],
      ['notification_prefs', 'user_id'],
      ['notification_outbox', 'target'],
      ['evidence', 'uploader_id'],
      ['user_badges', 'user_id'],
      ['user_achievements', 'user_id'],
      ['match_players', 'user_id'],
      ['match_reports', 'user_id'],
      ['match_reports', 'violation_report'],
      ['season_stats', 'user_id'],
      ['player_mmr', 'user_id'],
      ['season_records', 'user_id'],
      ['orders', 'user_id'],
      ['warnings', 'user_id'],
      ['moderation_cases', 'user_id'],
      ['player_avoids', 'user_id'],
      ['player_avoids', 'avoided_user_id'],
    ];
    for (const [table, column] of tables) expect(await countOf(t, table, column, me), `${table}.${column}`).toBe(0);
    const [snapshot] = await rows<{ entries: string }>(t, sql`select entries::text as entries from ranking_snapshots`);
    expect(snapshot?.entries).not.toContain(me);
    const [kase] = await rows<{ key: string; details: string }>(
      t,
      sql`select key, details::text from moderation_cases`,
    );
    expect(kase).toEqual({ key: `user:${rid}:lone`, details: `{"dissenters": ["${rid}"]}` });

    // Kept, under the remainder: matches (ten players), reports, records, orders, moderation records.
    const [remainder] = await rows(t, sql`select * from users where id = ${rid}`);
    expect(remainder).toMatchObject({
      auth_sub: `deleted|${rid}`,
      trainer_name: DELETED_PLAYER_NAME,
      discord_username: '',
      discord_avatar_url: '',
      twitter_id: '',
      bio: '',
      favorite_pokemon: [],
      current_badge: null,
      penalty_correction: 1,
    });
    // A bigint column read by raw SQL: a number on PGlite, a string on node-postgres.
    expect(Number((remainder as { deleted_at: unknown }).deleted_at)).toBe(t.clock.now());
    expect(await countOf(t, 'player_avoids', 'user_id', rid)).toBe(0);
    expect(await countOf(t, 'player_avoids', 'avoided_user_id', rid)).toBe(0);
    for (const [table, column, n] of [
      ['match_players', 'user_id', 1],
      ['match_reports', 'user_id', 1],
      ['match_reports', 'violation_report', 1],
      ['season_stats', 'user_id', 1],
      ['player_mmr', 'user_id', 1],
      ['season_records', 'user_id', 1],
      ['orders', 'user_id', 1],
      ['warnings', 'user_id', 1],
    ] as const) {
      expect(await countOf(t, table, column, rid), `${table}.${column}`).toBe(n);
    }
    expect(await countOf(t, 'match_players', 'match_id', m.match.match_id)).toBe(10);
    // The audit entries about the account stay as written, and the deletion has its own.
    const audit = await rows<{ action: string }>(
      t,
      sql`select action from audit_log where target_id = ${me} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['user.update', 'user.deletion_request', 'user.delete']);
    // The size of their own avoid list is counted; who avoided them is not recorded.
    const [deletion] = await rows<{ after: Record<string, unknown> }>(
      t,
      sql`select after from audit_log where target_id = ${me} and action = 'user.delete'`,
    );
    expect(deletion?.after).toMatchObject({ avoids: 1 });

    // Everyone else sees 退会したプレイヤー in the match, and no page of the account.
    const summary = await t.request({ method: 'GET', url: `/api/matches/${m.match.match_id}/summary` });
    const names = [...summary.json().team_a, ...summary.json().team_b].map(
      (p: { user_id: string; trainer_name: string }) => p,
    );
    expect(names).toContainEqual(expect.objectContaining({ user_id: rid, trainer_name: DELETED_PLAYER_NAME }));
    for (const id of [me, rid]) {
      expectError(await t.request({ method: 'GET', url: `/api/players/${id}` }), 404, 'USER_NOT_FOUND');
    }
    await t.request({ method: 'POST', url: '/api/debug/ranking/calculate', token: admin2 });
    const ranking = rankingReplySchema.parse((await t.request({ method: 'GET', url: '/api/public/ranking' })).json());
    expect(ranking.rankings.map((r) => r.user_id)).not.toContain(rid);
    expect(ranking.rankings).toHaveLength(9);
    // The account's tokens no longer work.
    expectError(await state(token), 401, 'UNAUTHORIZED');
  });

  it('waits while the player is in an open match, and deletes once it has settled', async () => {
    const { t, admin } = f;
    await activeSeason(t);
    const m = await matchTen(t, admin);
    const me = m.teamA[0] as string;
    expect((await ask(m.tokenOf(me))).statusCode).toBe(200);
    t.clock.advance(ACCOUNT_DELETION_GRACE_SECONDS);
    expect(await runJob(t)).toEqual([{ userId: me, deleted: false, reason: 'in_match' }]);
    // Nobody reported: the match settles by its deadline (long past).
    const gather = await t.request({
      method: 'POST',
      url: '/api/debug/gather-match',
      token: await t.login('dummy_admin'),
    });
    expect(gather.statusCode, gather.body).toBe(200);
    await t.built.events.drain();
    expect((await runJob(t)).map((d) => d.deleted)).toEqual([true]);
  });

  it("closes the account's open sockets", async () => {
    const { t, player } = f;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/ws`;
    const socket = await TestSocket.open(`${url}?token=${encodeURIComponent(player)}`);
    try {
      await ask(player);
      // Set back past the grace period, so the player's own socket is still open when the job runs.
      await t.ctx.db.execute(
        sql`update users set deletion_requested_at = ${t.clock.now() - ACCOUNT_DELETION_GRACE_SECONDS} where id = 'dummy_01'`,
      );
      await runJob(t);
      expect(await socket.next('error')).toMatchObject({ code: 'WS_SESSION_ENDED' });
      expect(await socket.closed()).toBe(4401);
    } finally {
      socket.close();
    }
  });

  it("keeps a deleted account's season record, without rewards, at the season end", async () => {
    const { t, admin } = f;
    await activeSeason(t);
    // A season with a number: the catalogue's S5 rewards (100 matches, gold licence).
    await t.ctx.db.execute(sql`update seasons set name = 'シーズン5' where id = 's-test'`);
    const m = await settledMatch(t, admin, 'A');
    const [me, kept] = m.teamA as [string, string];
    // Both played 120 matches without a penalty: the 100-match badge and the gold licence, by the rules.
    await t.ctx.db.execute(
      sql`update season_stats set match_count = 120, win_count = 70 where user_id in (${me}, ${kept})`,
    );
    await ask(m.tokenOf(me));
    t.clock.advance(ACCOUNT_DELETION_GRACE_SECONDS);
    const [done] = await runJob(t);
    if (!done?.deleted) throw new Error(`not deleted: ${JSON.stringify(done)}`);
    const rid = done.remainderId;

    // The match's report window has closed: its penalties are processed, so the end need not wait for it.
    const admin2 = await t.login('dummy_admin');
    await t.request({ method: 'POST', url: '/api/debug/gather-match', token: admin2 });
    const ended = await t.request({ method: 'POST', url: '/api/admin/seasons/s-test/end', token: admin2 });
    expect(ended.statusCode, ended.body).toBe(200);
    await t.built.events.drain();
    const [record] = await rows<{ final_rank: number | null; total_matches: number }>(
      t,
      sql`select final_rank, total_matches from season_records where user_id = ${rid}`,
    );
    // The record stays (the season's count of players and everyone's ranks), unranked and rewarded nothing.
    expect(record).toEqual({ final_rank: null, total_matches: 120 });
    expect(await countOf(t, 'season_awards', 'user_id', rid)).toBe(0);
    expect(await countOf(t, 'user_badges', 'user_id', rid)).toBe(0);
    // The player who kept their account got both.
    const awards = await rows<{ tier: string }>(
      t,
      sql`select tier from season_awards where user_id = ${kept} order by tier`,
    );
    expect(awards.map((a) => a.tier)).toEqual(expect.arrayContaining(['matches', 'gold_licence']));
    expect(await countOf(t, 'user_badges', 'user_id', kept)).toBeGreaterThanOrEqual(2);
  });

  it('lets a test account sign in again as a new account', async () => {
    const { t, player } = f;
    await ask(player);
    t.clock.advance(ACCOUNT_DELETION_GRACE_SECONDS);
    await runJob(t);
    const again = await t.login('dummy_01');
    const me = await t.request({ method: 'GET', url: '/api/users/me', token: again });
    expect(me.json()).toMatchObject({ user_id: 'dummy_01', trainer_name: 'dummy_01', match_count: 0 });
    expect((await state(again)).json()).toEqual({ requested_at: null, due_at: null });
  });
});

/** Gives the player a row in every table the deletion touches (as their features would have written them). */
async function furnish(t: TestApp, me: string, other: string, matchId: string, admin: string): Promise<void> {
  const now = t.clock.now();
  const db = t.ctx.db;
  const edit = await t.request({
    method: 'PUT',
    url: `/api/admin/users/${me}`,
    token: admin,
    payload: { penalty_correction: 1 },
  });
  expect(edit.statusCode, edit.body).toBe(200);
  await db.execute(sql`insert into discord_credentials (user_id, profile, access_token, expires_at, updated_at)
    values (${me}, '{"username":"x","global_name":null,"avatar":null}', 'token', ${now + 3600}, ${now})`);
  await db.execute(sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
    values (${me}, 'https://push.example.test/me', 'key', 'auth', ${now})`);
  await db.execute(sql`insert into notification_prefs (user_id, prefs, updated_at) values (${me}, '{}', ${now})`);
  await db.execute(sql`insert into notification_outbox (event_key, channel, target, user_id, payload, next_attempt_at, created_at)
    values ('test:1', 'discord_dm', ${me}, ${me}, '{}', ${now}, ${now})`);
  await db.execute(sql`insert into evidence (uploader_id, match_id, content_type, width, height, bytes, data, created_at)
    values (${me}, ${matchId}, 'image/webp', 1, 1, 3, '\\x010203'::bytea, ${now})`);
  await db.execute(sql`insert into orders (id, user_id, badge_id, amount, currency, status, created_at, expires_at, updated_at)
    values ('order-kept', ${me}, 'badge_099', 500, 'jpy', 'fulfilled', ${now}, ${now}, ${now})`);
  await db.execute(sql`insert into user_badges (user_id, badge_id, source, reference, acquired_at)
    values (${me}, 'badge_099', 'purchase', 'order-kept', ${now})`);
  await db.execute(sql`insert into user_achievements (user_id, key, achievement_id, earned_at)
    values (${me}, 'matches:1@s-test', 'matches_1', ${now})`);
  await db.execute(sql`insert into seasons (id, name, start_date, end_date, ended_at)
    values ('s-old', '前シーズン', ${now - 90 * 86_400}, ${now - 30 * 86_400}, ${now - 30 * 86_400})`);
  await db.execute(sql`insert into season_records (season_id, user_id, final_rate, max_rate, final_rank, total_matches, wins, effective_penalty)
    values ('s-old', ${me}, 1600, 1650, 1, 40, 25, 0)`);
  await db.execute(
    sql`insert into warnings (user_id, reason, created_at, created_by) values (${me}, 'test', ${now}, 'dummy_admin')`,
  );
  await db.execute(sql`insert into moderation_cases (kind, key, severity, user_id, details, opened_at)
    values ('lone', ${`user:${me}:lone`}, 1, ${me}, ${JSON.stringify({ dissenters: [me] })}, ${now})`);
  // They avoid another player, and another avoids them (both rows go; neither moves to the remainder).
  await db.execute(sql`insert into player_avoids (user_id, avoided_user_id, created_at)
    values (${me}, ${other}, ${now}), (${other}, ${me}, ${now})`);
  // Another player's report named them; the ranking holds them.
  await db.execute(sql`update match_reports set violation_report = ${me} where user_id = ${other}`);
  await t.request({ method: 'POST', url: '/api/debug/ranking/calculate', token: admin });
}
