// WebSocket fan-out benchmark: `npm run bench:ws`.
// Processes (all on 127.0.0.1): the real app in a child process (bench/ws/server.ts: buildApp on an in-memory PGlite,
// test accounts with an open session and a token each, its own event-loop monitor), client processes
// (bench/ws/clients.ts) holding the WebSocket connections to /api/ws, and this coordinator.
// A round: the clients are armed, a test account joins (or leaves) the queue over HTTP, which publishes
// `queue.changed`; the hub sends one queueDiff frame to every client on its next 1 s tick. Each client stamps its
// frame's arrival on the machine's monotonic clock, shared by all processes; the server reports when the change was
// published and when the flush started, began and finished handing the frame to the sockets (the hub does so in
// slices, yielding to the event loop between them), and ended. Printed: delivery latency from the
// flush start (what the hub controls; target p99 ≤ 250 ms), latency from the publish (adds the coalescing wait, up
// to 1 s by design), clients reached, and the server's event-loop lag over the measured rounds (target p99 ≤ 50 ms).
//
// BENCH_INSTANCES=2 (needs BENCH_DATABASE_URL, a PostgreSQL database the bench may empty, and BENCH_REDIS_URL) measures
// one deployment of two instances after one of a single instance, in the same run: the app instances are then on that
// database and one Redis channel. First every client is on instance A; then instance B starts, half of each client
// process's sockets move to it, and the rounds' queue changes are made on A and B in turn: a change must reach the
// clients of both, those of the other instance through Redis. Each client's delivery latency counts from the flush
// start of its own instance (each instance coalesces and flushes on its own 1 s tick); the Redis hop (the change on
// one instance's bus → on the other's) and the latency from the change are printed too, then both deployments' p50
// and p99 side by side. Each server's flush CPU is split into user and kernel time (its socket writes, loopback TCP
// included), and the machine's CPU over the rounds is broken down by process (machine.ts).
//
// Tunables: BENCH_WS_CLIENTS (10000), BENCH_WS_USERS (test accounts, whose tokens the clients share round-robin; by
// default, and at least, as few as the hub's limit of WS_MAX_SOCKETS_PER_USER sockets per user and instance allows:
// 2,000 for 10,000 clients), BENCH_WS_WORKERS (client processes: one CPU fewer than the machine has, at least 1 — on a
// 2-CPU machine one, so that the simulated clients, which in production are other machines, use the CPU the server
// does not rather than take turns with it on its own; receiving 10,000 frames costs them about as much CPU as sending
// them costs the server), BENCH_WS_BATCH (500 connections opening at a time), BENCH_WS_ROUNDS (5, after one warm-up
// round). Exits by itself within 3 minutes per deployment measured (hard stop), children included; exit code 0 on
// PASS, 1 on FAIL or error.
import { cpus } from 'node:os';
import { WS_MAX_SOCKETS_PER_USER } from '../src/realtime/hub.ts';
import { benchChannel } from './instance.ts';
import { CpuMeter, databaseName, type ProcessGroup, postgresBackends, redisServer } from './machine.ts';
import { type Child, ChildProcesses } from './procs.ts';
import { ms as f, instances, line, loadAverage, mono, type Stats, stats, uptime } from './stats.ts';
import type { ClientCommand, ClientReport, LagReport, ServerCommand, ServerReport } from './ws/protocol.ts';

const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const PG_URL = process.env.BENCH_DATABASE_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL;
const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 10_000);
// Distinct test accounts; their tokens are shared round-robin by the clients (the hub allows a few sockets per user).
const MIN_USERS = Math.ceil(CLIENTS / WS_MAX_SOCKETS_PER_USER);
const USERS = Math.min(CLIENTS, Math.max(MIN_USERS, Number(process.env.BENCH_WS_USERS ?? MIN_USERS)));
const WORKERS = Math.max(1, Number(process.env.BENCH_WS_WORKERS ?? cpus().length - 1));
const BATCH = Math.max(1, Number(process.env.BENCH_WS_BATCH ?? 500));
const ROUNDS = Math.max(1, Number(process.env.BENCH_WS_ROUNDS ?? 5));
const HARD_STOP_MS = 180_000 * Math.max(1, INSTANCES);
const TARGET_DELIVERY_P99_MS = 250;
const TARGET_LAG_P99_MS = 50;
const PUSH_INTERVAL_MS = 1000; // QUEUE_PUSH_INTERVAL_MS of the hub
const TRIGGER_USER = 'dummy_wsb_trigger';
const NAMES = ['A', 'B'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const children = new ChildProcesses((reason) => void abort(reason), HARD_STOP_MS + 20_000);

type ServerChild = Child<ServerCommand, ServerReport>;
type ClientChild = Child<ClientCommand, ClientReport>;
type Flush = Extract<ServerReport, { type: 'flush' }>;

interface Server {
  name: string;
  child: ServerChild;
  base: string;
  url: string;
}

const servers: Server[] = [];
let workers: ClientChild[] = [];

/** Closes the client sockets first, then stops the servers; anything still alive after a few seconds is killed. */
async function cleanup(): Promise<void> {
  if (children.stopping) return;
  children.stopping = true;
  for (const worker of workers) worker.send({ cmd: 'close' });
  await Promise.all(workers.map((w) => w.exited(3000)));
  for (const server of servers) server.child.send({ cmd: 'shutdown' });
  await Promise.all(servers.map((s) => s.child.exited(5000)));
  children.killAll();
}

async function abort(reason: string): Promise<never> {
  console.error(`bench:ws aborted: ${reason}`);
  await cleanup();
  process.exit(1);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void abort(signal));

const heartbeatLine = (ticks: LagReport['heartbeats']) =>
  ticks.length
    ? `${ticks.length} heartbeat ticks (each pings one group of clients), longest ` +
      `${f(Math.max(...ticks.map((t) => t.ms)))} in ${Math.max(...ticks.map((t) => t.slices))} slices, longest slice ` +
      f(Math.max(...ticks.map((t) => t.longestSliceMs)))
    : 'no heartbeat tick in the window';
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/** Client socket `index` of a client process is on servers[index mod n] when n instances run. */
const serverOfSocket = (index: number, n: number) => index % n;

/** What one server did in a round. */
interface ServerRound {
  /** When the round's change reached this instance's bus, and its flush began: the coalescing wait. */
  seenAt: number;
  coalescingMs: number;
  flushMs: number;
  /** From the flush start to the first frame handed to a socket (queue query, diff, JSON), then the send loop. */
  queryMs: number;
  sendLoopMs: number;
  /** The send loop's slices (stretches between two yields to the event loop) and the longest one. */
  slices: number;
  longestSliceMs: number;
  flushCpuMs: number;
  flushSystemMs: number;
  fromFlush: number[];
}

interface RoundResult {
  trigger: number;
  reached: number;
  fromPublish: number[];
  /** Per server except the trigger's: from the publish on the trigger's instance to the event on this one's bus. */
  hops: number[];
  servers: ServerRound[];
  /** CPU time the client processes used from arming to collecting, summed: shows when they were saturated. */
  clientCpuMs: number;
  clientSystemMs: number;
  httpMs: number;
  extraFrames: number;
  closed: number;
}

/** The first flush of `server` that coalesced a change made at or after `since`. */
async function flushAfter(server: Server, since: number): Promise<Flush> {
  let flush = await server.child.next('flush', 5000);
  while ((flush.publishes[0] ?? 0) < since) flush = await server.child.next('flush', 5000);
  return flush;
}

async function round(index: number, n: number, token: string): Promise<RoundResult> {
  const active = servers.slice(0, n);
  const trigger = index % n;
  for (const w of workers) w.send({ cmd: 'arm', round: index });
  await Promise.all(workers.map((w) => w.next('armed', 5000)));
  // Rounds land at different phases of the hub's 1 s tick (golden-ratio spread), a second or two apart.
  await sleep(1000 + ((index * 0.618_034) % 1) * PUSH_INTERVAL_MS);
  for (const s of active) s.child.drop('flush');
  const sent = mono();
  const response = await fetch(`${active[trigger]?.base}/api/queue/${index % 2 === 0 ? 'join' : 'leave'}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  await response.arrayBuffer();
  const returned = mono();
  if (!response.ok) throw new Error(`queue trigger failed: ${response.status}`);
  const flushes = await Promise.all(active.map((s) => flushAfter(s, sent)));
  const published = flushes[trigger]?.publishes[0] as number;
  // Every client process says when all its sockets have their frame; a missing frame shows after 5 s.
  await Promise.all(workers.map((w) => w.next('roundDone', 5000).catch(() => null)));
  for (const w of workers) w.send({ cmd: 'collect', round: index });
  const reports = await Promise.all(workers.map((w) => w.next('arrivals', 10_000)));
  for (const w of workers) w.drop('roundDone');
  const result: RoundResult = {
    trigger,
    reached: 0,
    fromPublish: [],
    hops: flushes.flatMap((fl, k) => (k === trigger ? [] : [(fl.publishes[0] as number) - published])),
    servers: flushes.map((fl) => ({
      seenAt: fl.publishes[0] as number,
      coalescingMs: fl.start - (fl.publishes[0] as number),
      flushMs: fl.end - fl.start,
      queryMs: fl.sends ? fl.firstSend - fl.start : fl.end - fl.start,
      sendLoopMs: fl.sends ? fl.lastSend - fl.firstSend : 0,
      slices: fl.slices,
      longestSliceMs: fl.longestSliceMs,
      flushCpuMs: fl.cpuMs,
      flushSystemMs: fl.systemMs,
      fromFlush: [],
    })),
    clientCpuMs: 0,
    clientSystemMs: 0,
    httpMs: returned - sent,
    extraFrames: 0,
    closed: 0,
  };
  for (const report of reports) {
    result.extraFrames += report.extraFrames;
    result.clientCpuMs += report.cpuMs;
    result.clientSystemMs += report.systemMs;
    result.closed = Math.max(result.closed, report.closed);
    report.times.forEach((at, i) => {
      if (at < 0) return;
      const k = serverOfSocket(i, n);
      result.reached++;
      result.servers[k]?.fromFlush.push(at - (flushes[k] as Flush).start);
      result.fromPublish.push(at - published);
    });
  }
  return result;
}

const flushText = (s: ServerRound) =>
  `flush ${f(s.flushMs)} (query ${f(s.queryMs)}, send loop ${f(s.sendLoopMs)} in ${s.slices} slices, longest ` +
  `${f(s.longestSliceMs)}; server CPU ${f(s.flushCpuMs)}, kernel ${f(s.flushSystemMs)})`;

function roundLine(label: string, r: RoundResult): string {
  const all = stats(r.servers.flatMap((s) => s.fromFlush));
  const head = `${label.padEnd(8)} reached ${r.reached}/${CLIENTS}  from flush start: ${line(all)}  | `;
  const perServer =
    r.servers.length === 1
      ? `publish→flush ${f(r.servers[0]?.coalescingMs ?? 0)}, ${flushText(r.servers[0] as ServerRound)}`
      : `change on ${NAMES[r.trigger]}; ` +
        r.servers
          .map((s, k) =>
            k === r.trigger
              ? `${NAMES[k]}: publish→flush ${f(s.coalescingMs)}, ${flushText(s)}`
              : `${NAMES[k]}: Redis hop ${f(s.seenAt - (r.servers[r.trigger]?.seenAt ?? 0))}, arrival→flush ` +
                `${f(s.coalescingMs)}, ${flushText(s)}`,
          )
          .join('; ');
  return (
    head +
    perServer +
    `, clients' CPU ${f(r.clientCpuMs)} (kernel ${f(r.clientSystemMs)}), HTTP ${f(r.httpMs)}` +
    (r.extraFrames ? `, ${r.extraFrames} extra frames` : '') +
    (r.closed ? `, ${r.closed} sockets closed` : '')
  );
}

async function startServer(
  name: string,
  setup: boolean,
  channel: string,
): Promise<{ server: Server; tokens: string[] }> {
  const env: Record<string, string> = { BENCH_WS_USERS: String(USERS), BENCH_WS_SETUP: setup ? '1' : '0' };
  if (PG_URL) env.BENCH_DATABASE_URL = PG_URL;
  if (REDIS_URL) Object.assign(env, { BENCH_REDIS_URL: REDIS_URL, BENCH_REDIS_CHANNEL: channel });
  const child = children.spawn<ServerCommand, ServerReport>(
    `server ${name}`,
    new URL('./ws/server.ts', import.meta.url),
    env,
  );
  const ready = await child.next('ready', 90_000);
  const base = `http://127.0.0.1:${ready.port}`;
  console.log(
    `server ${name}: pid ${child.pid}, ready in ${(ready.setupMs / 1000).toFixed(1)} s` +
      (setup ? ` (${ready.users} test accounts, sessions and tokens: ${ready.setupSteps})` : ` (${ready.setupSteps})`),
  );
  return { server: { name, child, base, url: `ws://127.0.0.1:${ready.port}/api/ws` }, tokens: ready.tokens };
}

/**
 * Puts the clients on the first `n` servers: client j (of CLIENTS) belongs to process j mod WORKERS and uses token
 * j mod USERS; its socket `index` in that process is on servers[index mod n]. Only the sockets whose server changed
 * since the previous layout are (re)opened. Waits until every hub counts its clients.
 */
async function connectClients(n: number, tokens: string[]): Promise<void> {
  const started = mono();
  for (const s of servers) s.child.send({ cmd: 'lagReset' });
  const expected = servers.slice(0, n).map(() => 0);
  workers.forEach((w, wi) => {
    const targets: { index: number; url: string }[] = [];
    for (let j = wi, index = 0; j < CLIENTS; j += WORKERS, index++) {
      const k = serverOfSocket(index, n);
      expected[k] = (expected[k] ?? 0) + 1;
      if (n > 1 && serverOfSocket(index, n - 1) === k) continue;
      const token = tokens[j % tokens.length] as string;
      targets.push({ index, url: `${servers[k]?.url}?token=${encodeURIComponent(token)}` });
    }
    w.send({ cmd: 'connect', targets, concurrency: Math.max(1, Math.floor(BATCH / WORKERS)), timeoutMs: 20_000 });
  });
  const connected = await Promise.all(workers.map((w) => w.next('connected', 120_000)));
  const open = connected.reduce((sum, c) => sum + c.open, 0);
  const failed = connected.reduce((sum, c) => sum + c.failed, 0);
  // A socket is open before the hub has checked its token (and a moved socket's close takes a moment to reach its
  // old hub): wait until the hubs count exactly their clients.
  let sizes: number[] = [];
  for (let i = 0; i < 120; i++) {
    sizes = await Promise.all(servers.slice(0, n).map(async (s) => (await s.child.ask({ cmd: 'size' }, 'size')).size));
    if (sizes.reduce((a, b) => a + b, 0) >= open && sizes.every((size, k) => size <= (expected[k] ?? 0))) break;
    await sleep(250);
  }
  const lags = await Promise.all(
    servers.slice(0, n).map(async (s) => (await s.child.ask({ cmd: 'lagReport' }, 'lag')).lag),
  );
  const firstError = connected.find((c) => c.firstError)?.firstError;
  console.log(
    `connections (${instances(n)}): ${open} open, ${failed} failed${firstError ? ` (${firstError})` : ''}, hubs have ` +
      `${sizes.map((size, k) => `${NAMES[k]} ${size}`).join(', ')} clients, ${((mono() - started) / 1000).toFixed(1)} s ` +
      `(${BATCH} at a time); server lag while connecting: ` +
      lags
        .map(
          (lag, k) =>
            `${NAMES[k]} p99 ${f(lag.p99)} max ${f(lag.max)}, ${((100 * lag.cpuMs) / lag.windowMs).toFixed(0)} % of one CPU`,
        )
        .join('; '),
  );
  if (open === 0) throw new Error('no connection could be opened');
}

interface PhaseResult {
  n: number;
  delivery: Stats;
  fromPublish: Stats;
  pass: boolean;
}

/** One warm-up round and ROUNDS measured rounds on the first `n` servers; prints them and their summary. */
async function measure(n: number, token: string): Promise<PhaseResult> {
  const active = servers.slice(0, n);
  const groups: ProcessGroup[] = [
    ...active.map((s) => ({ label: `server ${s.name}`, pids: () => [s.child.pid] })),
    { label: `clients (${WORKERS} process${WORKERS > 1 ? 'es' : ''})`, pids: () => workers.map((w) => w.pid) },
    { label: 'coordinator', pids: () => [process.pid] },
  ];
  if (PG_URL) groups.push(postgresBackends(databaseName(PG_URL)));
  if (REDIS_URL) groups.push(redisServer());
  const cpu = new CpuMeter(groups);
  const measured: RoundResult[] = [];
  for (let r = 0; r <= ROUNDS; r++) {
    if (r === 1) {
      for (const s of active) s.child.send({ cmd: 'lagReset' });
      cpu.begin();
    }
    const result = await round(r, n, token);
    if (r > 0) measured.push(result);
    console.log(roundLine(r === 0 ? 'warm-up' : `round ${r}`, result));
  }
  const cpuUse = cpu.end();
  const lags = await Promise.all(active.map(async (s) => (await s.child.ask({ cmd: 'lagReport' }, 'lag')).lag));

  const delivery = stats(measured.flatMap((m) => m.servers.flatMap((s) => s.fromFlush)));
  const fromPublish = stats(measured.flatMap((m) => m.fromPublish));
  const minReached = Math.min(...measured.map((m) => m.reached));
  const deliveryOk = delivery.p99 <= TARGET_DELIVERY_P99_MS;
  const lagOk = lags.every((lag) => lag.p99 <= TARGET_LAG_P99_MS);
  const reachedOk = minReached === CLIENTS;
  console.log('');
  console.log(`${instances(n)}, over ${ROUNDS} rounds (${delivery.n} deliveries):`);
  console.log(
    `  delivery latency from the flush start${n > 1 ? " of the client's instance" : ''}: ${line(delivery)}  ` +
      `(target p99 ≤ ${TARGET_DELIVERY_P99_MS} ms) ${verdict(deliveryOk)}`,
  );
  if (n > 1) {
    console.log(
      `    ${active.map((s, k) => `clients of ${s.name}: ${line(stats(measured.flatMap((m) => m.servers[k]?.fromFlush ?? [])))}`).join('; ')}`,
    );
  }
  console.log(`  latency from the publish (trigger):   ${line(fromPublish)}`);
  console.log(
    `    (includes the wait for the hub's next tick: queue changes are coalesced into at most one queueDiff per ` +
      `${PUSH_INTERVAL_MS} ms per instance by design, so up to ${PUSH_INTERVAL_MS} ms of this is intended)`,
  );
  if (n > 1) {
    console.log(
      `  Redis hop (the change on the trigger's instance's bus → on the other's): ${line(stats(measured.flatMap((m) => m.hops)))}`,
    );
  }
  active.forEach((s, k) => {
    const mine = measured.map((m) => m.servers[k] as ServerRound);
    const of = (pick: (x: ServerRound) => number) => stats(mine.map(pick));
    const flushes = of((x) => x.flushMs);
    const queries = of((x) => x.queryMs);
    const loops = of((x) => x.sendLoopMs);
    const flushCpu = of((x) => x.flushCpuMs);
    const flushSys = of((x) => x.flushSystemMs);
    console.log(
      `  server ${s.name} flush: p50 ${f(flushes.p50)} max ${f(flushes.max)} = queue query + diff p50 ${f(queries.p50)} ` +
        `max ${f(queries.max)}, then the loop handing the frame to every socket p50 ${f(loops.p50)} max ${f(loops.max)} ` +
        `(yielding to the event loop between slices; longest slice ${f(of((x) => x.longestSliceMs).max)}); ` +
        `CPU p50 ${f(flushCpu.p50)}, kernel p50 ${f(flushSys.p50)}`,
    );
  });
  const clientCpu = stats(measured.map((m) => m.clientCpuMs));
  const clientSys = stats(measured.map((m) => m.clientSystemMs));
  console.log(
    `  clients: CPU per round p50 ${f(clientCpu.p50)} max ${f(clientCpu.max)}, kernel p50 ${f(clientSys.p50)} ` +
      `(${WORKERS} process${WORKERS > 1 ? 'es' : ''})`,
  );
  console.log(`  clients reached: ${minReached}/${CLIENTS} in the worst round ${verdict(reachedOk)}`);
  active.forEach((s, k) => {
    const lag = lags[k] as LagReport;
    console.log(
      `  server ${s.name} event-loop lag during the rounds: p50 ${f(lag.p50)}  p99 ${f(lag.p99)}  max ${f(lag.max)}  ` +
        `(${lag.samples} samples every 10 ms, target p99 ≤ ${TARGET_LAG_P99_MS} ms) ${verdict(lag.p99 <= TARGET_LAG_P99_MS)}`,
    );
    console.log(
      `    ${((100 * lag.cpuMs) / lag.windowMs).toFixed(0)} % of one CPU over ${(lag.windowMs / 1000).toFixed(1)} s ` +
        `(kernel ${((100 * lag.systemMs) / lag.windowMs).toFixed(0)} %), RSS ${lag.rssMb.toFixed(0)} MB; GC pauses ` +
        `${f(lag.gcTotalMs)} in all, longest ${f(lag.gcMaxMs)}; longest slice of a hub loop ${f(lag.longestSliceMs)}; ` +
        heartbeatLine(lag.heartbeats),
    );
  });
  if (lags.some((lag) => lag.max > TARGET_LAG_P99_MS)) {
    console.log(
      `    (note: the lag max is the longest single block of the event loop — a slice of a hub loop, a GC pause, ` +
        `a descheduled process on a loaded machine; samples every 10 ms count such a block once)`,
    );
  }
  console.log(`  ${cpuUse.text}`);
  console.log(`  load average now ${loadAverage()}`);
  console.log('');
  return { n, delivery, fromPublish, pass: deliveryOk && lagOk && reachedOk };
}

async function main(): Promise<void> {
  if (INSTANCES !== 1 && INSTANCES !== 2) throw new Error('BENCH_INSTANCES is 1 or 2');
  if (INSTANCES === 2 && (!PG_URL || !REDIS_URL)) {
    throw new Error('BENCH_INSTANCES=2 needs BENCH_DATABASE_URL (PostgreSQL) and BENCH_REDIS_URL');
  }
  const hardStop = setTimeout(() => void abort(`hard stop after ${HARD_STOP_MS / 1000} s`), HARD_STOP_MS);
  hardStop.unref();
  const t0 = mono();
  console.log(
    `bench:ws — ${CLIENTS} WebSocket clients (${USERS} test accounts) in ${WORKERS} client process(es), the app in ` +
      `child processes (${INSTANCES === 2 ? '1 instance, then 2' : '1 instance'}; ` +
      `${PG_URL ? 'PostgreSQL' : 'PGlite'}, ${REDIS_URL ? 'Redis bus' : 'in-process bus'}); 1 warm-up + ${ROUNDS} ` +
      `rounds each. Machine: ${cpus().length} CPUs; ${uptime()}`,
  );
  const channel = benchChannel('ws');
  const first = await startServer(NAMES[0] as string, true, channel);
  servers.push(first.server);
  const { tokens } = first;

  const login = await fetch(`${first.server.base}/api/auth/dummy/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: TRIGGER_USER }),
  });
  if (!login.ok) throw new Error(`trigger login failed: ${login.status} ${await login.text()}`);
  const triggerToken = ((await login.json()) as { access_token: string }).access_token;

  workers = Array.from({ length: WORKERS }, (_, i) =>
    children.spawn<ClientCommand, ClientReport>(`clients#${i + 1}`, new URL('./ws/clients.ts', import.meta.url)),
  );
  const phases: PhaseResult[] = [];
  for (let n = 1; n <= INSTANCES; n++) {
    if (n > 1) servers.push((await startServer(NAMES[n - 1] as string, false, channel)).server);
    await connectClients(n, tokens);
    phases.push(await measure(n, triggerToken));
  }
  if (phases.length > 1) {
    console.log(`queue update delivery to ${CLIENTS} clients, same run; ${uptime()}`);
    console.log(`                 from the flush start p50 / p99     from the publish p50 / p99`);
    for (const p of phases) {
      console.log(
        `  ${instances(p.n).padEnd(14)} ${`${f(p.delivery.p50)} / ${f(p.delivery.p99)}`.padEnd(33)}` +
          `${f(p.fromPublish.p50)} / ${f(p.fromPublish.p99)}`,
      );
    }
  }
  const pass = phases.every((p) => p.pass);
  console.log(`total ${((mono() - t0) / 1000).toFixed(1)} s; overall: ${verdict(pass)}`);
  await cleanup();
  process.exit(pass ? 0 : 1);
}

main().catch((err: unknown) => abort(err instanceof Error ? (err.stack ?? err.message) : String(err)));
