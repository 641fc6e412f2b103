import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { claimTurn } from '../src/jobs/runs.ts';
import { type Job, type JobOutcome, JobReentryError, Scheduler } from '../src/jobs/scheduler.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// The scheduler's rules: one place takes a job's lock (a body that enters a job whose lock it holds is an error, not
// a silent skip), a run on demand and another run share the lock, and a scheduled turn is claimed once across
// instances. The scheduled turns themselves, driven by the cron library on a running clock, are tested against the
// real server process (test/heartbeat.test.ts in the rehearsal suite).

const silent = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  fatal() {},
  trace() {},
  child() {
    return silent;
  },
  level: 'silent',
  silent() {},
} as unknown as ConstructorParameters<typeof Scheduler>[1];

let t: TestApp;
let database: Database;
beforeAll(async () => {
  t = await createTestApp();
  database = t.ctx.database;
});
afterAll(async () => {
  await t.close();
});

describe('Scheduler', () => {
  it('refuses a job that enters its own lock, directly or through another job, loudly', async () => {
    const jobs = new Scheduler(database, silent);
    const self: Job<string> = jobs.define<string>({
      name: 'test-self',
      schedule: { cron: '*/2 * * * *' },
      run: async (): Promise<string> => {
        const inner: JobOutcome<string> = await self.run();
        return inner.ran ? 'entered twice' : 'skipped itself';
      },
    });
    await expect(self.run()).rejects.toBeInstanceOf(JobReentryError);
    expect(jobs.snapshot()['test-self']).toMatchObject({ failures: 1, runs: 0 });

    const outer: Job<void> = jobs.define<void>({
      name: 'test-outer',
      schedule: { cron: '* * * * *' },
      run: async () => {
        await inner.run();
      },
    });
    const inner: Job<void> = jobs.define<void>({
      name: 'test-inner',
      schedule: { cron: '* * * * *' },
      run: async () => {
        await outer.run();
      },
    });
    await expect(outer.run()).rejects.toThrow(/test-outer entered while holding the lock of test-outer → test-inner/);
    // Entering another job from a job is allowed.
    const other = jobs.define<number>({ name: 'test-other', schedule: { cron: '* * * * *' }, run: async () => 7 });
    const caller = jobs.define<unknown>({
      name: 'test-caller',
      schedule: { cron: '* * * * *' },
      run: () => other.run(),
    });
    expect(await caller.run()).toEqual({ ran: true, value: { ran: true, value: 7 } });
  });

  it('gives one lock to a job: a second run while one runs is skipped, here or on another instance', async () => {
    const first = new Scheduler(database, silent);
    const second = new Scheduler(database, silent);
    let release: () => void = () => {};
    const body = () =>
      new Promise<string>((resolve) => {
        release = () => resolve('done');
      });
    const a = first.define({ name: 'test-shared', schedule: { cron: '* * * * *' }, run: body });
    const b = second.define({ name: 'test-shared', schedule: { cron: '* * * * *' }, run: async () => 'other' });
    const running = a.run();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await a.run()).toEqual({ ran: false, reason: 'locked' });
    if (database.kind === 'postgres') expect(await b.run()).toEqual({ ran: false, reason: 'locked' });
    release();
    expect(await running).toEqual({ ran: true, value: 'done' });
    expect(await b.run()).toEqual({ ran: true, value: 'other' });
    expect(first.snapshot()['test-shared']).toMatchObject({ runs: 1, skipped: 1 });
  });

  it('claims a scheduled turn once: a second instance whose timer fires late skips it', async () => {
    await database.db.execute(sql`delete from job_runs where job = 'test-claim'`);
    const turn = { job: 'test-claim', slot: 1_800_000_120 };
    expect(await claimTurn(database.db, { ...turn, instance: 'one' })).toBe(true);
    expect(await claimTurn(database.db, { ...turn, instance: 'two' })).toBe(false);
    expect(await claimTurn(database.db, { ...turn, slot: turn.slot + 120, instance: 'two' })).toBe(true);
    const rows = await database.db.execute(sql`select instance from job_runs where job = 'test-claim' order by slot`);
    expect((rows as unknown as { rows: { instance: string }[] }).rows.map((r) => r.instance)).toEqual(['one', 'two']);
  });

  it('claims turns on cron patterns of minute precision only; a locked sweep may run every few seconds', () => {
    const jobs = new Scheduler(database, silent);
    expect(() =>
      jobs.define({ name: 'test-interval', schedule: { everyMs: 1000 }, run: async () => 1, everyTurn: true }),
    ).toThrow(/cron pattern/);
    expect(() => jobs.define({ name: 'test-sweep', schedule: { everyMs: 1000 }, run: async () => 1 })).not.toThrow();
    expect(() =>
      jobs.define({ name: 'test-seconds', schedule: { cron: '*/5 * * * * *' }, run: async () => 1 }),
    ).toThrow(/five fields/);
    expect(() =>
      jobs.define({ name: 'test-cache', schedule: { everyMs: 1000 }, run: async () => 1, everyInstance: true }),
    ).not.toThrow();
  });
});
