// WebSocket fan-out benchmark: `npm run bench:ws`.
// Processes (all on 127.0.0.1): the real app in a child process (bench/ws/server.ts: buildApp on an in-memory PGlite,
// test accounts with an open session and a token each, its own event-loop monitor), client processes
// (bench/ws/clients.ts) holding the WebSocket connections to /api/ws, and this coordinator.
// A round: the clients are armed, a test account joins (or leaves) the queue over HTTP, which publishes
// `queue_changed`; the hub sends one queueDiff frame to every client on its next 1 s tick. Each client stamps its
// frame's arrival on the machine's monotonic clock, shared by all processes; the server reports when the change was
// published and when the flush started, began and finished handing the frame to the sockets (the hub does so in
// slices, yielding to the event loop between them), and ended. Printed: delivery latency from the
// flush start (what the hub controls; target p99 ≤ 250 ms), latency from the publish (adds the coalescing wait, up
// to 1 s by design), clients reached, and the server's event-loop lag over the measured rounds (target p99 ≤ 50 ms).
// Tunables: BENCH_WS_CLIENTS (10000), BENCH_WS_USERS (1000 test accounts, whose tokens the clients share
// round-robin), BENCH_WS_WORKERS (client processes: one CPU fewer than the machine has, at least 1 — on a 2-CPU
// machine one, so that the simulated clients, which in production are other machines, use the CPU the server does not
// rather than take turns with it on its own; receiving 10,000 frames costs them about as much CPU as sending them
// costs the server), BENCH_WS_BATCH (500 connections opening at a time),
// BENCH_WS_ROUNDS (5, after one warm-up round). Exits by itself within 3 minutes (hard stop), children included;
// exit code 0 on PASS, 1 on FAIL or error.
import { type ChildProcess, fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ClientCommand, ClientReport, LagReport, ServerCommand, ServerReport } from './ws/protocol.ts';
import { mono } from './ws/protocol.ts';

const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 10_000);
// Distinct test accounts; their tokens are shared round-robin by the clients (the hub allows several sockets per user).
const USERS = Math.max(1, Math.min(CLIENTS, Number(process.env.BENCH_WS_USERS ?? 1000)));
const WORKERS = Math.max(1, Number(process.env.BENCH_WS_WORKERS ?? cpus().length - 1));
const BATCH = Math.max(1, Number(process.env.BENCH_WS_BATCH ?? 500));
const ROUNDS = Math.max(1, Number(process.env.BENCH_WS_ROUNDS ?? 5));
const HARD_STOP_MS = 180_000;
const TARGET_DELIVERY_P99_MS = 250;
const TARGET_LAG_P99_MS = 50;
const PUSH_INTERVAL_MS = 1000; // QUEUE_PUSH_INTERVAL_MS of the hub
const TRIGGER_USER = 'dummy_wsb_trigger';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const children: ChildProcess[] = [];
let stopping = false;

/** A child process and the reports it sent, waited for by type. */
class Child<C, R extends { type: string }> {
  private buffered: R[] = [];
  private waiters: { type: string; resolve: (message: R) => void }[] = [];

  constructor(
    readonly name: string,
    readonly proc: ChildProcess,
  ) {
    children.push(proc);
    proc.on('message', (message: R) => {
      if (message.type === 'fatal') {
        void abort(`${name}: ${(message as unknown as { error: string }).error}`);
        return;
      }
      const index = this.waiters.findIndex((w) => w.type === message.type);
      if (index >= 0) this.waiters.splice(index, 1)[0]?.resolve(message);
      else this.buffered.push(message);
    });
    proc.on('exit', (code, signal) => {
      if (!stopping) void abort(`${name} exited unexpectedly (${code ?? signal})`);
    });
  }

  send(command: C): void {
    if (this.proc.connected) this.proc.send(command as object);
  }

  next<T extends R['type']>(type: T, timeoutMs: number): Promise<Extract<R, { type: T }>> {
    const index = this.buffered.findIndex((m) => m.type === type);
    if (index >= 0) return Promise.resolve(this.buffered.splice(index, 1)[0] as Extract<R, { type: T }>);
    return new Promise((resolve, reject) => {
      const waiter = {
        type,
        resolve: (message: R) => {
          clearTimeout(timer);
          resolve(message as Extract<R, { type: T }>);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`${this.name}: no '${type}' within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  drop(type: R['type']): void {
    this.buffered = this.buffered.filter((m) => m.type !== type);
  }

  exited(timeoutMs: number): Promise<void> {
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.proc.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

type ServerChild = Child<ServerCommand, ServerReport>;
type ClientChild = Child<ClientCommand, ClientReport>;
let server: ServerChild | null = null;
let workers: ClientChild[] = [];

function spawn<C, R extends { type: string }>(name: string, file: string, env: Record<string, string>): Child<C, R> {
  // The children inherit this process's execArgv, which loads tsx.
  const proc = fork(fileURLToPath(new URL(file, import.meta.url)), [], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Child<C, R>(name, proc);
}

/** Closes the client sockets first, then stops the server; anything still alive after a few seconds is killed. */
async function cleanup(): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const worker of workers) worker.send({ cmd: 'close' });
  await Promise.all(workers.map((w) => w.exited(3000)));
  server?.send({ cmd: 'shutdown' });
  await server?.exited(5000);
  for (const proc of children) if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
}

async function abort(reason: string): Promise<never> {
  console.error(`bench:ws aborted: ${reason}`);
  await cleanup();
  process.exit(1);
}

process.on('exit', () => {
  for (const proc of children) if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void abort(signal));

interface Stats {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

function stats(values: number[]): Stats {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? 0 };
}

const f = (ms: number) => `${ms.toFixed(1)} ms`;
const heartbeatLine = (ticks: LagReport['heartbeats']) =>
  ticks.length
    ? `${ticks.length} heartbeat ticks (each pings one group of clients), longest ` +
      `${f(Math.max(...ticks.map((t) => t.ms)))} in ${Math.max(...ticks.map((t) => t.slices))} slices, longest slice ` +
      f(Math.max(...ticks.map((t) => t.longestSliceMs)))
    : 'no heartbeat tick in the window';
const line = (s: Stats) => `p50 ${f(s.p50)}  p99 ${f(s.p99)}  max ${f(s.max)}`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

interface RoundResult {
  reached: number;
  fromFlush: number[];
  fromPublish: number[];
  coalescingMs: number;
  flushMs: number;
  /** From the flush start to the first frame handed to a socket (queue query, diff, JSON), then the send loop. */
  queryMs: number;
  sendLoopMs: number;
  /** The send loop's slices (stretches between two yields to the event loop) and the longest one. */
  slices: number;
  longestSliceMs: number;
  flushCpuMs: number;
  /** CPU time the client processes used from arming to collecting, summed: shows when they were saturated. */
  clientCpuMs: number;
  httpMs: number;
  extraFrames: number;
  closed: number;
}

async function round(
  index: number,
  base: string,
  token: string,
  serverChild: ServerChild,
  clients: ClientChild[],
): Promise<RoundResult> {
  for (const w of clients) w.send({ cmd: 'arm', round: index });
  await Promise.all(clients.map((w) => w.next('armed', 5000)));
  // Rounds land at different phases of the hub's 1 s tick (golden-ratio spread), a second or two apart.
  await sleep(1000 + ((index * 0.618_034) % 1) * PUSH_INTERVAL_MS);
  serverChild.drop('flush');
  const sent = mono();
  const response = await fetch(`${base}/api/queue/${index % 2 === 0 ? 'join' : 'leave'}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  await response.arrayBuffer();
  const returned = mono();
  if (!response.ok) throw new Error(`queue trigger failed: ${response.status}`);
  let flush = await serverChild.next('flush', 5000);
  while ((flush.publishes[0] ?? 0) < sent) flush = await serverChild.next('flush', 5000);
  const published = flush.publishes[0] as number;
  // Every client process says when all its sockets have their frame; a missing frame shows after 5 s.
  await Promise.all(clients.map((w) => w.next('roundDone', 5000).catch(() => null)));
  for (const w of clients) w.send({ cmd: 'collect', round: index });
  const reports = await Promise.all(clients.map((w) => w.next('arrivals', 10_000)));
  for (const w of clients) w.drop('roundDone');
  const result: RoundResult = {
    reached: 0,
    fromFlush: [],
    fromPublish: [],
    coalescingMs: flush.start - published,
    flushMs: flush.end - flush.start,
    queryMs: flush.sends ? flush.firstSend - flush.start : flush.end - flush.start,
    sendLoopMs: flush.sends ? flush.lastSend - flush.firstSend : 0,
    slices: flush.slices,
    longestSliceMs: flush.longestSliceMs,
    flushCpuMs: flush.cpuMs,
    clientCpuMs: 0,
    httpMs: returned - sent,
    extraFrames: 0,
    closed: 0,
  };
  for (const report of reports) {
    result.extraFrames += report.extraFrames;
    result.clientCpuMs += report.cpuMs;
    result.closed = Math.max(result.closed, report.closed);
    for (const at of report.times) {
      if (at < 0) continue;
      result.reached++;
      result.fromFlush.push(at - flush.start);
      result.fromPublish.push(at - published);
    }
  }
  return result;
}

async function main(): Promise<void> {
  const hardStop = setTimeout(() => void abort(`hard stop after ${HARD_STOP_MS / 1000} s`), HARD_STOP_MS);
  hardStop.unref();
  const t0 = mono();
  console.log(
    `bench:ws — ${CLIENTS} WebSocket clients in ${WORKERS} client process(es), the app in a child process; ` +
      `1 warm-up + ${ROUNDS} rounds. Machine: ${cpus().length} CPUs, load average ${load()}`,
  );

  server = spawn<ServerCommand, ServerReport>('server', './ws/server.ts', { BENCH_WS_USERS: String(USERS) });
  const ready = await server.next('ready', 90_000);
  const base = `http://127.0.0.1:${ready.port}`;
  console.log(
    `server: pid ${server.proc.pid}, ready in ${(ready.setupMs / 1000).toFixed(1)} s (${ready.users} test accounts, sessions and tokens: ${ready.setupSteps})`,
  );

  const login = await fetch(`${base}/api/auth/dummy/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: TRIGGER_USER }),
  });
  if (!login.ok) throw new Error(`trigger login failed: ${login.status} ${await login.text()}`);
  const triggerToken = ((await login.json()) as { access_token: string }).access_token;

  // Connections: the tokens are dealt to the client processes, each opening BATCH / WORKERS at a time.
  const url = `ws://127.0.0.1:${ready.port}/api/ws`;
  workers = Array.from({ length: WORKERS }, (_, i) =>
    spawn<ClientCommand, ClientReport>(`clients#${i + 1}`, './ws/clients.ts', {}),
  );
  server.send({ cmd: 'lagReset' });
  const connectStart = mono();
  workers.forEach((w, i) => {
    w.send({
      cmd: 'connect',
      url,
      tokens: Array.from({ length: CLIENTS }, (_, j) => ready.tokens[j % ready.tokens.length] as string).filter(
        (_, j) => j % WORKERS === i,
      ),
      concurrency: Math.max(1, Math.floor(BATCH / WORKERS)),
      timeoutMs: 20_000,
    });
  });
  const connected = await Promise.all(workers.map((w) => w.next('connected', 120_000)));
  const open = connected.reduce((sum, c) => sum + c.open, 0);
  const failed = connected.reduce((sum, c) => sum + c.failed, 0);
  // A socket is open before the hub has checked its token: wait until the hub knows every client.
  let hubSize = 0;
  for (let i = 0; i < 120; i++) {
    server.send({ cmd: 'size' });
    hubSize = (await server.next('size', 5000)).size;
    if (hubSize >= open) break;
    await sleep(250);
  }
  const connectMs = mono() - connectStart;
  server.send({ cmd: 'lagReport' });
  const connectLag = (await server.next('lag', 5000)).lag;
  const firstError = connected.find((c) => c.firstError)?.firstError;
  console.log(
    `connections: ${open} open, ${failed} failed${firstError ? ` (${firstError})` : ''}, hub has ${hubSize} clients, ` +
      `${(connectMs / 1000).toFixed(1)} s (${BATCH} at a time); server lag while connecting: ` +
      `p99 ${f(connectLag.p99)} max ${f(connectLag.max)}, ` +
      `${((100 * connectLag.cpuMs) / connectLag.windowMs).toFixed(0)} % of one CPU`,
  );
  if (open === 0) throw new Error('no connection could be opened');

  const measured: RoundResult[] = [];
  let lag: LagReport | null = null;
  for (let r = 0; r <= ROUNDS; r++) {
    if (r === 1) server.send({ cmd: 'lagReset' });
    const result = await round(r, base, triggerToken, server, workers);
    if (r > 0) measured.push(result);
    const flushStats = stats(result.fromFlush);
    console.log(
      `${r === 0 ? 'warm-up' : `round ${r}`}`.padEnd(8) +
        ` reached ${result.reached}/${CLIENTS}  from flush start: ${line(flushStats)}  ` +
        `| publish→flush ${f(result.coalescingMs)}, flush ${f(result.flushMs)} ` +
        `(query ${f(result.queryMs)}, send loop ${f(result.sendLoopMs)} in ${result.slices} slices, longest ` +
        `${f(result.longestSliceMs)}; server CPU ${f(result.flushCpuMs)}), clients' CPU ${f(result.clientCpuMs)}, ` +
        `HTTP ${f(result.httpMs)}` +
        (result.extraFrames ? `, ${result.extraFrames} extra frames` : '') +
        (result.closed ? `, ${result.closed} sockets closed` : ''),
    );
  }
  server.send({ cmd: 'lagReport' });
  lag = (await server.next('lag', 5000)).lag;

  const delivery = stats(measured.flatMap((m) => m.fromFlush));
  const fromPublish = stats(measured.flatMap((m) => m.fromPublish));
  const flushes = stats(measured.map((m) => m.flushMs));
  const queries = stats(measured.map((m) => m.queryMs));
  const loops = stats(measured.map((m) => m.sendLoopMs));
  const slices = stats(measured.map((m) => m.longestSliceMs));
  const minReached = Math.min(...measured.map((m) => m.reached));
  const deliveryOk = delivery.p99 <= TARGET_DELIVERY_P99_MS;
  const lagOk = lag.p99 <= TARGET_LAG_P99_MS;
  const reachedOk = minReached === CLIENTS;
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  console.log('');
  console.log(`over ${ROUNDS} rounds (${delivery.n} deliveries):`);
  console.log(
    `  delivery latency from the flush start: ${line(delivery)}  (target p99 ≤ ${TARGET_DELIVERY_P99_MS} ms) ${verdict(deliveryOk)}`,
  );
  console.log(`  latency from the publish (trigger):   ${line(fromPublish)}`);
  console.log(
    `    (includes the wait for the hub's next tick: queue changes are coalesced into at most one queueDiff per ` +
      `${PUSH_INTERVAL_MS} ms per instance by design, so up to ${PUSH_INTERVAL_MS} ms of this is intended)`,
  );
  console.log(
    `  server flush: p50 ${f(flushes.p50)} max ${f(flushes.max)} = queue query + diff p50 ${f(queries.p50)} ` +
      `max ${f(queries.max)}, then the loop handing the frame to every socket p50 ${f(loops.p50)} max ${f(loops.max)} ` +
      `(yielding to the event loop between slices; longest slice ${f(slices.max)})`,
  );
  console.log(`  clients reached: ${minReached}/${CLIENTS} in the worst round ${verdict(reachedOk)}`);
  console.log(
    `  server event-loop lag during the rounds: p50 ${f(lag.p50)}  p99 ${f(lag.p99)}  max ${f(lag.max)}  ` +
      `(${lag.samples} samples every 10 ms, target p99 ≤ ${TARGET_LAG_P99_MS} ms) ${verdict(lagOk)}`,
  );
  console.log(
    `  server: ${((100 * lag.cpuMs) / lag.windowMs).toFixed(0)} % of one CPU over ${(lag.windowMs / 1000).toFixed(1)} s, ` +
      `RSS ${lag.rssMb.toFixed(0)} MB; GC pauses ${f(lag.gcTotalMs)} in all, longest ${f(lag.gcMaxMs)}; ` +
      `longest slice of a hub loop ${f(lag.longestSliceMs)}; ${heartbeatLine(lag.heartbeats)}`,
  );
  if (lag.max > TARGET_LAG_P99_MS) {
    console.log(
      `    (note: the lag max is the longest single block of the event loop — a slice of a hub loop, a GC pause, ` +
        `a descheduled process on a loaded machine; samples every 10 ms count such a block once)`,
    );
  }
  console.log(`  load average now ${load()}; total ${((mono() - t0) / 1000).toFixed(1)} s`);
  const pass = deliveryOk && lagOk && reachedOk;
  console.log(`overall: ${verdict(pass)}`);
  await cleanup();
  process.exit(pass ? 0 : 1);
}

main().catch((err: unknown) => abort(err instanceof Error ? (err.stack ?? err.message) : String(err)));
