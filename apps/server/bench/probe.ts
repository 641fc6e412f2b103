// Instruments of a bench instance that do not change the app, read over a window (reset, then report):
// - LoopProbe: this process's event-loop delay (perf_hooks.monitorEventLoopDelay), CPU time split into user and
//   kernel (system: syscalls, which is where loopback TCP is paid), garbage-collection pauses, RSS;
// - TransactionProbe: every db.transaction of the app, timed from the call to the callback's start (a pooled
//   connection and BEGIN: queueing for the pool shows here), the callback (the queries, row-lock waits included),
//   and from the callback's end to the promise (COMMIT). All three include any wait for this event loop.
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import type { Db, Tx } from '../src/db/client.ts';
import { mono, type Stats, stats } from './stats.ts';

export interface LoopReport {
  /** Event-loop delay in ms, the sampling interval already subtracted. */
  p50: number;
  p99: number;
  max: number;
  mean: number;
  samples: number;
  /** CPU time (user + system) over the window, in ms, its user and system (kernel) parts, and the window's length. */
  cpuMs: number;
  userMs: number;
  systemMs: number;
  windowMs: number;
  rssMb: number;
  /** Garbage-collection pauses in the window: total and longest, in ms. */
  gcTotalMs: number;
  gcMaxMs: number;
}

export class LoopProbe {
  private readonly delay;
  private readonly gc: PerformanceObserver;
  private gcTotal = 0;
  private gcMax = 0;
  private windowStart = performance.now();
  private cpuStart = process.cpuUsage();

  constructor(private readonly resolutionMs = 10) {
    this.delay = monitorEventLoopDelay({ resolution: resolutionMs });
    this.delay.enable();
    this.gc = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        this.gcTotal += entry.duration;
        this.gcMax = Math.max(this.gcMax, entry.duration);
      }
    });
    this.gc.observe({ entryTypes: ['gc'] });
  }

  reset(): void {
    this.delay.reset();
    this.gcTotal = 0;
    this.gcMax = 0;
    this.windowStart = performance.now();
    this.cpuStart = process.cpuUsage();
  }

  report(): LoopReport {
    const cpu = process.cpuUsage(this.cpuStart);
    const ms = (ns: number) => Math.max(0, ns / 1e6 - this.resolutionMs);
    return {
      p50: ms(this.delay.percentile(50)),
      p99: ms(this.delay.percentile(99)),
      max: ms(this.delay.max),
      mean: ms(this.delay.mean),
      samples: this.delay.count,
      cpuMs: (cpu.user + cpu.system) / 1000,
      userMs: cpu.user / 1000,
      systemMs: cpu.system / 1000,
      windowMs: performance.now() - this.windowStart,
      rssMb: process.memoryUsage().rss / 1024 / 1024,
      gcTotalMs: this.gcTotal,
      gcMaxMs: this.gcMax,
    };
  }

  stop(): void {
    this.delay.disable();
    this.gc.disconnect();
  }
}

/** This process's CPU time so far (user + system), in ms: what it did between two moments, however loaded the machine. */
export const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export interface TransactionReport {
  n: number;
  /** From db.transaction() to the callback's start: a pooled connection, then BEGIN. */
  wait: Stats;
  /** The callback: the transaction's queries. */
  body: Stats;
  /** From the callback's end to the resolved promise: COMMIT. */
  commit: Stats;
  /**
   * The transaction whose body ran longest (a wave's, in a window that holds one): its parts and when its promise
   * resolved, committed (shared clock, stats.ts mono), and this process's CPU time then (cpuMs); null without any
   * transaction.
   */
  longest: { waitMs: number; bodyMs: number; commitMs: number; committedAt: number; cpuAt: number } | null;
}

export class TransactionProbe {
  private wait: number[] = [];
  private body: number[] = [];
  private commit: number[] = [];
  private longest: TransactionReport['longest'] = null;

  constructor(db: Db) {
    const original = db.transaction.bind(db);
    const timed = async <T>(fn: (tx: Tx) => Promise<T>, config?: Parameters<Db['transaction']>[1]): Promise<T> => {
      const called = performance.now();
      let began = called;
      let ended = called;
      const result = await original(async (tx) => {
        began = performance.now();
        try {
          return await fn(tx);
        } finally {
          ended = performance.now();
        }
      }, config);
      const committedAt = mono();
      const cpuAt = cpuMs();
      const parts = { waitMs: began - called, bodyMs: ended - began, commitMs: performance.now() - ended };
      this.wait.push(parts.waitMs);
      this.body.push(parts.bodyMs);
      this.commit.push(parts.commitMs);
      if (!this.longest || parts.bodyMs > this.longest.bodyMs) this.longest = { ...parts, committedAt, cpuAt };
      return result;
    };
    db.transaction = timed as Db['transaction'];
  }

  reset(): void {
    this.wait = [];
    this.body = [];
    this.commit = [];
    this.longest = null;
  }

  report(): TransactionReport {
    return {
      n: this.wait.length,
      wait: stats(this.wait),
      body: stats(this.body),
      commit: stats(this.commit),
      longest: this.longest,
    };
  }
}
