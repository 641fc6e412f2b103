// One instance of the real app for the server benchmarks (buildApp, listening on 127.0.0.1 at a free port): on an
// in-memory PGlite, or on PostgreSQL when given a URL; with the in-process event bus, or Redis pub/sub on a channel
// when given a Redis URL (then several instances, in this process or others, on one database and one channel serve
// one site, as in production). Every instance of a bench shares the JWT secret, so a token is good on all of them.
// Also: the bench's data (emptied database, seed, a running season, test accounts with sessions) and the instruments
// of an instance (probe.ts), with the IPC protocol of an instance run as a child process (instance-child.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type BuiltApp, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { unixNow } from '../src/context.ts';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { type EventBus, MemoryBus, RedisBus } from '../src/events/bus.ts';
import { seedOnStart } from '../src/seed/index.ts';
import type { WaveOutcome } from '../src/waves/runner.ts';
import { activeBenchSeason, benchAccounts, withoutReadyCheck } from './fixtures.ts';
import { cpuMs, LoopProbe, type LoopReport, TransactionProbe, type TransactionReport } from './probe.ts';
import { mono } from './stats.ts';

const JWT_SECRET = 'bench-instance-secret-that-is-long-enough-for-hs256-0123456';

export interface InstanceOptions {
  /** Names the temporary data folder. */
  label: string;
  /** PostgreSQL; an in-memory PGlite without it. */
  databaseUrl?: string | undefined;
  /** Redis pub/sub on `channel`; the in-process bus without it. */
  redisUrl?: string | undefined;
  channel?: string | undefined;
  /** PostgreSQL connections (DATABASE_POOL_SIZE of this process's environment, else the app's default). */
  poolSize?: number | undefined;
}

export interface BenchInstance {
  app: BuiltApp['app'];
  ctx: BuiltApp['ctx'];
  hub: BuiltApp['hub'];
  waves: BuiltApp['modules']['waves'];
  bus: EventBus;
  database: Database;
  port: number;
  /** The app, then the bus, the database and the data folder. */
  close(): Promise<void>;
}

/** A Redis channel no other run uses. */
export const benchChannel = (bench: string): string => `rankmatch:bench-${bench}-${process.pid}-${Date.now()}:events`;

export async function startInstance(options: InstanceOptions): Promise<BenchInstance> {
  const dataDir = mkdtempSync(join(tmpdir(), `rankmatch-bench-${options.label}-`));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET,
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'silent',
    ...(options.poolSize || process.env.DATABASE_POOL_SIZE
      ? { DATABASE_POOL_SIZE: String(options.poolSize ?? process.env.DATABASE_POOL_SIZE) }
      : {}),
  });
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, config.databasePoolSize)
    : await openPglite(null);
  const bus = options.redisUrl
    ? await RedisBus.connect(options.redisUrl, options.channel ?? benchChannel(options.label))
    : new MemoryBus();
  const { app, ctx, hub, modules } = await buildApp({ config, database, logger: false, webDist: null, bus });
  const { waves } = modules;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on TCP');
  return {
    app,
    ctx,
    hub,
    waves,
    bus,
    database,
    port: address.port,
    close: async () => {
      try {
        await app.close();
        await bus.close();
        await database.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The bench's data, made through one instance: on PostgreSQL every table is emptied first (give the benches a
 * database of their own), then the seed, a season running now (the only active one) and `count` test accounts named
 * `${prefix}00001`… with an open session each; returns their ids and tokens in order.
 */
export async function benchData(
  instance: BenchInstance,
  season: { id: string; name: string },
  prefix: string,
  count: number,
): Promise<{ ids: string[]; tokens: string[] }> {
  const { ctx, database } = instance;
  const now = unixNow();
  if (database.kind === 'postgres') {
    await ctx.db.execute(
      sql`truncate season_awards, season_records, user_achievements, match_reports, match_players, matches, wave_runs, queue_entries, season_stats, sessions, user_badges, audit_log, ranking_snapshots, seasons, users cascade`,
    );
  }
  await seedOnStart(database.db, ctx.config, now);
  await activeBenchSeason(ctx, season.id, season.name, now);
  await withoutReadyCheck(ctx);
  const accounts = await benchAccounts(ctx, prefix, count, now);
  // Freshly loaded tables have no planner statistics yet (autovacuum would gather them on a live site): gather them.
  if (database.kind === 'postgres') await ctx.db.execute(sql`analyze`);
  return accounts;
}

/** What an instance's instruments saw over a window. */
export interface InstanceProbeReport {
  loop: LoopReport;
  tx: TransactionReport;
  /** Events this instance's bus delivered, by type (every instance sees every event of the deployment once). */
  events: Record<string, number>;
  /**
   * When a `done` match update reached this instance's bus listeners, per match (shared clock, stats.ts mono): on
   * the instance that settled the match, its publish; on the others, its arrival through Redis.
   */
  doneSeen: [matchId: string, at: number][];
  /**
   * With Redis: the most events seen waiting in the bus's send buffer (RedisBus sends one PUBLISH at a time, the next
   * once Redis answered), read whenever an event reaches this instance's listeners. A bench-only look at a private
   * field; 0 with the in-process bus.
   */
  publishBacklog: number;
  /**
   * Per event type, when the first and the last one reached this instance's bus listeners (shared clock), and this
   * process's CPU time then (probe.ts cpuMs).
   */
  firstSeen: Record<string, number>;
  lastSeen: Record<string, number>;
  cpuSeen: Record<string, { first: number; last: number }>;
  /**
   * Per WebSocket message type, what the hub's deliver (match, ready check and status pushes; not the queue's
   * diffs) handed to sockets: how many sockets in all, and when the last such delivery ended, every socket handed
   * its frame (shared clock).
   */
  frames: Record<string, { sockets: number; last: number; cpuLast: number }>;
}

/** The type of a prepared WebSocket message ('matchFound'…), read from the start of its JSON. */
const frameType = (payload: Buffer): string =>
  /^\{"type":"(\w+)"/.exec(payload.toString('latin1', 0, 40))?.[1] ?? 'unknown';

/** The event loop, the database transactions and the bus of one instance (in this process). */
export class InstanceProbes {
  private readonly loop = new LoopProbe();
  private readonly tx: TransactionProbe;
  private events: Record<string, number> = {};
  private doneSeen: [string, number][] = [];
  private publishBacklog = 0;
  private firstSeen: Record<string, number> = {};
  private lastSeen: Record<string, number> = {};
  private cpuSeen: Record<string, { first: number; last: number }> = {};
  private frames: Record<string, { sockets: number; last: number; cpuLast: number }> = {};

  constructor(instance: BenchInstance) {
    this.tx = new TransactionProbe(instance.ctx.db);
    const { bus, hub } = instance;
    const deliver = hub.deliver.bind(hub);
    hub.deliver = async (targets, message) => {
      await deliver(targets, message);
      const type = frameType(message.payload);
      const seen = this.frames[type] ?? { sockets: 0, last: 0, cpuLast: 0 };
      seen.sockets += targets.length;
      seen.last = mono();
      seen.cpuLast = cpuMs();
      this.frames[type] = seen;
    };
    bus.subscribe((event) => {
      const at = mono();
      const cpu = cpuMs();
      this.firstSeen[event.type] ??= at;
      this.lastSeen[event.type] = at;
      const cpuSeen = this.cpuSeen[event.type] ?? { first: cpu, last: cpu };
      cpuSeen.last = cpu;
      this.cpuSeen[event.type] = cpuSeen;
      const buffered = bus.kind === 'redis' ? (Reflect.get(bus, 'buffer') as unknown[] | undefined)?.length : 0;
      this.publishBacklog = Math.max(this.publishBacklog, buffered ?? 0);
      if (event.type === 'match.updated' && event.data.status === 'done')
        this.doneSeen.push([event.data.match_id, mono()]);
      this.events[event.type] = (this.events[event.type] ?? 0) + 1;
    });
  }

  reset(): void {
    this.loop.reset();
    this.tx.reset();
    this.events = {};
    this.doneSeen = [];
    this.publishBacklog = 0;
    this.firstSeen = {};
    this.lastSeen = {};
    this.cpuSeen = {};
    this.frames = {};
  }

  report(): InstanceProbeReport {
    return {
      loop: this.loop.report(),
      tx: this.tx.report(),
      events: this.events,
      doneSeen: this.doneSeen,
      publishBacklog: this.publishBacklog,
      firstSeen: this.firstSeen,
      lastSeen: this.lastSeen,
      cpuSeen: this.cpuSeen,
      frames: this.frames,
    };
  }

  stop(): void {
    this.loop.stop();
  }
}

// IPC of an instance run as a child process (instance-child.ts); its environment: BENCH_DATABASE_URL,
// BENCH_REDIS_URL, BENCH_REDIS_CHANNEL, BENCH_INSTANCE_LABEL.
export type InstanceCommand =
  | { cmd: 'probeReset' }
  | { cmd: 'probeReport' }
  /** A wave now, as the admin's trigger runs it (waves.run with force). */
  | { cmd: 'wave' }
  /** The sockets the hub holds. */
  | { cmd: 'size' }
  | { cmd: 'shutdown' };

export type InstanceReport =
  | { type: 'ready'; port: number }
  | { type: 'probeReset' }
  | { type: 'probe'; report: InstanceProbeReport }
  /** The wave's outcome, when it was asked for and when it returned (shared clock). */
  | { type: 'wave'; outcome: WaveOutcome; started: number; ended: number }
  | { type: 'size'; size: number }
  | { type: 'fatal'; error: string };
