// The server side of `npm run bench:ws`, run as a child process of bench/ws.ts (IPC): the real app (buildApp on an
// in-memory PGlite, seeded, a season running now) listening on 127.0.0.1:0, BENCH_WS_USERS test accounts with an
// open session and a signed token each, and instruments that do not change the app:
// - every `queue_changed` published on the bus is timed (the bus is in-process: subscribers run inside publish());
// - the hub's flushQueue is wrapped: a flush following a publish reports its start and end (end = every frame handed
//   to its socket) with the publish times it coalesced; its fan-out (hub.deliver) is timed too, with the slices
//   (hub.slice: the stretches between two yields to the event loop) it took;
// - perf_hooks.monitorEventLoopDelay samples this process's event loop; the parent resets it and asks for a report,
//   which also gives the window's CPU time, garbage-collection pauses, the longest slice of any hub loop and the
//   heartbeat ticks (each pings one group of clients; every client once per 30 s), the other things that can block
//   this event loop.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { unixNow } from '../../src/context.ts';
import { openPglite } from '../../src/db/client.ts';
import { MemoryBus } from '../../src/events/bus.ts';
import { seedOnStart } from '../../src/seed/index.ts';
import { activeBenchSeason, benchAccounts } from '../fixtures.ts';
import { type LagReport, mono, type ServerCommand, type ServerReport } from './protocol.ts';

const USERS = Number(process.env.BENCH_WS_USERS ?? 10_000);
const LAG_RESOLUTION_MS = 10;

function report(message: ServerReport): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  const started = mono();
  // Fallback only: the parent stops us long before (or we notice it went away through 'disconnect').
  setTimeout(() => process.exit(2), 200_000).unref();
  process.on('disconnect', () => process.exit(0));

  const steps: string[] = [];
  let stepStart = started;
  const step = (name: string) => {
    const t = mono();
    steps.push(`${name} ${((t - stepStart) / 1000).toFixed(1)} s`);
    stepStart = t;
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'rankmatch-bench-ws-'));
  const database = await openPglite(null);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-ws-secret-that-is-long-enough-for-hs256-0123456789',
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'silent',
  });
  step('database');
  const bus = new MemoryBus();
  const { app, ctx, hub } = await buildApp({ config, database, logger: false, webDist: null, bus });
  const now = unixNow();
  await seedOnStart(database.db, config, now);
  await activeBenchSeason(ctx, 'bench-ws', 'WSベンチマーク', now);

  step('app');
  // Test accounts and their tokens, made here rather than through 10,000 HTTP logins.
  const { tokens } = await benchAccounts(ctx, 'dummy_wsb_', USERS, now);
  step('sessions');

  // Instruments.
  let pending: number[] = [];
  bus.subscribe((event) => {
    if (event.type === 'queue_changed') pending.push(mono());
  });
  // The fan-out of a timed flush: when hub.deliver began and ended, and its slices (each call of hub.slice runs until
  // it yields to the event loop). A slice belongs to that fan-out when it walks the same target list.
  type Targets = Parameters<typeof hub.deliver>[0];
  let sends = 0;
  let firstSend = 0;
  let lastSend = 0;
  let timing = false;
  let flushTargets: Targets | null = null;
  let flushSlices = 0;
  let flushLongest = 0;
  const deliver = hub.deliver.bind(hub);
  hub.deliver = async (targets, message) => {
    if (!timing || flushTargets) return deliver(targets, message);
    flushTargets = targets;
    sends = targets.length;
    firstSend = mono();
    try {
      await deliver(targets, message);
    } finally {
      lastSend = mono();
    }
  };
  // Every slice in the window (fan-outs and heartbeats alike) for the longest one; heartbeats are timed whole.
  let longestSlice = 0;
  let heartbeats: LagReport['heartbeats'] = [];
  let heartbeatRunning = false;
  let heartbeatTargets: Targets | null = null;
  let heartbeatSlices = 0;
  let heartbeatLongest = 0;
  const slice = hub.slice.bind(hub);
  hub.slice = (targets, from, each) => {
    const t = mono();
    const next = slice(targets, from, each);
    const ms = mono() - t;
    longestSlice = Math.max(longestSlice, ms);
    if (targets === flushTargets) {
      flushSlices++;
      flushLongest = Math.max(flushLongest, ms);
    } else if (heartbeatTargets === null && from === 0 && heartbeatRunning) {
      heartbeatTargets = targets;
    }
    if (targets === heartbeatTargets) {
      heartbeatSlices++;
      heartbeatLongest = Math.max(heartbeatLongest, ms);
    }
    return next;
  };
  const heartbeat = hub.heartbeat.bind(hub);
  hub.heartbeat = async () => {
    if (heartbeatRunning) return heartbeat();
    heartbeatRunning = true;
    heartbeatTargets = null;
    heartbeatSlices = 0;
    heartbeatLongest = 0;
    const t = mono();
    try {
      await heartbeat();
    } finally {
      heartbeatRunning = false;
      heartbeats.push({ ms: mono() - t, slices: heartbeatSlices, longestSliceMs: heartbeatLongest });
    }
  };
  let gcTotal = 0;
  let gcMax = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcTotal += entry.duration;
      gcMax = Math.max(gcMax, entry.duration);
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  const flush = hub.flushQueue.bind(hub);
  hub.flushQueue = async () => {
    if (pending.length === 0) return flush();
    const publishes = pending;
    pending = [];
    sends = 0;
    flushTargets = null;
    flushSlices = 0;
    flushLongest = 0;
    timing = true;
    const cpu = process.cpuUsage();
    const start = mono();
    try {
      await flush();
    } finally {
      timing = false;
      flushTargets = null;
    }
    const end = mono();
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    report({
      type: 'flush',
      start,
      firstSend,
      lastSend,
      end,
      sends,
      slices: flushSlices,
      longestSliceMs: flushLongest,
      cpuMs,
      publishes,
      clients: hub.size,
    });
  };
  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  lag.enable();
  let windowStart = mono();
  let cpuStart = process.cpuUsage();

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on TCP');

  const ms = (ns: number) => Math.max(0, ns / 1e6 - LAG_RESOLUTION_MS);
  const shutdown = async () => {
    lag.disable();
    gc.disconnect();
    const forced = setTimeout(() => process.exit(0), 5000);
    forced.unref();
    try {
      await app.close();
      await bus.close();
      await database.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  };
  process.on('message', (command: ServerCommand) => {
    switch (command.cmd) {
      case 'size':
        report({ type: 'size', size: hub.size });
        return;
      case 'lagReset':
        lag.reset();
        windowStart = mono();
        cpuStart = process.cpuUsage();
        gcTotal = 0;
        gcMax = 0;
        longestSlice = 0;
        heartbeats = [];
        return;
      case 'lagReport': {
        const cpu = process.cpuUsage(cpuStart);
        const result: LagReport = {
          p50: ms(lag.percentile(50)),
          p99: ms(lag.percentile(99)),
          max: ms(lag.max),
          mean: ms(lag.mean),
          samples: lag.count,
          cpuMs: (cpu.user + cpu.system) / 1000,
          windowMs: mono() - windowStart,
          rssMb: process.memoryUsage().rss / 1024 / 1024,
          gcTotalMs: gcTotal,
          gcMaxMs: gcMax,
          heartbeats,
          longestSliceMs: longestSlice,
        };
        report({ type: 'lag', lag: result });
        return;
      }
      case 'shutdown':
        void shutdown();
        return;
    }
  });
  report({
    type: 'ready',
    port: address.port,
    tokens,
    users: USERS,
    setupMs: mono() - started,
    setupSteps: steps.join(', '),
  });
}

main().catch((err: unknown) => {
  const error = err instanceof Error ? (err.stack ?? err.message) : String(err);
  const message: ServerReport = { type: 'fatal', error };
  if (process.send) process.send(message, () => process.exit(1));
  else {
    console.error(error);
    process.exit(1);
  }
});
