import {
  type AdminMatchDetail,
  type CaseDetail,
  type CaseList,
  DEFAULT_NOTIFICATION_PREFS,
  type MyReportOutcomes,
  type UserProfile,
} from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ratingsAgainstReplay } from '../rehearsal/rating-replay.ts';
import { rowsOf } from '../src/db/client.ts';
import type { DomainEvent } from '../src/events/bus.ts';
import { findCase } from '../src/trust/cases.ts';
import { tellReporters } from '../src/trust/outcomes.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/community.ts';
import { FakeDiscord } from './helpers/fake-discord.ts';
import { FakePushService } from './helpers/fake-push.ts';
import {
  activeSeason,
  type MatchedPlayers,
  matchTen,
  mmrRows,
  postReport,
  report,
  seasonRow,
  settledMatch,
} from './helpers/match.ts';

// Issue 35, items 3 and 4: a closed case tells the players whose report or dispute raised it (once, in-page and by
// their channels; the reported player hears nothing), and an admin who confirms a leaver gives their team-mates back
// the rate the match cost them, through the correction seam, so that ratings still equal a replay.

const push = new FakePushService();
const discord = new FakeDiscord();
let t: TestApp;
let admin: string;
let events: DomainEvent[];

beforeAll(async () => {
  await push.start();
  await discord.start();
});
afterAll(async () => {
  await push.close();
  await discord.stop();
});
beforeEach(async () => {
  t = await createTestApp({
    env: {
      PUSH_ENDPOINT_ORIGINS: push.origin,
      DISCORD_API_BASE: `${discord.base}/api`,
      DISCORD_BOT_TOKEN: discord.rest.botToken,
    },
  });
  admin = await t.login('dummy_admin');
  await activeSeason(t);
  events = [];
  t.ctx.bus.subscribe((e) => events.push(e));
});
afterEach(async () => t.close());

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.ctx.db.execute(text));
}

/** A push device for the player, and Discord DMs of the `dispute` kind (they signed in with Discord). */
async function channelsFor(userId: string, token: string): Promise<void> {
  const device = push.device();
  const res = await t.request({
    method: 'POST',
    url: '/api/notifications/push-subscriptions',
    token,
    payload: { ...device.subscription, expirationTime: null, label: 'test' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const prefs = {
    ...DEFAULT_NOTIFICATION_PREFS,
    discord_dm: { ...DEFAULT_NOTIFICATION_PREFS.discord_dm, dispute: true },
  };
  expect((await t.request({ method: 'PUT', url: '/api/notifications/me', token, payload: prefs })).statusCode).toBe(
    200,
  );
  await t.ctx.db.execute(sql`update users set auth_sub = ${`discord|9${userId.replace(/\D/g, '').padStart(17, '0')}`}
    where id = ${userId}`);
}

/** Outbox rows of an event: channel → the players they are for. */
async function outbox(eventKey: string): Promise<Record<string, string[]>> {
  await t.built.events.drain();
  const rows = await query<{ channel: string; user_id: string }>(
    sql`select channel, user_id from notification_outbox where event_key = ${eventKey} order by user_id`,
  );
  const out: Record<string, string[]> = {};
  for (const r of rows) out[r.channel] = [...(out[r.channel] ?? []), r.user_id];
  return out;
}

const outcomesOf = async (token: string) =>
  ((await t.request({ method: 'GET', url: '/api/users/me/report-outcomes', token })).json() as MyReportOutcomes)
    .outcomes;

const openCases = async () =>
  ((await t.request({ method: 'GET', url: '/api/admin/cases?status=open', token: admin })).json() as CaseList).cases;

const act = (caseId: number, payload: object) =>
  t.request({ method: 'POST', url: `/api/admin/cases/${caseId}/action`, token: admin, payload });

const refund = (matchId: string, userId: string) =>
  t.request({
    method: 'POST',
    url: `/api/admin/matches/${matchId}/refund`,
    token: admin,
    payload: { user_id: userId },
  });

/** Closes the report windows and runs the gather and the trust scan, as the jobs do. */
async function closeWindowAndScan(): Promise<void> {
  t.clock.advance(3601);
  const gather = await t.request({ method: 'POST', url: '/api/debug/gather-match', token: admin, payload: {} });
  expect(gather.statusCode, gather.body).toBe(200);
  await t.built.jobs.run('trust-scan');
}

const teamOf = (m: MatchedPlayers, id: string) => (m.teamA.includes(id) ? m.teamA : m.teamB);

/**
 * Three matches in which the target's team lost and their team-mates and one opponent named them (`reason`): the
 * scan opens a violations case. Returns the matches, the case and who named the target.
 */
async function violationsCase(target: string, reason: 'leave' | 'afk' | 'abuse' = 'afk') {
  const played: MatchedPlayers[] = [];
  const reporters = new Set<string>();
  /** Each reporter's latest match naming the target. */
  const latest = new Map<string, string>();
  for (let round = 0; round < 3; round++) {
    if (round > 0) t.clock.advance(2 * 3600);
    const m = await matchTen(t, admin);
    const mates = teamOf(m, target).filter((id) => id !== target);
    const opponent = (m.teamA.includes(target) ? m.teamB : m.teamA)[0] as string;
    const result = m.teamA.includes(target) ? 'B-win' : 'A-win';
    for (const id of [...mates, opponent]) {
      const named = { violation_report: target, violation_reason: reason };
      const res = await postReport(t, m.match.match_id, m.tokenOf(id), report(result, named));
      expect(res.statusCode, res.body).toBe(200);
      reporters.add(id);
      latest.set(id, m.match.match_id);
    }
    await closeWindowAndScan();
    played.push(m);
  }
  const open = (await openCases()).find((c) => c.kind === 'violations' && c.user_id === target);
  expect(open).toBeDefined();
  return { played, caseId: open?.case_id as number, reporters, latest };
}

describe('reports that lead somewhere', () => {
  it("tells a violations case's reporters once, in-page and by each channel; the reported player hears nothing", async () => {
    const target = 'dummy_10';
    const { played, caseId, reporters, latest } = await violationsCase(target);
    const [reporter, other] = [...reporters] as [string, string];
    const tokenOf = (id: string) => (played.at(-1) as MatchedPlayers).tokenOf(id);
    await channelsFor(reporter, tokenOf(reporter));
    await channelsFor(target, tokenOf(target));

    const res = await act(caseId, { action: 'warn', user_id: target, note: '放置が続いています' });
    expect(res.statusCode, res.body).toBe(200);
    const key = `case.told:${caseId}`;
    // One row per channel for the reporter who chose them; the reported player gets nothing about it.
    expect(await outbox(key)).toEqual({ push: [reporter], discord_dm: [reporter] });
    const told = events.find((e) => e.type === 'reporters.told');
    expect(told).toMatchObject({ case_id: caseId, subject: 'violation', outcome: 'action_taken' });
    expect(new Set(told?.type === 'reporters.told' ? told.user_ids : [])).toEqual(reporters);
    expect(reporters.has(target)).toBe(false);

    expect(await outcomesOf(tokenOf(reporter))).toEqual([
      {
        case_id: caseId,
        subject: 'violation',
        match_id: latest.get(reporter),
        outcome: 'action_taken',
        told_at: t.clock.now(),
      },
    ]);
    expect(await outcomesOf(tokenOf(other))).toHaveLength(1);
    expect(await outcomesOf(tokenOf(target))).toEqual([]);

    // Once per case: the closed case refuses a second action, and telling again tells nobody.
    expectError(await act(caseId, { action: 'dismiss' }), 409, 'CASE_CLOSED');
    expect((await findCase(t.ctx.db, caseId)).reportersToldAt).toBe(t.clock.now());
    const closed = await findCase(t.ctx.db, caseId);
    const again = await t.ctx.write((work) =>
      tellReporters(work, closed, { action: 'warn', actedOn: target, now: t.clock.now() }),
    );
    expect(again).toEqual([]);
    expect(await outbox(key)).toEqual({ push: [reporter], discord_dm: [reporter] });
    const [audit] = await query<{ after: { reporters_told: number } }>(
      sql`select after from audit_log where action = 'case.warn'`,
    );
    expect(audit?.after.reporters_told).toBe(reporters.size);
  });

  it('a dismissed dispute tells its disputers it was reviewed; a later dispute case of the match is told apart', async () => {
    const m = await settledMatch(t, admin, 'A');
    const [b1, b2, b3] = m.teamB as [string, string, string];
    await channelsFor(b1, m.tokenOf(b1));
    await channelsFor(b3, m.tokenOf(b3));
    for (const id of [b1, b2]) {
      const res = await t.request({
        method: 'POST',
        url: `/api/matches/${m.match.match_id}/dispute`,
        token: m.tokenOf(id),
        payload: { reason: 'wrong_result' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [first] = await openCases();
    expect((await act(first?.case_id as number, { action: 'dismiss' })).statusCode).toBe(200);
    expect(await outbox(`case.told:${first?.case_id}`)).toEqual({ push: [b1], discord_dm: [b1] });
    for (const id of [b1, b2]) {
      expect(await outcomesOf(m.tokenOf(id))).toEqual([
        {
          case_id: first?.case_id,
          subject: 'dispute',
          match_id: m.match.match_id,
          outcome: 'reviewed',
          told_at: t.clock.now(),
        },
      ]);
    }
    // Team A won and disputed nothing: they hear nothing.
    expect(await outcomesOf(m.tokenOf(m.teamA[0] as string))).toEqual([]);

    t.clock.advance(60);
    await t.request({
      method: 'POST',
      url: `/api/matches/${m.match.match_id}/dispute`,
      token: m.tokenOf(b3),
      payload: { reason: 'should_be_void' },
    });
    const [second] = await openCases();
    expect(second?.case_id).not.toBe(first?.case_id);
    expect((await act(second?.case_id as number, { action: 'void' })).statusCode).toBe(200);
    expect(await outbox(`case.told:${second?.case_id}`)).toEqual({ push: [b3], discord_dm: [b3] });
    expect((await outcomesOf(m.tokenOf(b3)))[0]).toMatchObject({ outcome: 'action_taken', subject: 'dispute' });
    expect(await outcomesOf(m.tokenOf(b1))).toHaveLength(1);
  });
});

describe('rate back for the victims', () => {
  it("gives the leaver's team-mates who lost their rate, numbers and MMR back; once; audited and told", async () => {
    const m = await settledMatch(t, admin, 'A');
    const [leaver, ...mates] = m.teamB as [string, ...string[]];
    const id = m.match.match_id;
    await channelsFor(mates[0] as string, m.tokenOf(mates[0] as string));
    for (const reporter of mates.slice(0, 2)) {
      const named = { violation_report: leaver, violation_reason: 'leave' as const };
      expect((await postReport(t, id, m.tokenOf(reporter), report('A-win', named))).statusCode).toBe(200);
    }
    // An opponent names a winner as AFK: their team lost nothing to it.
    const winner = m.teamA[1] as string;
    const afk = { violation_report: winner, violation_reason: 'afk' as const };
    expect((await postReport(t, id, m.tokenOf(m.teamB[4] as string), report('A-win', afk))).statusCode).toBe(200);
    const mmrBefore = await mmrRows(t, id);
    expect(await seasonRow(t, mates[0] as string)).toMatchObject({ rate: 1490, match_count: 1, win_count: 0 });

    expectError(await refund(id, m.teamA[0] as string), 400, 'REFUND_NO_LEAVE_REPORT');
    expectError(await refund(id, winner), 409, 'REFUND_NOTHING_LOST');
    t.clock.advance(30);
    const res = await refund(id, leaver);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as AdminMatchDetail;
    const refundedIds = detail.team_b.players.filter((p) => p.refunded_at !== null).map((p) => p.user_id);
    expect(refundedIds.sort()).toEqual([...mates].sort());
    expect(detail.refund_options).toEqual(
      expect.arrayContaining([expect.objectContaining({ user_id: leaver, reports: 2, confirmed: true })]),
    );

    const mmr = await mmrRows(t, id);
    for (const mate of mates) {
      expect(await seasonRow(t, mate)).toEqual({ rate: 1500, max_rate: 1500, match_count: 0, win_count: 0 });
      expect(mmr.get(mate)?.mu).toBeCloseTo(mmr.get(mate)?.rated_mu as number, 9);
      expect(mmr.get(mate)?.sigma).toBeCloseTo(mmr.get(mate)?.rated_sigma as number, 9);
    }
    // The leaver and the winners keep what the match gave them.
    expect(await seasonRow(t, leaver)).toMatchObject({ rate: 1490, match_count: 1 });
    expect(await seasonRow(t, winner)).toMatchObject({ rate: 1510, match_count: 1, win_count: 1 });
    expect(mmr.get(winner)?.mu).toBe(mmrBefore.get(winner)?.mu);

    const profile = (
      await t.request({ method: 'GET', url: '/api/users/me', token: m.tokenOf(mates[0] as string) })
    ).json() as UserProfile;
    expect(profile.latest_matches[0]).toMatchObject({ match_id: id, rate_delta: 0, refunded: true, winlose: 0 });
    expectError(await refund(id, leaver), 409, 'REFUND_ALREADY_DONE');
    // The chart and the season's characters leave the match out too (it counted for nothing for them).
    const chart = await t.request({
      method: 'GET',
      url: '/api/users/me/rating-history',
      token: m.tokenOf(mates[0] as string),
    });
    expect(chart.json().points).toEqual([]);
    const page = await t.request({ method: 'GET', url: `/api/players/${mates[0]}` });
    expect(page.json().characters).toEqual([]);
    expect(page.json().recent_matches[0]).toMatchObject({ match_id: id, refunded: true });

    const [audit, ...more] = await query<{ actor_id: string; after: { leaver_id: string; refunded: object[] } }>(
      sql`select actor_id, after from audit_log where action = 'match.refund'`,
    );
    expect(more).toEqual([]);
    expect(audit?.after).toMatchObject({ leaver_id: leaver, case_id: null });
    expect(audit?.after.refunded).toHaveLength(4);
    expect(await outbox(`refund:${id}`)).toEqual({ push: [mates[0]], discord_dm: [mates[0]] });
    const changed = events.filter((e) => e.type === 'profile.changed').at(-1);
    expect(changed).toMatchObject({ reason: 'corrected' });
    expect(new Set(changed?.type === 'profile.changed' ? changed.user_ids : [])).toEqual(new Set(mates));
    expect((await ratingsAgainstReplay(t.ctx.db)).problems).toEqual([]);
  });

  it('a refund from a violations case, a later correction of its match and more matches equal a replay', async () => {
    const target = 'dummy_10';
    const { played, caseId, reporters } = await violationsCase(target, 'leave');
    const last = played[2] as MatchedPlayers;
    const victims = teamOf(last, target).filter((id) => id !== target);
    const detail = (
      await t.request({ method: 'GET', url: `/api/admin/cases/${caseId}`, token: admin })
    ).json() as CaseDetail;
    expect(detail.refund_options.map((o) => o.match_id)).toEqual(played.map((m) => m.match.match_id));
    expectError(await act(caseId, { action: 'refund', match_id: '999999' }), 400, 'CASE_ACTION_NOT_APPLICABLE');

    t.clock.advance(60);
    const res = await act(caseId, { action: 'refund', match_id: last.match.match_id, note: '録画で離脱を確認' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as CaseDetail).refund_options.find((o) => o.match_id === last.match.match_id)?.confirmed).toBe(
      true,
    );
    const refunded = await query<{ user_id: string }>(
      sql`select user_id from match_players where match_id = ${Number(last.match.match_id)} and refunded_at is not null`,
    );
    expect(refunded.map((r) => r.user_id).sort()).toEqual([...victims].sort());
    const [audit] = await query<{ after: { case_id: number } }>(
      sql`select after from audit_log where action = 'match.refund'`,
    );
    expect(audit?.after.case_id).toBe(caseId);
    // The reporters hear that action was taken; the victims among them are also told of the refund.
    expect(events.find((e) => e.type === 'reporters.told')).toMatchObject({ outcome: 'action_taken' });
    expect(events.find((e) => e.type === 'rate.refunded')).toMatchObject({ match_id: last.match.match_id });
    expect(reporters.has(target)).toBe(false);

    // The result is corrected the other way: the refunded players keep their refund, the rest are re-rated.
    t.clock.advance(60);
    const winner = last.teamA.includes(target) ? 'A' : 'B';
    const corrected = await t.request({
      method: 'POST',
      url: `/api/admin/matches/${last.match.match_id}/result`,
      token: admin,
      payload: { winner },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const rows = await query<{ user_id: string; rate_delta: number }>(
      sql`select user_id, rate_delta from match_players where match_id = ${Number(last.match.match_id)}`,
    );
    for (const r of rows) expect(r.rate_delta === 0).toBe(victims.includes(r.user_id));

    t.clock.advance(2 * 3600);
    await settledMatch(t, admin, 'B');
    t.clock.advance(60);
    const replay = await ratingsAgainstReplay(t.ctx.db);
    expect(replay.problems).toEqual([]);
    expect(replay.figure).toContain('1 corrections, 1 refunds');
  });
});
