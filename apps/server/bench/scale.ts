// The first wall (issue 37): `BENCH_DATABASE_URL=postgres://… BENCH_REDIS_URL=redis://… npm run bench:scale`.
// One wave over N queued players through the real runner on PostgreSQL, on real app instances: BENCH_INSTANCES (3
// with Redis, else 1) built server processes (bench/instance-child.ts, bundled by built.mjs as the server is) on one
// database and, with Redis, one channel. Instance 1 runs the wave (the app's wave job, waves.run, as an admin's
// trigger runs it) on a queue of N test accounts with spread rates and roles, in one transaction that holds the
// queue's lock from its first statement to its commit. Each size is measured BENCH_SCALE_ROUNDS times (the same
// players queued again; their sockets stay), and its median round goes in the closing table. Per round, printed:
// - the transaction (pool + BEGIN, body, commit: the queue's lock is held for body + commit, every join and leave
//   waits that long) and the rows written (PostgreSQL's own counters); per size, the read of the waiting entries
//   and the engine measured alone on the same entries (in this process);
// - the fan-out, from the wave's commit: on each instance, when its bus delivered the first and the last
//   match.found (on instance 1 its own publish, on the others their arrival through Redis), when its hub had
//   handed the last matchFound frame to its sockets, and the CPU time that took it (instance 1: from its commit;
//   the others: from their first match.found) — the cost of the fan-out whatever else the machine runs;
// - at the sizes of BENCH_SCALE_SOCKETS, every queued player also holds a signed-in WebSocket, spread round-robin
//   over the instances, from client processes (bench/ws/clients.ts): from the commit to each matched player's socket
//   receiving its matchFound frame (p50/p95/p99/max per instance and over all, the shared monotonic clock), checked
//   against match_players (every matched player, their own match, once); with the servers' event-loop lag and CPU,
//   and the machine's CPU by process over the window (machine.ts) — on one machine the clients take CPU the servers
//   would have in production, which the breakdown shows. Connecting them is timed too, with the servers' CPU a
//   socket (its token and session checked, as a reconnecting browser's are).
// A table of every size closes the run, with the load average (the figures are only as quiet as the machine).
//
// Tunables: BENCH_SCALE_SIZES (waves without sockets unless also in BENCH_SCALE_SOCKETS; 25000,50000,100000),
// BENCH_SCALE_SOCKETS (waves whose players all hold sockets; 10000,25000,50000; 0 for none), BENCH_SCALE_ROUNDS
// (3), BENCH_INSTANCES, BENCH_SCALE_PER_WORKER (sockets per client process, 12500: at least one client process per
// CPU the servers do not use, more when the sockets need them), BENCH_WS_BATCH (500 connections opening at a time),
// DATABASE_POOL_SIZE (10 per instance here; other work shares the PostgreSQL server). Open-file limits are raised
// with prlimit where the sockets need it and it may; a size whose sockets an instance cannot hold runs without them
// (said so). Every table the bench fills is emptied first: give it a database of its own. Exits by itself
// (BENCH_SCALE_HARD_STOP_MS, 40 minutes), children included.

import { cpus } from 'node:os';
import { runWave } from '@rankmatch/engine';
import { ROLES } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { unixNow } from '../src/context.ts';
import { bulkInsert } from '../src/db/bulk.ts';
import { rowsOf } from '../src/db/client.ts';
import { waitingEntries } from '../src/queue/service.ts';
import { markedActiveSeason } from '../src/seasons/queries.ts';
import { seedOnStart } from '../src/seed/index.ts';
import type { WaveOutcome } from '../src/waves/runner.ts';
import { activeBenchSeason, openBenchSessions, withoutReadyCheck } from './fixtures.ts';
import {
  type BenchInstance,
  benchChannel,
  type InstanceCommand,
  type InstanceProbeReport,
  type InstanceReport,
  startInstance,
} from './instance.ts';
import {
  CpuMeter,
  databaseName,
  ensureOpenFiles,
  ephemeralPorts,
  openFileLimit,
  type ProcessGroup,
  postgresBackends,
  redisServer,
} from './machine.ts';
import { type Child, ChildProcesses } from './procs.ts';
import { loadAverage, mono, type Stats, stats, uptime } from './stats.ts';
import type { ClientCommand, ClientReport } from './ws/protocol.ts';

const PG_URL = process.env.BENCH_DATABASE_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL;
/** With Redis: instances on one database and one channel; the wave runs on the first. */
const INSTANCES = REDIS_URL ? Math.max(1, Number(process.env.BENCH_INSTANCES ?? 3)) : 1;
const list = (value: string) =>
  value
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
const SIZES = list(process.env.BENCH_SCALE_SIZES ?? '25000,50000,100000');
const SOCKET_SIZES = list(process.env.BENCH_SCALE_SOCKETS ?? '10000,25000,50000');
const PER_WORKER = Math.max(1000, Number(process.env.BENCH_SCALE_PER_WORKER ?? 12_500));
const BATCH = Math.max(1, Number(process.env.BENCH_WS_BATCH ?? 500));
const ROUNDS = Math.max(1, Number(process.env.BENCH_SCALE_ROUNDS ?? 3));
const POOL_SIZE = process.env.DATABASE_POOL_SIZE ?? '10';
const HARD_STOP_MS = Number(process.env.BENCH_SCALE_HARD_STOP_MS ?? 40 * 60_000);
/** How long the fan-out may take before the bench reports what arrived (and stops waiting). */
const FAN_OUT_TIMEOUT_MS = 120_000;

type InstanceChild = Child<InstanceCommand, InstanceReport>;
type ClientChild = Child<ClientCommand, ClientReport>;

const sleep = (msec: number) => new Promise((resolve) => setTimeout(resolve, msec));
const children = new ChildProcesses((reason) => void abort(reason), HARD_STOP_MS + 60_000);
const ms = (x: number) => `${x.toFixed(0)} ms`;
const s1 = (x: number) => `${(x / 1000).toFixed(1)} s`;
const count = (x: number) => x.toLocaleString('en');
const spread = (s: Stats) => `p50 ${ms(s.p50)} p95 ${ms(s.p95)} p99 ${ms(s.p99)} max ${ms(s.max)}`;

let data: BenchInstance | null = null;
const servers: InstanceChild[] = [];
let workers: ClientChild[] = [];

async function closeWorkers(): Promise<void> {
  await Promise.all(workers.map((w) => w.stop({ cmd: 'close' }, 5000)));
  workers = [];
}

async function cleanup(): Promise<void> {
  if (children.stopping) return;
  await closeWorkers();
  children.stopping = true;
  await Promise.all(servers.map((s) => s.stop({ cmd: 'shutdown' }, 8000)));
  children.killAll();
  await data?.close();
}

async function abort(reason: string): Promise<never> {
  console.error(`bench:scale aborted: ${reason}`);
  await cleanup().catch(() => {});
  process.exit(1);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void abort(signal));

/** The test account of queued player j (0-based). */
const userId = (j: number) => `scale${String(j + 1).padStart(6, '0')}`;

/** A deterministic spread: rates around 1500 (sd ≈ 200), 1–3 preferred roles, joins over the last 10 minutes. */
function queueRows(n: number, now: number) {
  let state = 38;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const users = [];
  const entries = [];
  for (let i = 0; i < n; i++) {
    const id = userId(i);
    const rate = Math.round(1500 + 200 * (next() + next() + next() - 1.5) * 2);
    const roles = ROLES.filter(() => next() < 0.4).slice(0, 3);
    users.push({
      id,
      auth_sub: `dummy|${id}`,
      is_dummy: true,
      trainer_name: id,
      start_rate: rate,
      created_at: now,
      updated_at: now,
    });
    entries.push({
      user_id: id,
      roles: JSON.stringify(roles),
      joined_at: now - Math.floor(next() * 600),
      waves_missed: 0,
    });
  }
  return { users, entries };
}

type Counters = Record<string, { ins: number; upd: number; del: number }>;

/** PostgreSQL's row counters per table; a backend reports its own at most once a second, so wait for them. */
async function counters(instance: BenchInstance): Promise<Counters> {
  await sleep(1500);
  await instance.ctx.db.execute(sql`select pg_stat_clear_snapshot()`);
  const list = rowsOf<{ relname: string; ins: number; upd: number; del: number }>(
    await instance.ctx.db.execute(
      sql`select relname, n_tup_ins::int as ins, n_tup_upd::int as upd, n_tup_del::int as del from pg_stat_user_tables`,
    ),
  );
  return Object.fromEntries(list.map((r) => [r.relname, { ins: r.ins, upd: r.upd, del: r.del }]));
}

const written = (before: Counters, after: Counters): string =>
  Object.entries(after)
    .map(([table, c]) => {
      const b = before[table] ?? { ins: 0, upd: 0, del: 0 };
      return [table, c.ins - b.ins, c.upd - b.upd, c.del - b.del] as const;
    })
    .filter(([, i, u, d]) => i + u + d > 0)
    .map(([table, i, u, d]) => `${table} +${i}${u ? ` ~${u}` : ''}${d ? ` −${d}` : ''}`)
    .join(', ');

/** The bench's data: emptied tables, the seed, a running season, N queued test accounts; tokens for the first `sessions`. */
async function fill(instance: BenchInstance, n: number, sessions: number): Promise<string[]> {
  const { ctx } = instance;
  const now = unixNow();
  await ctx.db.execute(
    sql`truncate ready_check_players, ready_checks, match_reports, match_players, matches, wave_runs, queue_entries, season_stats, player_mmr, sessions, audit_log, seasons, users cascade`,
  );
  await seedOnStart(instance.database.db, ctx.config, now);
  await activeBenchSeason(ctx, 'scale', 'スケール', now);
  await withoutReadyCheck(ctx);
  const { users, entries } = queueRows(n, now);
  await bulkInsert(
    ctx.db,
    'users',
    {
      id: 'text',
      auth_sub: 'text',
      is_dummy: 'boolean',
      trainer_name: 'text',
      start_rate: 'int',
      created_at: 'bigint',
      updated_at: 'bigint',
    },
    users,
  );
  await insertQueue(instance, entries);
  const tokens = await openBenchSessions(
    ctx,
    users.slice(0, sessions).map((u) => u.id),
    now,
  );
  await ctx.db.execute(sql`analyze`);
  return tokens;
}

async function insertQueue(instance: BenchInstance, entries: ReturnType<typeof queueRows>['entries']): Promise<void> {
  await bulkInsert(
    instance.ctx.db,
    'queue_entries',
    { user_id: 'text', roles: 'jsonb', joined_at: 'bigint', waves_missed: 'int' },
    entries,
  );
}

/** The same N players queued again, for another round (accounts, sessions and sockets stay): the matches go. */
async function requeue(instance: BenchInstance, n: number): Promise<void> {
  const { ctx } = instance;
  await ctx.db.execute(
    sql`truncate ready_check_players, ready_checks, match_reports, match_players, matches, wave_runs, queue_entries, season_stats, player_mmr, audit_log cascade`,
  );
  await insertQueue(instance, queueRows(n, unixNow()).entries);
  await ctx.db.execute(sql`analyze queue_entries, matches, match_players`);
}

/** The read the wave does first, alone (outside the wave, same statement), and the engine on what it returns. */
async function partsAlone(instance: BenchInstance): Promise<{ readMs: number; engineMs: number; matches: number }> {
  const { ctx } = instance;
  const season = await markedActiveSeason(ctx.db);
  if (!season) throw new Error('no season');
  const readStart = performance.now();
  const rows = await ctx.db.transaction((tx) => waitingEntries(tx, season.id, unixNow()));
  const readMs = performance.now() - readStart;
  const engineStart = performance.now();
  const made = runWave(
    rows.map((r) => ({
      user_id: r.entry.userId,
      rate: Math.round(r.mmr?.mu ?? r.user.startRate),
      roles: r.entry.roles as (typeof ROLES)[number][],
      joined_at: r.entry.joinedAt,
      waves_missed: r.entry.wavesMissed,
    })),
    unixNow(),
    { seed: 1 },
  );
  return { readMs, engineMs: performance.now() - engineStart, matches: made.matches.length };
}

/** Socket j (player j) belongs to client process j mod W, at index ⌊j / W⌋ there, on instance index mod INSTANCES. */
const socketOf = (j: number, w: number) => ({ worker: j % w, index: Math.floor(j / w) });
const instanceOfIndex = (index: number) => index % INSTANCES;

const hubSizes = () => Promise.all(servers.map(async (s) => (await s.ask({ cmd: 'size' }, 'size')).size));

/** The bench's processes, PostgreSQL's backends of its database and Redis: where the machine's CPU went. */
function processGroups(): ProcessGroup[] {
  const groups: ProcessGroup[] = [
    ...servers.map((s, k) => ({ label: `instance ${k + 1}`, pids: () => [s.pid] })),
    { label: `clients (${workers.length})`, pids: () => workers.map((w) => w.pid) },
    { label: 'this process', pids: () => [process.pid] },
  ];
  if (PG_URL) groups.push(postgresBackends(databaseName(PG_URL)));
  if (REDIS_URL) groups.push(redisServer());
  return groups;
}

/** Client processes holding one socket per token, spread over the instances; waits until every hub counts its own. */
async function connect(tokens: string[], ports: number[]): Promise<string> {
  const w = Math.max(cpus().length - 1, Math.ceil(tokens.length / PER_WORKER), 1);
  const started = mono();
  workers = Array.from({ length: w }, (_, i) =>
    children.spawn<ClientCommand, ClientReport>(`clients#${i + 1}`, new URL('./ws/clients.ts', import.meta.url)),
  );
  const notes: string[] = [];
  const perWorker = Math.ceil(tokens.length / w);
  for (const worker of workers) {
    const note = ensureOpenFiles(worker.pid, perWorker + 200);
    if (note) notes.push(note);
  }
  await Promise.all(servers.map((s) => s.ask({ cmd: 'probeReset' }, 'probeReset')));
  const cpu = new CpuMeter(processGroups());
  cpu.begin();
  const ownAddresses = Math.ceil(tokens.length / INSTANCES) > ephemeralPorts() - 2000;
  const targets: { index: number; url: string }[][] = workers.map(() => []);
  tokens.forEach((token, j) => {
    const { worker, index } = socketOf(j, w);
    const port = ports[instanceOfIndex(index)] as number;
    targets[worker]?.push({ index, url: `ws://127.0.0.1:${port}/api/ws?token=${encodeURIComponent(token)}` });
  });
  workers.forEach((worker, i) => {
    worker.send({
      cmd: 'connect',
      targets: targets[i] ?? [],
      concurrency: Math.max(1, Math.floor(BATCH / w)),
      timeoutMs: 30_000,
      // Past one destination's ephemeral ports, each client process connects from a loopback address of its own
      // (a bound source address makes the kernel search for a free port on every connect: not below that).
      ...(ownAddresses ? { localAddress: `127.0.0.${2 + i}` } : {}),
    });
  });
  const connected = await Promise.all(workers.map((worker) => worker.next('connected', 15 * 60_000)));
  const open = connected.reduce((sum, c) => sum + c.open, 0);
  const failed = connected.reduce((sum, c) => sum + c.failed, 0);
  let sizes: number[] = [];
  for (let i = 0; i < 240; i++) {
    sizes = await hubSizes();
    if (sizes.reduce((a, b) => a + b, 0) >= open) break;
    await sleep(250);
  }
  const cpuUse = cpu.end();
  const reports = await probeAll();
  const firstError = connected.find((c) => c.firstError)?.firstError;
  if (failed > 0) throw new Error(`${failed} sockets failed to open (${firstError})`);
  const took = mono() - started;
  return (
    `${count(open)} sockets from ${w} client processes, instances hold ${sizes.map(count).join(' / ')}; ` +
    `connected in ${s1(took)} (${count(Math.round(open / (took / 1000)))} a second, token and session checked ` +
    `on each${ownAddresses ? '; each client process from its own loopback address' : ''})` +
    `${notes.length ? `; ${notes.join('; ')}` : ''}\n  while connecting: ` +
    reports
      .map(
        (r, k) =>
          `instance ${k + 1} CPU ${ms(r.loop.cpuMs)} (${((1000 * r.loop.cpuMs) / Math.max(1, sizes[k] ?? 1)).toFixed(0)} µs ` +
          `a socket), lag p99 ${ms(r.loop.p99)}, RSS ${r.loop.rssMb.toFixed(0)} MB`,
      )
      .join('; ') +
    `\n  ${cpuUse.text}`
  );
}

/** One wave over the queue, and its fan-out. */
interface Round {
  outcome: WaveOutcome;
  wallMs: number;
  lock: { waitMs: number; bodyMs: number; commitMs: number };
  /** The last match.found on any instance's bus, from the commit. */
  busLast: number;
  /**
   * CPU time each instance spent on the fan-out: instance 1 from its commit to its last matchFound frame (its bus
   * loop, its sockets' frames, its Redis messages), the others from their first match.found to their last frame.
   */
  fanOutCpu: number[];
  /** Per instance, from the commit to each socket's matchFound; then over all. */
  socketStats: Stats[];
  all: Stats | null;
  load: string;
}

interface Row {
  n: number;
  sockets: number;
  readMs: number;
  engineMs: number;
  rounds: Round[];
  /** The round with the median p99 (with sockets) or the median lock (without). */
  median: Round;
}

async function probeAll(): Promise<InstanceProbeReport[]> {
  return Promise.all(servers.map(async (s) => (await s.ask({ cmd: 'probeReport' }, 'probe')).report));
}

async function round(n: number, sockets: number, label: string): Promise<Round> {
  const instance = data as BenchInstance;
  const before = await counters(instance);
  const cpu = new CpuMeter(processGroups());
  await Promise.all(servers.map((s) => s.ask({ cmd: 'probeReset' }, 'probeReset')));
  for (const w of workers) w.send({ cmd: 'arm', round: n, frame: 'matchFound' });
  await Promise.all(workers.map((w) => w.next('armed', 10_000)));
  cpu.begin();
  const wave = await (servers[0] as InstanceChild).ask({ cmd: 'wave' }, 'wave', 10 * 60_000);
  const { outcome } = wave;
  const expected = outcome.created_matches.length;
  // Until every matched player's socket has its frame (or, without sockets, every bus its match.found), or nothing
  // more arrived for 10 s.
  const deadline = mono() + FAN_OUT_TIMEOUT_MS;
  let progress = -1;
  let progressAt = mono();
  while (mono() < deadline && mono() - progressAt < 10_000) {
    let done: number;
    if (sockets) {
      const received = await Promise.all(
        workers.map(async (w) => (await w.ask({ cmd: 'progress' }, 'progress')).received),
      );
      done = received.reduce((a, b) => a + b, 0);
      if (done >= outcome.matched) break;
    } else {
      const reports = await probeAll();
      done = reports.reduce((sum, r) => sum + (r.events['match.found'] ?? 0), 0);
      if (done >= expected * INSTANCES) break;
    }
    if (done > progress) {
      progress = done;
      progressAt = mono();
    }
    await sleep(sockets ? 50 : 200);
  }
  const cpuUse = cpu.end();
  const reports = await probeAll();
  const collected = await Promise.all(workers.map((w) => w.ask({ cmd: 'collect', round: n }, 'arrivals', 30_000)));
  const after = await counters(instance);
  const lock = reports[0]?.tx.longest;
  if (!lock) throw new Error('the wave made no transaction');
  const committed = lock.committedAt;

  // Every matched player's socket, its own match, once.
  const matchOf = new Map(
    rowsOf<{ user_id: string; match_id: string }>(
      await instance.ctx.db.execute(sql`select user_id, match_id::text as match_id from match_players`),
    ).map((r) => [r.user_id, r.match_id]),
  );
  const perInstance: number[][] = servers.map(() => []);
  let reached = 0;
  let wrong = 0;
  for (let j = 0; j < sockets; j++) {
    const { worker, index } = socketOf(j, workers.length);
    const report = collected[worker];
    const at = report?.times[index] ?? -1;
    if (!report || at < 0) continue;
    if (report.matchIds?.[index] !== matchOf.get(userId(j))) wrong++;
    reached++;
    perInstance[instanceOfIndex(index)]?.push(at - committed);
  }
  const extra = collected.reduce((sum, report) => sum + report.extraFrames, 0);
  const socketStats = perInstance.map((values) => stats(values));
  const all = sockets ? stats(perInstance.flat()) : null;
  const busLasts = reports.map((r) => (r.lastSeen['match.found'] ?? Number.NaN) - committed);
  const fanOutCpu = reports.map((r, k) => {
    const end = r.frames.matchFound?.cpuLast ?? r.cpuSeen['match.found']?.last ?? Number.NaN;
    return end - (k === 0 ? lock.cpuAt : (r.cpuSeen['match.found']?.first ?? Number.NaN));
  });

  console.log(
    `  ${label}: wave ${s1(wave.ended - wave.started)} wall; queue lock held ${ms(lock.bodyMs + lock.commitMs)} (body ` +
      `${ms(lock.bodyMs)} + commit ${ms(lock.commitMs)}; pool + BEGIN ${ms(lock.waitMs)}); matched ` +
      `${count(outcome.matched)} of ${count(outcome.candidates)} in ${count(expected)} matches; the wave's call ` +
      `returned ${ms(wave.ended - committed)} after its commit`,
  );
  console.log(`    rows: ${written(before, after)}`);
  console.log('    from the commit:');
  reports.forEach((r, k) => {
    const frames = r.frames.matchFound;
    console.log(
      `      instance ${k + 1}${k === 0 ? ' (ran the wave)' : ''}: ${count(r.events['match.found'] ?? 0)} ` +
        `match.found on its bus from ${ms((r.firstSeen['match.found'] ?? Number.NaN) - committed)} to ` +
        `${ms(busLasts[k] as number)}` +
        (frames
          ? `; last of ${count(frames.sockets)} matchFound frames handed to a socket ` +
            `${ms((frames.last ?? Number.NaN) - committed)}`
          : '') +
        `; fan-out CPU ${ms(fanOutCpu[k] as number)}` +
        (sockets ? `; its sockets received ${spread(socketStats[k] as Stats)} (${count(socketStats[k]?.n ?? 0)})` : ''),
    );
    const { loop } = r;
    console.log(
      `        event loop over the window: lag p99 ${ms(loop.p99)} max ${ms(loop.max)}; CPU ${ms(loop.cpuMs)} ` +
        `(kernel ${ms(loop.systemMs)}) in ${s1(loop.windowMs)}; GC ${ms(loop.gcTotalMs)}, longest ` +
        `${ms(loop.gcMaxMs)}; RSS ${loop.rssMb.toFixed(0)} MB` +
        (r.publishBacklog ? `; Redis send backlog up to ${count(r.publishBacklog)} events` : ''),
    );
  });
  if (all) {
    console.log(
      `    all sockets: ${spread(all)}; reached ${count(reached)} of ${count(outcome.matched)} matched players, ` +
        `${wrong} with another match's frame, ${extra} extra frames`,
    );
  }
  console.log(`    ${cpuUse.text}`);
  const load = loadAverage();
  console.log(`    load average ${load}`);
  return {
    outcome,
    wallMs: wave.ended - wave.started,
    lock,
    busLast: Math.max(...busLasts.filter((x) => !Number.isNaN(x))),
    fanOutCpu,
    socketStats,
    all,
    load,
  };
}

async function measure(n: number, sockets: number, ports: number[]): Promise<Row> {
  const instance = data as BenchInstance;
  const fillStart = mono();
  const tokens = await fill(instance, n, sockets);
  const parts = await partsAlone(instance);
  console.log(
    `N=${count(n)}: data in ${s1(mono() - fillStart)}${sockets ? ` (${count(sockets)} sessions and tokens)` : ''}; ` +
      `measured alone: the wave's read ${ms(parts.readMs)}, the engine ${ms(parts.engineMs)} ` +
      `(${count(parts.matches)} matches)`,
  );
  if (sockets) console.log(`  ${await connect(tokens, ports)}`);
  const rounds: Round[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    if (r > 0) await requeue(instance, n);
    rounds.push(await round(n, sockets, `round ${r + 1} of ${ROUNDS}`));
  }
  await closeWorkers();
  // The hubs let go of the closed sockets before the next size empties the tables.
  for (let i = 0; i < 120 && (await hubSizes()).some((size) => size > 0); i++) await sleep(250);
  const key = (r: Round) => (r.all ? r.all.p99 : r.lock.bodyMs + r.lock.commitMs);
  const median = [...rounds].sort((a, b) => key(a) - key(b))[Math.floor((rounds.length - 1) / 2)] as Round;
  return { n, sockets, readMs: parts.readMs, engineMs: parts.engineMs, rounds, median };
}

function table(rows: Row[]): void {
  console.log('');
  console.log(
    `The first wall: one wave, PostgreSQL${REDIS_URL ? ` + Redis, ${INSTANCES} instances` : ', 1 instance'} ` +
      `(built, in child processes), ${cpus().length} CPUs; the median of ${ROUNDS} round(s); ${uptime()}`,
  );
  console.log(
    '   queued   lock held (read, engine alone)   matches   last match.found   fan-out CPU per instance   ' +
      'sockets: commit → matchFound p50 / p99 / max   (p99 of each round; load)',
  );
  for (const { n, sockets, readMs, engineMs, rounds, median: m } of rows) {
    console.log(
      `  ${count(n).padStart(7)}   ${`${s1(m.lock.bodyMs + m.lock.commitMs)} (${s1(readMs)}, ${s1(engineMs)})`.padEnd(31)}` +
        `${count(m.outcome.created_matches.length).padStart(7)}   ${ms(m.busLast).padEnd(16)}   ` +
        `${m.fanOutCpu
          .map((x) => ms(x))
          .join(', ')
          .padEnd(24)}   ` +
        (m.all
          ? `${count(sockets)}: ${ms(m.all.p50)} / ${ms(m.all.p99)} / ${ms(m.all.max)}   ` +
            `(${rounds.map((r) => ms(r.all?.p99 ?? Number.NaN)).join(', ')}; load ${m.load.split(',')[0]})`
          : `—   (lock ${rounds.map((r) => ms(r.lock.bodyMs + r.lock.commitMs)).join(', ')}; load ${m.load.split(',')[0]})`),
    );
  }
}

async function main(): Promise<void> {
  if (!PG_URL) throw new Error('BENCH_DATABASE_URL (a PostgreSQL database the bench may empty) is required');
  const hardStop = setTimeout(() => void abort(`hard stop after ${HARD_STOP_MS / 1000} s`), HARD_STOP_MS);
  hardStop.unref();
  const t0 = mono();
  const sizes = [...new Set([...SIZES, ...SOCKET_SIZES])].sort((a, b) => a - b);
  const maxSockets = Math.max(0, ...SOCKET_SIZES);
  console.log(
    `bench:scale on PostgreSQL${REDIS_URL ? ` + Redis` : ''}, ${INSTANCES} built instance(s) in child processes; one ` +
      `wave per size (${sizes.map(count).join(', ')}; every queued player holds a socket at ` +
      `${SOCKET_SIZES.map(count).join(', ') || 'none'}). Machine: ${cpus().length} CPUs; ${uptime()}`,
  );
  data = await startInstance({ label: 'scale-data', databaseUrl: PG_URL, poolSize: 4 });
  // The instances start on a seeded database (migrations run once, here).
  await seedOnStart(data.database.db, data.ctx.config, unixNow());
  const channel = benchChannel('scale');
  const ports: number[] = [];
  for (let k = 0; k < INSTANCES; k++) {
    const child = children.spawn<InstanceCommand, InstanceReport>(
      `instance ${k + 1}`,
      new URL('./instance-child.ts', import.meta.url),
      {
        BENCH_INSTANCE_LABEL: `scale-${k + 1}`,
        BENCH_DATABASE_URL: PG_URL,
        DATABASE_POOL_SIZE: POOL_SIZE,
        ...(REDIS_URL ? { BENCH_REDIS_URL: REDIS_URL, BENCH_REDIS_CHANNEL: channel } : {}),
      },
    );
    servers.push(child);
    ports.push((await child.next('ready', 90_000)).port);
    const note = ensureOpenFiles(child.pid, Math.ceil(maxSockets / INSTANCES) + 500);
    const limit = openFileLimit(child.pid);
    console.log(
      `instance ${k + 1}: pid ${child.pid}, port ${ports[k]}, pool ${POOL_SIZE}` +
        (limit ? `, open files ≤ ${limit.soft}` : '') +
        (note ? ` (${note})` : ''),
    );
  }
  // What the instances' open-file limits let each hold (a few hundred files are the app's own).
  const perInstance = Math.min(...servers.map((s) => (openFileLimit(s.pid)?.soft ?? Number.POSITIVE_INFINITY) - 300));
  const rows: Row[] = [];
  for (const n of sizes) {
    let sockets = SOCKET_SIZES.includes(n) ? n : 0;
    if (Math.ceil(sockets / INSTANCES) > perInstance) {
      console.log(
        `N=${count(n)}: no sockets — ${count(Math.ceil(sockets / INSTANCES))} per instance would pass its open-file ` +
          `limit (${count(perInstance + 300)}); more instances (BENCH_INSTANCES) or a higher limit would hold them`,
      );
      sockets = 0;
    }
    rows.push(await measure(n, sockets, ports));
  }
  table(rows);
  console.log(`total ${s1(mono() - t0)}`);
  await cleanup();
  process.exit(0);
}

main().catch((err: unknown) => abort(err instanceof Error ? (err.stack ?? err.message) : String(err)));
