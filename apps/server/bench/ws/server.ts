// An app instance of `npm run bench:ws`, run as a child process of bench/ws.ts (IPC): the real app (instance.ts:
// buildApp on an in-memory PGlite, or on BENCH_DATABASE_URL with the Redis bus of BENCH_REDIS_URL on the channel
// BENCH_REDIS_CHANNEL, so that several of these serve one site) listening on 127.0.0.1:0. Unless BENCH_WS_SETUP is
// 0 (a further instance on the data another one made), it makes the bench's data: BENCH_WS_USERS test accounts with
// an open session and a signed token each. Instruments that do not change the app:
// - every `queue.changed` reaching this instance's bus is timed (the bus calls its listeners inside publish() on the
//   instance that made the change, on arrival through Redis on the others);
// - the hub's flushQueue is wrapped: a flush following a change reports its start and end (end = every frame handed
//   to its socket) with the times of the changes it coalesced; its fan-out (hub.deliverEach) is timed too, with the slices
//   (hub.slice: the stretches between two yields to the event loop) it took;
// - probe.ts's LoopProbe samples this process's event loop; the parent resets it and asks for a report, which also
//   gives the window's CPU time, garbage-collection pauses, the longest slice of any hub loop and the heartbeat ticks
//   (each pings one group of clients; every client once per 30 s), the other things that can block this event loop.
import { benchData, startInstance } from '../instance.ts';
import { LoopProbe } from '../probe.ts';
import { runChild, toParent } from '../procs.ts';
import { mono } from '../stats.ts';
import type { LagReport, ServerCommand, ServerReport } from './protocol.ts';

const USERS = Number(process.env.BENCH_WS_USERS ?? 10_000);
const SETUP = process.env.BENCH_WS_SETUP !== '0';

const report = (message: ServerReport) => toParent(message);

runChild(async () => {
  const started = mono();
  const steps: string[] = [];
  let stepStart = started;
  const step = (name: string) => {
    const t = mono();
    steps.push(`${name} ${((t - stepStart) / 1000).toFixed(1)} s`);
    stepStart = t;
  };
  const instance = await startInstance({
    label: 'ws',
    databaseUrl: process.env.BENCH_DATABASE_URL,
    redisUrl: process.env.BENCH_REDIS_URL,
    channel: process.env.BENCH_REDIS_CHANNEL,
  });
  const { hub, bus } = instance;
  step('database and app');
  // Test accounts and their tokens, made here rather than through 10,000 HTTP logins.
  const tokens = SETUP
    ? (await benchData(instance, { id: 'bench-ws', name: 'WSベンチマーク' }, 'dummy_wsb_', USERS)).tokens
    : [];
  if (SETUP) step('sessions');

  // Instruments.
  let pending: number[] = [];
  bus.subscribe((event) => {
    if (event.type === 'queue.changed') pending.push(mono());
  });
  // The fan-out of a timed flush: when hub.deliverEach began and ended, and its slices (each call of hub.slice runs
  // until it yields to the event loop). A slice belongs to that fan-out when it walks the same target list.
  type Targets = Parameters<typeof hub.deliverEach>[0];
  let sends = 0;
  let firstSend = 0;
  let lastSend = 0;
  let timing = false;
  let flushTargets: Targets | null = null;
  let flushSlices = 0;
  let flushLongest = 0;
  const deliverEach = hub.deliverEach.bind(hub);
  hub.deliverEach = async (targets, messageFor) => {
    if (!timing || flushTargets) return deliverEach(targets, messageFor);
    flushTargets = targets;
    sends = targets.length;
    firstSend = mono();
    try {
      await deliverEach(targets, messageFor);
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
    report({
      type: 'flush',
      start,
      firstSend,
      lastSend,
      end,
      sends,
      slices: flushSlices,
      longestSliceMs: flushLongest,
      cpuMs: (used.user + used.system) / 1000,
      systemMs: used.system / 1000,
      publishes,
      clients: hub.size,
    });
  };
  const loop = new LoopProbe();

  const shutdown = async () => {
    loop.stop();
    setTimeout(() => process.exit(0), 5000).unref();
    try {
      await instance.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('message', (command: ServerCommand) => {
    switch (command.cmd) {
      case 'size':
        report({ type: 'size', size: hub.size });
        return;
      case 'lagReset':
        loop.reset();
        longestSlice = 0;
        heartbeats = [];
        return;
      case 'lagReport':
        report({ type: 'lag', lag: { ...loop.report(), heartbeats, longestSliceMs: longestSlice } });
        return;
      case 'shutdown':
        void shutdown();
        return;
    }
  });
  report({
    type: 'ready',
    port: instance.port,
    tokens,
    users: SETUP ? USERS : 0,
    setupMs: mono() - started,
    setupSteps: steps.join(', '),
  });
});
