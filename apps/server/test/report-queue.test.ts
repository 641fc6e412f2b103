import { matchReportSchema } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { lockUsers } from '../src/accounts/queries.ts';
import { rowsOf, type Tx } from '../src/db/client.ts';
import { writer } from '../src/events/unit.ts';
import { AppError } from '../src/http/errors.ts';
import { REPORT_BATCH, REPORT_TRANSACTIONS, ReportQueue } from '../src/matches/report-queue.ts';
import { BUSY, type ReportInput, type ReportOutcome, reportsIn } from '../src/matches/service.ts';
import type { MatchProgress } from '../src/matches/settlement.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { activeSeason, type MatchedPlayers, matchTen, mmrRows, report, seasonRow, tenIds } from './helpers/match.ts';

// Reports that arrive together go into one transaction (matches/report-queue.ts, service.ts reportsIn): each must
// come out exactly as if it had come alone, in its order, and a refused one must change nothing.

let t: TestApp;
let one: MatchedPlayers;
let two: MatchedPlayers;

beforeEach(async () => {
  await t?.close();
  t = await createTestApp();
  await activeSeason(t);
  const admin = await t.login('dummy_admin');
  one = await matchTen(t, admin, tenIds(1));
  two = await matchTen(t, admin, tenIds(11));
});
afterAll(() => t.close());

const input = (m: MatchedPlayers, userId: string, result: 'A-win' | 'B-win', violator = ''): ReportInput => ({
  matchId: Number(m.match.match_id),
  userId,
  report: matchReportSchema.parse(
    report(result, { violation_report: violator, violation_reason: violator === '' ? '' : 'leave' }),
  ),
  now: t.clock.now(),
  rules: t.ctx.config.rules,
});

const stored = async () =>
  rowsOf<{ match_id: string; user_id: string; result: string }>(
    await t.ctx.db.execute(sql`select match_id::text, user_id, result from match_reports order by match_id, user_id`),
  );

const codeOf = (outcome: ReportOutcome | undefined) =>
  outcome === BUSY ? 'BUSY' : outcome instanceof AppError ? outcome.code : outcome?.update.status;
const progressOf = (outcome: ReportOutcome | undefined): MatchProgress | null =>
  outcome === undefined || outcome === BUSY || outcome instanceof AppError ? null : outcome;

/**
 * The real database, counting its transactions; `failFirst` makes the first batch of several fail as a whole with
 * that error, after its statements ran (the transaction is rolled back).
 */
function counting(failFirst?: Error) {
  const sizes: number[] = [];
  let failed = false;
  const db = new Proxy(t.ctx.db, {
    get(target, key, receiver) {
      if (key !== 'transaction') return Reflect.get(target, key, receiver);
      return (fn: Parameters<typeof target.transaction>[0]) =>
        target.transaction(async (tx) => {
          const result = await fn(tx);
          sizes.push(Array.isArray(result) ? result.length : 0);
          if (failFirst && !failed && Array.isArray(result) && result.length > 1) {
            failed = true;
            throw failFirst;
          }
          return result;
        });
    },
  });
  return { db, sizes };
}

/**
 * Another transaction that holds what `lock` takes until `release` is called; resolves once it holds it. `done`
 * settles when that transaction has ended.
 */
async function holding(lock: (tx: Tx) => Promise<unknown>): Promise<{ release: () => void; done: Promise<void> }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const done = t.ctx.db.transaction(async (tx) => {
    await lock(tx);
    locked();
    await held;
  });
  await isLocked;
  return { release, done };
}

/** Resolves 'timeout' after 10 s: what a race against a report that waits for a lock gets. */
const tenSeconds = () => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000));

describe('reports in one transaction', () => {
  it('gives each report, in its order, what it would get alone, and stores only the accepted ones', async () => {
    const [a1, a2] = one.teamA as [string, string];
    const [b1, b2] = one.teamB as [string, string];
    const [c1] = two.teamA as [string];
    const [d1] = two.teamB as [string];
    const outcomes = await t.ctx.db.transaction((tx) =>
      reportsIn(tx, [
        input(one, a1, 'B-win'),
        input(one, a1, 'A-win'), // replaces a1's first report
        input(two, a1, 'A-win'), // a1 is not a player of the second match
        input(one, b1, 'A-win', 'dummy_15'), // names someone of another match
        input(one, b1, 'A-win'), // settles the first match (a1 and b1 agree)
        input(one, a2, 'A-win'), // a late report of a player who had not reported
        input(one, b1, 'B-win'), // b1 already reported on a settled match
        input(two, c1, 'B-win'),
        input(two, d1, 'B-win'), // settles the second match
        { ...input(one, b2, 'A-win'), matchId: 999_999 },
      ]),
    );
    expect(outcomes.map(codeOf)).toEqual([
      'matched',
      'matched',
      'MATCH_NOT_PARTICIPANT',
      'REPORT_VIOLATOR_NOT_PARTICIPANT',
      'done',
      'done',
      'MATCH_ALREADY_SETTLED',
      'matched',
      'done',
      'MATCH_NOT_FOUND',
    ]);
    const settledBy = outcomes.map((o) => progressOf(o)?.settled ?? null);
    expect(settledBy).toEqual([false, false, null, null, true, false, null, false, true, null]);
    expect(outcomes.map((o) => progressOf(o)?.update.report_count ?? null)).toEqual([
      1,
      1,
      null,
      null,
      2,
      3,
      null,
      1,
      2,
      null,
    ]);
    const [first, second] = [one.match.match_id, two.match.match_id];
    expect(await stored()).toEqual(
      [
        { match_id: first, user_id: a1, result: 'A-win' },
        { match_id: first, user_id: a2, result: 'A-win' },
        { match_id: first, user_id: b1, result: 'A-win' },
        { match_id: second, user_id: c1, result: 'B-win' },
        { match_id: second, user_id: d1, result: 'B-win' },
      ].sort((x, y) => x.match_id.localeCompare(y.match_id) || x.user_id.localeCompare(y.user_id)),
    );
    // Each settlement moved its own players once, by the engine's rule (newcomers in an even match: ±10), and their
    // MMRs from the belief stored with each match.
    for (const userId of one.teamA) expect(await seasonRow(t, userId)).toMatchObject({ rate: 1510, match_count: 1 });
    for (const userId of one.teamB) expect(await seasonRow(t, userId)).toMatchObject({ rate: 1490, match_count: 1 });
    for (const userId of two.teamB) expect(await seasonRow(t, userId)).toMatchObject({ rate: 1510, win_count: 1 });
    for (const match of [one, two]) {
      for (const row of (await mmrRows(t, match.match.match_id)).values()) {
        expect(row).toMatchObject({ rated_mu: 1500, rated_sigma: 125, season_id: 's-test' });
      }
    }
    const open = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from match_players where is_open`),
    );
    expect(open[0]?.n).toBe(0);
  });
});

describe('the report queue', () => {
  it('answers twenty reports at once in a few transactions, each with its own outcome', async () => {
    const { db, sizes } = counting();
    const queue = new ReportQueue(writer(db, t.built.events));
    const everyone = [...one.teamA, ...one.teamB, ...two.teamA, ...two.teamB];
    const results = await Promise.allSettled(
      everyone.map((userId) =>
        queue.submit(input(one.teamA.includes(userId) || one.teamB.includes(userId) ? one : two, userId, 'A-win')),
      ),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    // The first REPORT_TRANSACTIONS go alone at once; the rest wait and go together (on PostgreSQL the reports of a
    // match that one of the lone transactions still holds come out of the batch and go alone after it).
    expect(sizes.filter((n) => n === 1).length).toBeGreaterThanOrEqual(REPORT_TRANSACTIONS);
    expect(Math.max(...sizes)).toBe(20 - REPORT_TRANSACTIONS);
    expect(sizes.length).toBeLessThan(12);
    const settled = results.filter((r) => r.status === 'fulfilled' && r.value.settled);
    expect(settled).toHaveLength(2);
    expect(await stored()).toHaveLength(20);
    expect(REPORT_BATCH).toBeGreaterThanOrEqual(20);
  });

  it('refuses a bad report without failing the others of its transaction', async () => {
    const { db, sizes } = counting();
    const queue = new ReportQueue(writer(db, t.built.events));
    const [a1, a2, a3] = one.teamA as [string, string, string];
    const [outsider] = two.teamA as [string];
    const results = await Promise.allSettled([
      queue.submit(input(one, a1, 'A-win')),
      queue.submit(input(one, a2, 'A-win')),
      queue.submit(input(one, outsider, 'A-win')),
      queue.submit(input(one, a3, 'A-win', 'dummy_19')),
      queue.submit(input(one, one.teamB[0] as string, 'A-win')),
    ]);
    expect(Math.max(...sizes)).toBe(3);
    expect(
      results.map((r) => (r.status === 'fulfilled' ? r.value.update.status : (r.reason as AppError).code)),
    ).toEqual(['matched', 'matched', 'MATCH_NOT_PARTICIPANT', 'REPORT_VIOLATOR_NOT_PARTICIPANT', 'done']);
    expect((await stored()).map((r) => r.user_id).sort()).toEqual([a1, a2, one.teamB[0]].sort());
  });

  it('tries the reports of a transaction that failed as a whole again one by one', async () => {
    const { db, sizes } = counting(Object.assign(new Error('deadlock detected (injected)'), { code: '40P01' }));
    const queue = new ReportQueue(writer(db, t.built.events));
    const players = [...one.teamA, ...one.teamB.slice(0, 2)];
    const results = await Promise.allSettled(players.map((userId) => queue.submit(input(one, userId, 'B-win'))));
    const seen = JSON.stringify({
      sizes,
      results: results.map((r) => (r.status === 'fulfilled' ? r.value.update : String(r.reason))),
    });
    expect(
      results.every((r) => r.status === 'fulfilled'),
      seen,
    ).toBe(true);
    // Two alone, then a batch of five that failed (and was rolled back), then its five again one by one.
    expect([...sizes].sort(), seen).toEqual([1, 1, 1, 1, 1, 1, 1, 5]);
    expect(sizes.indexOf(5), seen).toBeLessThan(3);
    expect(await stored()).toHaveLength(7);
    const settled = results.filter((r) => r.status === 'fulfilled' && r.value.settled);
    expect(settled).toHaveLength(1);
    for (const userId of one.teamB) expect(await seasonRow(t, userId)).toMatchObject({ rate: 1510, match_count: 1 });
  });
});

describe('the report queue when things go wrong', () => {
  it('answers every report of a batch whose connection was lost with that error, trying none again', async () => {
    const { db, sizes } = counting(new Error('Connection terminated unexpectedly (injected)'));
    const queue = new ReportQueue(writer(db, t.built.events));
    const players = [...one.teamA, ...one.teamB.slice(0, 2)];
    const results = await Promise.allSettled(players.map((userId) => queue.submit(input(one, userId, 'B-win'))));
    // Whether it committed is unknown: the five of the lost batch answer that (a 503), the two alone went through.
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', ...Array(5).fill('rejected')]);
    expect([...sizes].sort()).toEqual([1, 1, 5]);
    expect(await stored()).toHaveLength(2);
  });

  it('refuses a report timed before the deadline that arrives after the violations were tallied', async () => {
    const [a1, a2] = one.teamA as [string, string];
    const [b1] = one.teamB as [string];
    const early = input(one, a2, 'A-win', b1);
    await t.ctx.db.transaction((tx) => reportsIn(tx, [input(one, a1, 'A-win'), input(one, b1, 'A-win')]));
    t.clock.advance(3600);
    await t.built.modules.waves.gather();
    const [late] = await t.ctx.db.transaction((tx) => reportsIn(tx, [early]));
    expect(codeOf(late)).toBe('REPORT_WINDOW_CLOSED');
    expect(await stored()).toHaveLength(2);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('the report queue beside other transactions', () => {
  it('does not hold a batch up for a match another transaction holds: that match’s reports wait alone', async () => {
    const queue = new ReportQueue(t.ctx.write);
    // Another transaction (a wave's gather step, say) holds the second match.
    const holder = await holding((tx) =>
      tx.execute(sql`select id from matches where id = ${Number(two.match.match_id)} for update`),
    );
    const [a1, a2] = one.teamA as [string, string];
    const [b1] = one.teamB as [string];
    const [c1, c2] = two.teamA as [string, string];
    // Two go alone at once (one of them waits for the held match), the other three wait and go together.
    const first = queue.submit(input(one, a1, 'A-win'));
    const blocked = queue.submit(input(two, c1, 'A-win'));
    const busy = queue.submit(input(two, c2, 'A-win'));
    const others = [queue.submit(input(one, a2, 'A-win')), queue.submit(input(one, b1, 'A-win'))];
    const answered = await Promise.race([Promise.all([first, ...others]), tenSeconds()]);
    expect(answered).not.toBe('timeout');
    expect((answered as MatchProgress[]).map((p) => p.update.status)).toEqual(['matched', 'matched', 'done']);
    holder.release();
    await holder.done;
    const counts = [(await blocked).update.report_count, (await busy).update.report_count];
    expect(counts.sort()).toEqual([1, 2]);
  });

  it('stores a report of a player whose user row another transaction holds for penalties or an admin edit', async () => {
    // The gather step locks a settled match's players to apply penalties while it goes on to lock further matches; a
    // batch that holds one of those matches and stores a report of such a player (on their next match) must not
    // wait for that user row, or the two wait on each other.
    const [a1] = one.teamA as [string];
    const holder = await holding((tx) => lockUsers(tx, [a1]));
    const reporting = t.ctx.db.transaction((tx) => reportsIn(tx, [input(one, a1, 'A-win')]));
    const outcome = await Promise.race([reporting, tenSeconds()]);
    holder.release();
    await holder.done;
    expect(outcome).not.toBe('timeout');
    expect(codeOf((outcome as ReportOutcome[])[0])).toBe('matched');
  });
});
