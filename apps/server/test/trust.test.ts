import {
  type CaseDetail,
  type CaseList,
  DISPUTE_WINDOW_SECONDS,
  EVIDENCE_MAX_BYTES,
  EVIDENCE_PER_PLAYER_MATCH,
  type MatchTrust,
} from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type FreshApp, freshAppPerTest, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/community.ts';
import { activeSeason, type MatchedPlayers, matchTen, postReport, report, settledMatch } from './helpers/match.ts';

// Results and conduct a community can trust (issue 34): screenshots re-encoded and private, violation reasons,
// disputes, the scan that opens cases and the admin's actions that close them.

let f: FreshApp;
freshAppPerTest((fresh) => {
  f = fresh;
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

const upload = (t: TestApp, matchId: string, token: string, body: Buffer | string, type = 'image/png') =>
  t.request({
    method: 'POST',
    url: `/api/evidence?match_id=${matchId}`,
    token,
    payload: body,
    headers: { 'content-type': type },
  });

async function count(t: TestApp, table: 'evidence' | 'disputes' | 'moderation_cases'): Promise<number> {
  const res = await t.ctx.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/** Closes the report window of every open match and runs the gather and the trust scan, as the jobs do. */
async function closeWindowAndScan(t: TestApp, admin: string): Promise<void> {
  t.clock.advance(3601);
  const gather = await t.request({ method: 'POST', url: '/api/debug/gather-match', token: admin, payload: {} });
  expect(gather.statusCode, gather.body).toBe(200);
  await t.built.jobs.run('trust-scan');
}

const cases = async (t: TestApp, admin: string, status = 'open') =>
  (await t.request({ method: 'GET', url: `/api/admin/cases?status=${status}`, token: admin })).json() as CaseList;

describe('screenshots', () => {
  it('re-encodes an upload as WebP within 1920 px without metadata, shown to its uploader and admins only', async () => {
    const { t, admin } = f;
    await activeSeason(t);
    const m = await matchTen(t, admin);
    const [me, other] = m.teamA as [string, string];
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-camera-owner' } })
      .toBuffer();
    expect(photo.includes(Buffer.from('secret-camera-owner'))).toBe(true);
    const res = await upload(t, m.match.match_id, m.tokenOf(me), photo, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ width: 1920, height: 1440 });

    const own = await t.request({
      method: 'GET',
      url: `/api/evidence/${res.json().evidence_id}`,
      token: m.tokenOf(me),
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['cache-control']).toContain('private');
    expect(own.rawPayload.includes(Buffer.from('secret-camera-owner'))).toBe(false);
    const meta = await sharp(own.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1920, height: 1440 });
    expect(meta.exif).toBeUndefined();

    const url = `/api/evidence/${res.json().evidence_id}`;
    expectError(await t.request({ method: 'GET', url, token: m.tokenOf(other) }), 404, 'EVIDENCE_NOT_FOUND');
    expect((await t.request({ method: 'GET', url, token: admin })).statusCode).toBe(200);
    expectError(await t.request({ method: 'GET', url }), 401, 'LOGIN_REQUIRED');
  });

  it('refuses what is not an image, too large, of a match one did not play, or over the limits, storing nothing', async () => {
    const { t, admin } = f;
    await activeSeason(t);
    const m = await matchTen(t, admin);
    const me = m.tokenOf(m.teamA[0] as string);
    const id = m.match.match_id;
    expectError(await upload(t, id, me, 'hello', 'text/plain'), 415, 'EVIDENCE_NOT_IMAGE');
    expectError(await upload(t, id, me, '{"a":1}', 'application/json'), 415, 'EVIDENCE_NOT_IMAGE');
    expectError(await upload(t, id, me, Buffer.from('GIF89a not really'), 'image/png'), 400, 'EVIDENCE_UNREADABLE');
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expectError(await upload(t, id, me, gif, 'image/png'), 400, 'EVIDENCE_UNREADABLE');
    const huge = Buffer.concat([await png(10, 10), Buffer.alloc(EVIDENCE_MAX_BYTES)]);
    expectError(await upload(t, id, me, huge), 413, 'EVIDENCE_TOO_LARGE');
    const outsider = await t.login('dummy_40');
    expectError(await upload(t, id, outsider, await png(10, 10)), 403, 'MATCH_NOT_PARTICIPANT');
    expectError(await upload(t, '999999', me, await png(10, 10)), 404, 'ADMIN_MATCH_NOT_FOUND');
    expect(await count(t, 'evidence')).toBe(0);

    for (let i = 0; i < EVIDENCE_PER_PLAYER_MATCH; i++)
      expect((await upload(t, id, me, await png(20, 20))).statusCode).toBe(200);
    expectError(await upload(t, id, me, await png(20, 20)), 429, 'EVIDENCE_MATCH_LIMIT');
    expect(await count(t, 'evidence')).toBe(EVIDENCE_PER_PLAYER_MATCH);
  });
});

describe('violation reports with reasons', () => {
  it('stores the reason, note and screenshot; refuses a named player without a reason and details without one', async () => {
    const { t, admin } = f;
    await activeSeason(t);
    const m = await matchTen(t, admin);
    const [me, mate] = m.teamA as [string, string];
    const id = m.match.match_id;
    const evidence = (await upload(t, id, m.tokenOf(me), await png(50, 50))).json().evidence_id as number;
    const theirs = (await upload(t, id, m.tokenOf(mate), await png(50, 50))).json().evidence_id as number;

    const named = { violation_report: m.teamB[0] as string };
    expectError(await postReport(t, id, m.tokenOf(me), report('A-win', named)), 400, 'VIOLATION_REASON_REQUIRED');
    expectError(
      await postReport(t, id, m.tokenOf(me), report('A-win', { violation_reason: 'afk' })),
      400,
      'VIOLATION_DETAILS_WITHOUT_PLAYER',
    );
    const long = { ...named, violation_reason: 'afk' as const, violation_note: 'あ'.repeat(201) };
    expectError(await postReport(t, id, m.tokenOf(me), report('A-win', long)), 400, 'TRUST_NOTE_TOO_LONG');
    const stolen = { ...named, violation_reason: 'afk' as const, evidence_id: theirs };
    expectError(await postReport(t, id, m.tokenOf(me), report('A-win', stolen)), 400, 'EVIDENCE_NOT_USABLE');

    const good = {
      ...named,
      violation_reason: 'afk' as const,
      violation_note: '開始から動かなかった',
      evidence_id: evidence,
    };
    const res = await postReport(t, id, m.tokenOf(me), report('A-win', good));
    expect(res.statusCode, res.body).toBe(200);
    const stored = await t.ctx.db.execute(
      sql`select violation_reason, violation_note, evidence_id::int as evidence_id from match_reports where user_id = ${me}`,
    );
    expect((stored as unknown as { rows: unknown[] }).rows).toEqual([
      { violation_reason: 'afk', violation_note: '開始から動かなかった', evidence_id: evidence },
    ]);
    // Taken by this report: nobody's other report may use it.
    const again = { ...named, violation_reason: 'afk' as const, evidence_id: evidence };
    expectError(await postReport(t, id, m.tokenOf(mate), report('A-win', again)), 400, 'EVIDENCE_NOT_USABLE');
  });
});

async function dispute(t: TestApp, m: MatchedPlayers, userId: string, payload: object = { reason: 'wrong_result' }) {
  return t.request({
    method: 'POST',
    url: `/api/matches/${m.match.match_id}/dispute`,
    token: m.tokenOf(userId),
    payload,
  });
}

describe('disputes', () => {
  it('lets each player contest a settled result once within 24 hours, and opens one case for the match', async () => {
    const { t, admin } = f;
    await activeSeason(t);
    const open = await matchTen(t, admin);
    const [a1] = open.teamA as [string];
    expectError(await dispute(t, open, a1), 409, 'DISPUTE_NOT_SETTLED');
    for (const id of [open.teamA[0], open.teamB[0]] as string[]) {
      await postReport(t, open.match.match_id, open.tokenOf(id), report('A-win'));
    }
    const m = open;
    const b1 = m.teamB[1] as string;
    const filed = await dispute(t, m, b1, { reason: 'wrong_result', note: 'Bチームが勝っていました' });
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json()).toMatchObject({
      disputed: true,
      dispute_until: null,
      mine: { status: 'open', reason: 'wrong_result' },
    });
    expectError(await dispute(t, m, b1), 409, 'DISPUTE_ALREADY_FILED');
    expectError(
      await t.request({
        method: 'POST',
        url: `/api/matches/${m.match.match_id}/dispute`,
        token: await t.login('dummy_40'),
        payload: { reason: 'other' },
      }),
      403,
      'MATCH_NOT_PARTICIPANT',
    );
    expectError(await dispute(t, m, a1, { reason: 'nonsense' }), 400, 'DISPUTE_REASON_INVALID');
    expect((await dispute(t, m, m.teamB[2] as string)).statusCode).toBe(200);

    const view = (
      await t.request({ method: 'GET', url: `/api/matches/${m.match.match_id}/trust`, token: m.tokenOf(a1) })
    ).json() as MatchTrust;
    expect(view.disputed).toBe(true);
    expect(view.mine).toBeNull();
    expect(view.dispute_until).toBeGreaterThan(t.clock.now());

    const list = await cases(t, admin);
    expect(list.cases.filter((c) => c.kind === 'dispute')).toHaveLength(1);

    t.clock.advance(DISPUTE_WINDOW_SECONDS);
    // A day later the session has ended too: a fresh sign-in.
    const late = { ...m, tokenOf: () => '' };
    const token = await t.login(a1);
    late.tokenOf = () => token;
    expectError(await dispute(t, late, a1), 409, 'DISPUTE_WINDOW_CLOSED');
    expect(await count(t, 'disputes')).toBe(2);
  });

  it("closes by a correction that equals a replay, tells the disputers, audits it, and can't be acted on twice", async () => {
    const { t, admin } = f;
    await activeSeason(t);
    const m = await settledMatch(t, admin, 'A');
    const b1 = m.teamB[1] as string;
    await dispute(t, m, b1);
    const [open] = (await cases(t, admin)).cases;
    const act = (payload: object) =>
      t.request({ method: 'POST', url: `/api/admin/cases/${open?.case_id}/action`, token: admin, payload });
    expectError(await act({ action: 'correct' }), 400, 'CASE_WINNER_REQUIRED');
    expectError(await act({ action: 'warn' }), 400, 'CASE_USER_REQUIRED');
    expectError(await act({ action: 'warn', user_id: 'dummy_99' }), 400, 'CASE_USER_REQUIRED');

    const res = await act({ action: 'correct', winner: 'B', note: '録画を確認しました' });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as CaseDetail;
    expect(detail.case).toMatchObject({ status: 'closed', action: 'correct', note: '録画を確認しました' });
    expect(detail.match?.winner).toBe('B');
    expect(detail.match?.disputes[0]).toMatchObject({ status: 'corrected', resolution_note: '録画を確認しました' });
    expectError(await act({ action: 'dismiss' }), 409, 'CASE_CLOSED');

    const rates = await t.ctx.db.execute(sql`select user_id, rate from season_stats order by user_id`);
    const winners = (rates as unknown as { rows: { user_id: string; rate: number }[] }).rows.filter((r) =>
      m.teamB.includes(r.user_id),
    );
    expect(winners.every((r) => r.rate > 1500)).toBe(true);
    const audit = await t.ctx.db.execute(sql`select action from audit_log order by id`);
    const actions = (audit as unknown as { rows: { action: string }[] }).rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['case.correct']));
    const view = (
      await t.request({ method: 'GET', url: `/api/matches/${m.match.match_id}/trust`, token: m.tokenOf(b1) })
    ).json() as MatchTrust;
    expect(view).toMatchObject({ disputed: false, mine: { status: 'corrected' } });
    const closed = await cases(t, admin, 'closed');
    expect(closed.cases).toHaveLength(1);
    expect(closed.open_count).toBe(0);
    expect(closed.median_close_seconds).toBe(0);
  });
});

/** The match with `a` in team A and `b` in team B (the wave balances by rating; the test needs the two opposed). */
async function opposed(t: TestApp, m: MatchedPlayers, a: string, b: string): Promise<MatchedPlayers> {
  const id = Number(m.match.match_id);
  const swap = async (x: string, y: string) =>
    t.ctx.db.execute(sql`update match_players set team = case when user_id = ${x} then (select team from match_players
        where match_id = ${id} and user_id = ${y}) else (select team from match_players where match_id = ${id}
        and user_id = ${x}) end where match_id = ${id} and user_id in (${x}, ${y})`);
  if (!m.teamA.includes(a)) await swap(a, m.teamA.find((p) => p !== b) as string);
  const rows = await t.ctx.db.execute(sql`select user_id, team from match_players where match_id = ${id}`);
  const teams = (rows as unknown as { rows: { user_id: string; team: string }[] }).rows;
  if (teams.find((r) => r.user_id === b)?.team !== 'B') {
    await swap(b, teams.find((r) => r.team === 'B' && r.user_id !== a)?.user_id as string);
  }
  const after = (await t.ctx.db.execute(
    sql`select user_id, team from match_players where match_id = ${id}`,
  )) as unknown as {
    rows: { user_id: string; team: string }[];
  };
  const team = (side: string) => after.rows.filter((r) => r.team === side).map((r) => r.user_id);
  return { ...m, teamA: team('A'), teamB: team('B') };
}

describe('the scan of closed matches', () => {
  it('opens a case for an early result the rest contradicts, and flags the pair that decided two of them', async () => {
    const { t, admin } = f;
    await activeSeason(t);
    const [liarA, liarB] = ['dummy_01', 'dummy_02'];
    for (let round = 0; round < 2; round++) {
      const m = await opposed(t, await matchTen(t, admin), liarA, liarB);
      // Two opponents settle a false B win at once; the other eight then report A's win.
      for (const id of [liarA, liarB]) await postReport(t, m.match.match_id, m.tokenOf(id), report('B-win'));
      t.clock.advance(60);
      for (const id of [...m.teamA, ...m.teamB].filter((id) => id !== liarA && id !== liarB)) {
        const res = await postReport(t, m.match.match_id, m.tokenOf(id), report('A-win'));
        expect(res.statusCode, res.body).toBe(200);
      }
      await closeWindowAndScan(t, admin);
      const kinds = (await cases(t, admin)).cases.map((c) => c.kind).sort();
      expect(kinds).toEqual(round === 0 ? ['contradicted'] : ['collusion', 'contradicted', 'contradicted']);
    }
    const list = await cases(t, admin);
    const collusion = list.cases.find((c) => c.kind === 'collusion');
    expect(collusion?.summary).toContain('2試合');
    // Most severe first: the contradicted results before the pair.
    expect(list.cases.map((c) => c.severity)).toEqual([3, 3, 2]);
    // Scanning again opens nothing new.
    await t.built.jobs.run('trust-scan');
    expect(await count(t, 'moderation_cases')).toBe(3);
  });

  it("opens a case for a match held to the deadline by disagreement, and counts each reporter's record", async () => {
    const { t, admin } = f;
    await activeSeason(t);
    const m = await matchTen(t, admin);
    const ids = [...m.teamA, ...m.teamB];
    // A's first player says A, B's first says B (no consensus); then 5 more say A and 2 more B: 6 to 3 at the deadline.
    const order = [ids[0], ids[5], ids[1], ids[2], ids[3], ids[4], ids[6], ids[7], ids[8]] as string[];
    const says = ['A-win', 'B-win', 'A-win', 'A-win', 'A-win', 'A-win', 'A-win', 'B-win', 'B-win'] as const;
    for (const [i, id] of order.entries())
      await postReport(t, m.match.match_id, m.tokenOf(id), report(says[i] ?? 'A-win'));
    await closeWindowAndScan(t, admin);
    const list = await cases(t, admin);
    expect(list.cases.map((c) => c.kind)).toEqual(['held']);
    const detail = (
      await t.request({ method: 'GET', url: `/api/admin/cases/${list.cases[0]?.case_id}`, token: admin })
    ).json() as CaseDetail;
    expect(detail.match?.reports).toHaveLength(9);
    const dissenter = detail.players.find((p) => p.user_id === ids[5]);
    expect(dissenter?.record).toMatchObject({ reports: 1, agreed: 0, dissented: 1, alone: 0 });
    const user = await t.request({ method: 'GET', url: `/api/admin/users/${ids[0]}`, token: admin });
    expect(user.json().reporter_record).toMatchObject({ reports: 1, agreed: 1, dissented: 0, alone: 0 });
  });
});

describe('repeated violations', () => {
  it('opens a case for a player penalised automatically in 3 matches of 30 days (once while it is open)', async () => {
    const { t, admin } = f;
    await activeSeason(t);
    const target = 'dummy_10';
    for (let round = 0; round < 4; round++) {
      // Past the timeout the last penalty gave (30 minutes per point). The case keeps the count that opened it.
      if (round > 0) t.clock.advance(2 * 3600);
      const m = await matchTen(t, admin);
      const mates = (m.teamA.includes(target) ? m.teamA : m.teamB).filter((id) => id !== target);
      const opponent = (m.teamA.includes(target) ? m.teamB : m.teamA)[0] as string;
      for (const id of [...mates, opponent]) {
        const named = { violation_report: target, violation_reason: 'afk' as const };
        const res = await postReport(t, m.match.match_id, m.tokenOf(id), report('A-win', named));
        expect(res.statusCode, res.body).toBe(200);
      }
      await closeWindowAndScan(t, admin);
      const kinds = (await cases(t, admin)).cases.map((c) => c.kind);
      expect(kinds).toEqual(round < 2 ? [] : ['violations']);
    }
    const [open] = (await cases(t, admin)).cases;
    expect(open).toMatchObject({ user_id: target, summary: expect.stringContaining('30日間に3試合でペナルティ') });
  });
});

describe('warnings', () => {
  it('a warning from a case is shown to its player until they mark it seen', async () => {
    const { t, admin } = f;
    await activeSeason(t);
    const m = await settledMatch(t, admin, 'A');
    const b1 = m.teamB[1] as string;
    await dispute(t, m, b1);
    const [open] = (await cases(t, admin)).cases;
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/cases/${open?.case_id}/action`,
      token: admin,
      payload: { action: 'warn', user_id: b1, note: '根拠のない異議は控えてください' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = await t.request({ method: 'GET', url: '/api/users/me/warnings', token: m.tokenOf(b1) });
    expect(mine.json().warnings).toEqual([
      expect.objectContaining({ reason: '根拠のない異議は控えてください', match_id: m.match.match_id }),
    ]);
    const id = mine.json().warnings[0].warning_id;
    const other = m.tokenOf(m.teamA[0] as string);
    const seenUrl = `/api/users/me/warnings/${id}/seen`;
    expectError(await t.request({ method: 'POST', url: seenUrl, token: other, payload: {} }), 404, 'WARNING_NOT_FOUND');
    expect((await t.request({ method: 'POST', url: seenUrl, token: m.tokenOf(b1), payload: {} })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/users/me/warnings', token: m.tokenOf(b1) })).json()).toEqual({
      warnings: [],
    });
  });
});
