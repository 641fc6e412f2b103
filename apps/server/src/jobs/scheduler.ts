import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { loggableError } from '../http/errors.ts';

// Scheduled jobs: "run this every N, or at these times (Japan time), on one instance, never overlapping, logged".
// Cron patterns are croner's (no hand-written date arithmetic). A job marked `everyInstance` refreshes this
// instance's own state (a cache) and takes no lock; every other job runs under the database's named lock, so one
// instance runs it while the others skip that turn. Manual runs (an admin's button) use the same lock.

export const JOB_TIMEZONE = 'Asia/Tokyo';

export type JobSchedule = { cron: string } | { everyMs: number };

export interface JobSpec<T = unknown> {
  name: string;
  schedule: JobSchedule;
  run: () => Promise<T>;
  /** Runs on every instance, without the lock (for per-instance caches). */
  everyInstance?: boolean;
  /** Logs its runs at debug level (frequent housekeeping). */
  quiet?: boolean;
}

export type JobOutcome<T> = { ran: true; value: T } | { ran: false; reason: 'locked' };

export interface JobStats {
  runs: number;
  failures: number;
  skipped: number;
  lastStartedAt: number | null;
  lastMs: number | null;
}

export class Scheduler {
  private readonly jobs = new Map<string, JobSpec>();
  private readonly stats = new Map<string, JobStats>();
  private readonly timers: { stop(): void }[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  define<T>(spec: JobSpec<T>): void {
    if (this.jobs.has(spec.name)) throw new Error(`job ${spec.name} is defined twice`);
    this.jobs.set(spec.name, spec as JobSpec);
    this.stats.set(spec.name, { runs: 0, failures: 0, skipped: 0, lastStartedAt: null, lastMs: null });
  }

  /**
   * Runs `fn` as job `name`: skipped (ran: false) while the job runs here or on another instance. The scheduled
   * runs of the job go through here too, so a manual run never overlaps them.
   */
  async exclusive<T>(name: string, fn: () => Promise<T>): Promise<JobOutcome<T>> {
    const outcome = await this.database.exclusive(`job:${name}`, () => this.timed(name, fn));
    if (!outcome.ran) {
      this.statsOf(name).skipped += 1;
      this.log.debug({ job: name }, 'job skipped: running elsewhere');
      return { ran: false, reason: 'locked' };
    }
    return outcome;
  }

  /** Runs a defined job now (with its lock, unless it runs on every instance). */
  async run(name: string): Promise<JobOutcome<unknown>> {
    const spec = this.jobs.get(name);
    if (!spec) throw new Error(`no job named ${name}`);
    if (spec.everyInstance) return { ran: true, value: await this.timed(name, spec.run) };
    return this.exclusive(name, spec.run);
  }

  /** Starts every job's timer. Errors are logged; the next turn runs as usual. */
  start(): void {
    for (const spec of this.jobs.values()) {
      const tick = (): Promise<void> => {
        const turn = this.run(spec.name).then(
          () => undefined,
          () => undefined, // logged by timed()
        );
        this.inFlight.add(turn);
        void turn.finally(() => this.inFlight.delete(turn));
        return turn;
      };
      if ('cron' in spec.schedule) {
        // protect: a turn that comes while the previous one still runs on this instance is skipped.
        const job = new Cron(spec.schedule.cron, { timezone: JOB_TIMEZONE, protect: true, unref: true }, tick);
        this.timers.push({ stop: () => job.stop() });
      } else {
        let running = false;
        const timer = setInterval(() => {
          if (running) return;
          running = true;
          void tick().finally(() => {
            running = false;
          });
        }, spec.schedule.everyMs);
        timer.unref();
        this.timers.push({ stop: () => clearInterval(timer) });
      }
    }
  }

  /** Stops the timers and waits for the runs under way. */
  async stop(): Promise<void> {
    for (const t of this.timers.splice(0)) t.stop();
    await Promise.allSettled([...this.inFlight]);
  }

  /** Runs, failures and skips per job (health and metrics). */
  snapshot(): Record<string, JobStats> {
    return Object.fromEntries([...this.stats].map(([name, s]) => [name, { ...s }]));
  }

  /** When a cron job runs next (for tests and the admin overview). */
  static nextRun(cron: string, after: Date): Date | null {
    return new Cron(cron, { timezone: JOB_TIMEZONE, paused: true }).nextRun(after);
  }

  private statsOf(name: string): JobStats {
    let s = this.stats.get(name);
    if (!s) {
      s = { runs: 0, failures: 0, skipped: 0, lastStartedAt: null, lastMs: null };
      this.stats.set(name, s);
    }
    return s;
  }

  private async timed<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const s = this.statsOf(name);
    const started = performance.now();
    s.lastStartedAt = Date.now();
    try {
      const value = await fn();
      s.runs += 1;
      return value;
    } catch (err) {
      s.failures += 1;
      this.log.error({ error: loggableError(err), job: name }, 'job failed');
      throw err;
    } finally {
      s.lastMs = Math.round(performance.now() - started);
      const quiet = this.jobs.get(name)?.quiet ?? false;
      this.log[quiet ? 'debug' : 'info']({ job: name, ms: s.lastMs }, 'job ran');
    }
  }
}
