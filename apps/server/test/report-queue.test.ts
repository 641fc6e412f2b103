import { matchReportSchema } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { AppError } from '../src/http/errors.ts';
import { REPORT_BATCH, REPORT_TRANSACTIONS, ReportQueue } from '../src/matches/report-queue.ts';
import { type ReportInput, reportsIn } from '../src/matches/service.ts';
import type { MatchProgress } from '../src/matches/settlement.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { activeSeason, type MatchedPlayers, matchTen, report, seasonRow, tenIds } from './helpers/match.ts';

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
  report: matchReportSchema.parse(report(result, { violation_report: violator })),
  now: t.clock.now(),
  rules: t.ctx.config.rules,
});

const stored = async () =>
  rowsOf<{ match_id: string; user_id: string; result: string }>(
    await t.ctx.db.execute(sql`select match_id::text, user_id, result from match_reports order by match_id, user_id`),
  );

const codeOf = (outcome: MatchProgress | AppError | undefined) =>
  outcome instanceof AppError ? outcome.code : outcome?.update.status;

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
    const settledBy = outcomes.map((o) => (o instanceof AppError ? null : o.settled));
    expect(settledBy).toEqual([false, false, null, null, true, false, null, false, true, null]);
    expect(outcomes.map((o) => (o instanceof AppError ? null : o.update.report_count))).toEqual([
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
    // Each settlement moved its own players once, by the engine's Elo (1500 against 1500: ±20).
    for (const userId of one.teamA) expect(await seasonRow(t, userId)).toMatchObject({ rate: 1520, match_count: 1 });
    for (const userId of one.teamB) expect(await seasonRow(t, userId)).toMatchObject({ rate: 1480, match_count: 1 });
    for (const userId of two.teamB) expect(await seasonRow(t, userId)).toMatchObject({ rate: 1520, win_count: 1 });
    const open = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from match_players where is_open`),
    );
    expect(open[0]?.n).toBe(0);
  });
});

describe('the report queue', () => {
  /** The real database, counting its transactions; `failFirst` makes the first batch of several fail as a whole. */
  function counting(failFirst = false) {
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
              throw new Error('connection lost (injected)');
            }
            return result;
          });
      },
    });
    return { db, sizes };
  }

  it('answers twenty reports at once in a few transactions, each with its own outcome', async () => {
    const { db, sizes } = counting();
    const queue = new ReportQueue(db);
    const everyone = [...one.teamA, ...one.teamB, ...two.teamA, ...two.teamB];
    const results = await Promise.allSettled(
      everyone.map((userId) =>
        queue.submit(input(one.teamA.includes(userId) || one.teamB.includes(userId) ? one : two, userId, 'A-win')),
      ),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    // The first REPORT_TRANSACTIONS go alone at once; the rest wait and go together.
    expect(sizes.slice(0, REPORT_TRANSACTIONS)).toEqual(Array(REPORT_TRANSACTIONS).fill(1));
    expect(sizes.length).toBeLessThanOrEqual(REPORT_TRANSACTIONS + 2);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(20);
    const settled = results.filter((r) => r.status === 'fulfilled' && r.value.settled);
    expect(settled).toHaveLength(2);
    expect(await stored()).toHaveLength(20);
    expect(REPORT_BATCH).toBeGreaterThanOrEqual(20);
  });

  it('refuses a bad report without failing the others of its transaction', async () => {
    const { db, sizes } = counting();
    const queue = new ReportQueue(db);
    const [a1, a2, a3] = one.teamA as [string, string, string];
    const [outsider] = two.teamA as [string];
    const results = await Promise.allSettled([
      queue.submit(input(one, a1, 'A-win')),
      queue.submit(input(one, a2, 'A-win')),
      queue.submit(input(one, outsider, 'A-win')),
      queue.submit(input(one, a3, 'A-win', 'dummy_19')),
      queue.submit(input(one, one.teamB[0] as string, 'A-win')),
    ]);
    expect(sizes).toEqual([1, 1, 3]);
    expect(
      results.map((r) => (r.status === 'fulfilled' ? r.value.update.status : (r.reason as AppError).code)),
    ).toEqual(['matched', 'matched', 'MATCH_NOT_PARTICIPANT', 'REPORT_VIOLATOR_NOT_PARTICIPANT', 'done']);
    expect((await stored()).map((r) => r.user_id).sort()).toEqual([a1, a2, one.teamB[0]].sort());
  });

  it('tries the reports of a transaction that failed as a whole again one by one', async () => {
    const { db, sizes } = counting(true);
    const queue = new ReportQueue(db);
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
    for (const userId of one.teamB) expect(await seasonRow(t, userId)).toMatchObject({ rate: 1520, match_count: 1 });
  });
});
