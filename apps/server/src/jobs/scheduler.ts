import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { loggableError } from '../log.ts';
import { claimTurn, pruneTurns } from './runs.ts';

// Scheduled jobs: run at these times (Japan time), on one instance, never overlapping, logged. A job is defined once
// and run only through its handle (scheduled turns and runs on demand share its lock; entering a lock one holds
// throws); each cron turn is claimed in job_runs, so a late timer never runs a turn twice. `everyInstance` jobs
// refresh per-instance caches without a lock; a locked `everyMs` job is a sweep (one instance at a time, no claim).

export const JOB_TIMEZONE = 'Asia/Tokyo';
export const TURN_PRUNE_JOB = 'job-runs-prune';
/** A turn of an everyTurn job whose lock another instance holds tries again this often (simulated ms), so many times. */
const LOCKED_RETRY_MS = 1000;
const LOCKED_RETRIES = 60;
/** Turns an instance that was stalled runs late (oldest first) before the current one; older ones are missed. */
export const CATCH_UP_TURNS = 5;
/** Daily at 03:41 Japan time. */
const TURN_PRUNE_CRON = '41 3 * * *';

export type JobSchedule = { cron: string } | { everyMs: number };

/** What a job's body is told about its turn. */
export interface JobTurn {
  /** The scheduled time of this turn (unix seconds), or null for a run on demand. */
  scheduledAt: number | null;
}

export interface JobSpec<T, A> {
  name: string;
  schedule: JobSchedule;
  /** The job's body. `arg` is what a run on demand passes (undefined for scheduled turns). */
  run: (arg: A | undefined, turn: JobTurn) => Promise<T>;
  /** Runs on every instance, without the lock (for per-instance caches). */
  everyInstance?: boolean;
  /** Logs its runs at debug level (frequent housekeeping). */
  quiet?: boolean;
  /**
   * Every turn matters (the wave: one per even minute): turns missed while the instance was stalled run late. A job
   * without it sweeps whatever is due, so its next turn covers the ones it missed.
   */
  everyTurn?: boolean;
}

export type JobOutcome<T> =
  | { ran: true; value: T }
  /** locked: running now (here or on another instance); done: this turn already ran on another instance. */
  | { ran: false; reason: 'locked' | 'done' };

/** A defined job: the only way to run it. */
export interface Job<T, A = void> {
  readonly name: string;
  /** Runs the job now, under its lock (skipped while it runs here or elsewhere). */
  run(arg?: A): Promise<JobOutcome<T>>;
}

export interface JobStats {
  runs: number;
  failures: number;
  skipped: number;
  /** Scheduled turns that came while the previous turn still ran here (a job slower than its period). */
  overruns: number;
  lastStartedAt: number | null;
  lastMs: number | null;
  /** The longest run so far (ms). */
  maxMs: number;
  /** All runs together (ms): where an instance's time goes (the rehearsal's fast clock multiplies it). */
  totalMs: number;
}

/** A job entered while its own lock is held in the same chain of calls. */
export class JobReentryError extends Error {
  constructor(name: string, held: readonly string[]) {
    super(`job ${name} entered while holding the lock of ${held.join(' → ')}: a job's lock is taken in one place`);
    this.name = 'JobReentryError';
  }
}

/** This process, as named in job_runs. */
export const INSTANCE_ID = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

interface Defined {
  spec: JobSpec<unknown, unknown>;
  stats: JobStats;
}

export class Scheduler {
  private readonly jobs = new Map<string, Defined>();
  private readonly timers: { stop(): void }[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private stopping = false;
  /** The locks held by the current chain of calls (to refuse re-entry). */
  private readonly held = new AsyncLocalStorage<readonly string[]>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {
    // The scheduler's own housekeeping: claimed turns are kept for a week.
    this.define({
      name: TURN_PRUNE_JOB,
      schedule: { cron: TURN_PRUNE_CRON },
      run: () => pruneTurns(database.db, Math.floor(Date.now() / 1000)),
      quiet: true,
    });
  }

  define<T, A = void>(spec: JobSpec<T, A>): Job<T, A> {
    if (this.jobs.has(spec.name)) throw new Error(`job ${spec.name} is defined twice`);
    // A turn that must run once per time (everyTurn) is named and claimed by its cron time; a locked sweep may also
    // run every few seconds (the ready checks' deadlines), each run taking the lock without a claim.
    if (spec.everyTurn && !('cron' in spec.schedule)) {
      throw new Error(`job ${spec.name}: an everyTurn job runs on a cron pattern (its turns are claimed by time)`);
    }
    if ('cron' in spec.schedule && spec.schedule.cron.trim().split(/\s+/).length !== 5) {
      throw new Error(`job ${spec.name}: cron patterns have five fields (minute precision)`);
    }
    const defined: Defined = {
      spec: spec as JobSpec<unknown, unknown>,
      stats: { runs: 0, failures: 0, skipped: 0, overruns: 0, lastStartedAt: null, lastMs: null, maxMs: 0, totalMs: 0 },
    };
    this.jobs.set(spec.name, defined);
    return {
      name: spec.name,
      run: (arg?: A) => this.enter(defined, arg, null) as Promise<JobOutcome<T>>,
    };
  }

  /** Runs a defined job now, by name (tests and start-up; code that owns a job uses its handle). */
  run(name: string): Promise<JobOutcome<unknown>> {
    const defined = this.jobs.get(name);
    if (!defined) throw new Error(`no job named ${name}`);
    return this.enter(defined, undefined, null);
  }

  /**
   * The one place a job's lock is taken. A scheduled turn (scheduledAt set) also claims its turn in job_runs, under
   * the lock, and is skipped when another instance already ran it.
   */
  private async enter(defined: Defined, arg: unknown, scheduledAt: number | null): Promise<JobOutcome<unknown>> {
    const { spec, stats } = defined;
    const held = this.held.getStore() ?? [];
    if (held.includes(spec.name)) throw new JobReentryError(spec.name, held);
    const body = () =>
      this.held.run([...held, spec.name], () => this.timed(defined, () => spec.run(arg, { scheduledAt })));
    if (spec.everyInstance) return { ran: true, value: await body() };

    let claimed = true;
    const outcome = await this.database.exclusive(`job:${spec.name}`, async () => {
      if (scheduledAt !== null) {
        claimed = await claimTurn(this.database.db, { job: spec.name, slot: scheduledAt, instance: INSTANCE_ID });
        if (!claimed) return undefined;
      }
      return body();
    });
    if (!outcome.ran || !claimed) {
      stats.skipped += 1;
      const reason = outcome.ran ? 'done' : 'locked';
      this.log.debug({ job: spec.name, reason }, reason === 'done' ? 'job turn ran elsewhere' : 'job skipped: locked');
      return { ran: false, reason };
    }
    return outcome;
  }

  /** Starts every job's timer. Errors are logged; the next turn runs as usual. */
  start(): void {
    for (const defined of this.jobs.values()) {
      const { spec } = defined;
      const tick = (scheduledAt: number | null): Promise<void> => {
        const turn = this.turn(defined, scheduledAt).then(
          () => undefined,
          () => undefined, // logged by timed()
        );
        this.inFlight.add(turn);
        void turn.finally(() => this.inFlight.delete(turn));
        return turn;
      };
      if ('cron' in spec.schedule) {
        // A turn is named by the pattern's time it belongs to, so one that starts late on a busy instance is still
        // the same turn everywhere. When the instance was stalled past turns of an everyTurn job (the cron library
        // then fires once), the missed turns run first, oldest first, each claimed as usual: every turn runs once,
        // late rather than never (at most CATCH_UP_TURNS; older ones are reported). protect: a turn that comes while
        // the previous one still runs on this instance is skipped and counted (an everyTurn job catches it up).
        const overrun = () => {
          defined.stats.overruns += 1;
          this.log[spec.everyTurn ? 'warn' : 'debug'](
            { job: spec.name },
            'job turn skipped: the previous turn is still running',
          );
        };
        let last: number | null = null;
        const job: Cron = new Cron(
          spec.schedule.cron,
          { timezone: JOB_TIMEZONE, protect: overrun, unref: true },
          async () => {
            if (spec.everyInstance) return tick(null);
            const due = job
              .previousRuns(CATCH_UP_TURNS + 1, new Date(Date.now() + 1))
              .map((d) => Math.floor(d.getTime() / 1000))
              .reverse();
            let turns = last === null || !spec.everyTurn ? due.slice(-1) : due.filter((t) => t > (last as number));
            if (turns.length > CATCH_UP_TURNS) {
              this.log.warn({ job: spec.name, missed: turns.length - CATCH_UP_TURNS }, 'job turns missed');
              turns = turns.slice(-CATCH_UP_TURNS);
            }
            if (turns.length > 1) this.log.warn({ job: spec.name, turns: turns.length }, 'job turns run late');
            for (const turn of turns) {
              last = turn;
              await tick(turn);
            }
          },
        );
        this.timers.push({ stop: () => job.stop() });
      } else {
        let running = false;
        const timer = setInterval(() => {
          if (running) return;
          running = true;
          void tick(null).finally(() => {
            running = false;
          });
        }, spec.schedule.everyMs);
        timer.unref();
        this.timers.push({ stop: () => clearInterval(timer) });
      }
    }
  }

  /**
   * A scheduled turn. Another instance holding the lock of an everyTurn job may be running another turn (a late one):
   * this turn then waits for it and tries again, until it runs or turns out to have run elsewhere (a sweep's turn is
   * covered by the sweep running, so it is skipped).
   */
  private async turn(defined: Defined, scheduledAt: number | null): Promise<JobOutcome<unknown>> {
    for (let attempt = 0; ; attempt++) {
      const outcome = await this.enter(defined, undefined, scheduledAt);
      const again = !outcome.ran && outcome.reason === 'locked' && defined.spec.everyTurn;
      if (!again || attempt >= LOCKED_RETRIES || this.stopping) return outcome;
      await new Promise((resolve) => setTimeout(resolve, LOCKED_RETRY_MS));
    }
  }

  /** Stops the timers and waits for the runs under way. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const t of this.timers.splice(0)) t.stop();
    await Promise.allSettled([...this.inFlight]);
  }

  /** Runs, failures and skips per job (health and metrics). */
  snapshot(): Record<string, JobStats> {
    return Object.fromEntries([...this.jobs].map(([name, d]) => [name, { ...d.stats }]));
  }

  /** When a cron job runs next (for tests and the admin overview). */
  static nextRun(cron: string, after: Date): Date | null {
    return new Cron(cron, { timezone: JOB_TIMEZONE, paused: true }).nextRun(after);
  }

  private async timed<T>(defined: Defined, fn: () => Promise<T>): Promise<T> {
    const { spec, stats: s } = defined;
    const started = performance.now();
    s.lastStartedAt = Date.now();
    try {
      const value = await fn();
      s.runs += 1;
      return value;
    } catch (err) {
      s.failures += 1;
      this.log.error({ error: loggableError(err), job: spec.name }, 'job failed');
      throw err;
    } finally {
      s.lastMs = Math.round(performance.now() - started);
      s.maxMs = Math.max(s.maxMs, s.lastMs);
      s.totalMs += s.lastMs;
      this.log[spec.quiet ? 'debug' : 'info']({ job: spec.name, ms: s.lastMs }, 'job ran');
    }
  }
}
