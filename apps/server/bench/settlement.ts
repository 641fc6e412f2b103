// `npm run bench:settlement`: settlement latency with 100 matches in progress at once.
// The real app listens on 127.0.0.1 (in-memory PGlite by default; BENCH_DATABASE_URL runs it on PostgreSQL), 1,000
// test accounts are queued and matched by a real wave into 100 matches, and each player has a real WebSocket
// subscribed to their match. Every match then gets one report from team A and the deciding report from team B
// over HTTP. Measured per match: from sending the deciding report to the moment the last of its ten players'
// sockets received the `done` match update (the "deciding report to the pushes"; target p99 ≤ 100 ms).
// Two shapes: "spread" (reports arrive over 10 s, as players finish at different times) and "burst" (all 100 deciding
// reports sent at the same instant: the worst case, every settlement queued behind the others), the burst repeated
// BENCH_BURSTS times (3) on fresh matches after BENCH_WARM_UP_BURSTS (1) not counted: the burst with the median p99
// is the run's figure.
//
// Where the processes are: on PostgreSQL, each instance the players use runs in a child process of its own (as
// instances of a deployment do), and this process holds only the players — 1,000 sockets and their HTTP requests —
// and an instance that sets the data up and runs the wave but serves no player. On the in-memory PGlite (which one
// process owns) instance 1 is that instance, in this process beside the players.
//
// BENCH_INSTANCES=2 (needs BENCH_DATABASE_URL and BENCH_REDIS_URL) runs both shapes twice in one run: on one
// instance, then on two instances of one deployment, both on the same PostgreSQL database and one Redis channel.
// Player i's socket is on instance i mod 2, match j's reports go to instance j mod 2 over HTTP, so a match's pushes
// reach half its players through the other instance (Redis). Target with two instances: burst p99 ≤ 250 ms. In that
// mode both runs use the Redis bus (one instance of such a deployment publishes to Redis too), so the instance count
// is the only difference. Printed per run: report → HTTP reply and report → last push, each instance's event-loop
// lag, CPU time (user/kernel) and database transactions (pool + BEGIN, body, COMMIT), and where the machine's CPU
// went (this process, each instance, the PostgreSQL backends of the bench's database, Redis, other processes, idle).
import http from 'node:http';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type MatchReportInput, movesOf } from '@rankmatch/shared';
import { eq, sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { unixNow } from '../src/context.ts';
import { matches, matchPlayers, queueEntries } from '../src/db/schema.ts';
import {
  type BenchInstance,
  benchChannel,
  benchData,
  type InstanceCommand,
  type InstanceProbeReport,
  InstanceProbes,
  type InstanceReport,
  startInstance,
} from './instance.ts';
import { CpuMeter, databaseName, type ProcessGroup, postgresBackends, redisServer } from './machine.ts';
import { type Child, ChildProcesses } from './procs.ts';
import { instances, line, mono, ms, type Stats, stats, uptime } from './stats.ts';

const MATCHES = Number(process.env.BENCH_MATCHES ?? 100);
const PER_MATCH = 10;
const PLAYERS = MATCHES * PER_MATCH;
const SPREAD_MS = 10_000;
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const PG_URL = process.env.BENCH_DATABASE_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL;
const TARGET_ONE_SPREAD_P99_MS = 100;
const TARGET_TWO_BURST_P99_MS = 250;
/** How long the instruments keep measuring after the last push. */
const FOLLOW_UP_MS = 1000;
/**
 * Bursts per instance count (BENCH_BURSTS): one burst's p99 is nearly its slowest match, and on a machine that also
 * runs PostgreSQL, Redis and the players it moves by ±30 % from run to run; the burst with the median p99 stands for
 * the run, and every burst's figure is printed.
 */
const BURSTS = Number(process.env.BENCH_BURSTS ?? 3);
/**
 * Bursts run first and not counted (BENCH_WARM_UP_BURSTS): the instances a run starts have served only the spread's
 * 200 reports, and their first burst also pays for compiling its code paths and for the pooled connections' first
 * plans, which a deployment's instances paid for long before (measured: the first two of seven bursts were 20–30 %
 * slower than the rest). Printed, not hidden.
 */
const WARM_UP_BURSTS = Number(process.env.BENCH_WARM_UP_BURSTS ?? 1);

/**
 * On PostgreSQL this process holds only the players (and the set-up instance, which serves none of them): it collects
 * its garbage before each measured window, so that its own major collection, an artefact of simulating 1,000 players
 * on the machine under test (real players sit on their own machines), cannot take the instances' CPU in the middle of
 * a 0.3 s burst. Measured: the players' process marking its heap took a sixth of the machine during a burst. The
 * instances are left alone: their collections are part of the figure.
 */
function collectPlayersGarbage(): void {
  if (!PG_URL) return; // on PGlite, instance 1 lives in this process
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
/** A push that has not arrived by then is lost: the bench fails rather than wait for ever. */
const PUSH_TIMEOUT_MS = 30_000;

type Shape = 'spread' | 'burst';

const pick = moves('PIKACHU');
function moves(id: string): MatchReportInput {
  const m = movesOf(id);
  return {
    result: 'A-win',
    banned_pokemon: '',
    picked_pokemon: id,
    pokemon_move1: m.slot1[0] ?? '',
    pokemon_move2: m.slot2[0] ?? '',
    violation_report: '',
  };
}

/** An instance the players talk to: in this process, or a child process (IPC). */
interface Server {
  label: string;
  base: string;
  ws: string;
  probeReset(): Promise<void>;
  probeReport(): Promise<InstanceProbeReport>;
}

function endpoints(label: string, port: number): Omit<Server, 'probeReset' | 'probeReport'> {
  return { label, base: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}/api/ws` };
}

function localServer(instance: BenchInstance, label: string): Server {
  const probes = new InstanceProbes(instance);
  return {
    ...endpoints(label, instance.port),
    probeReset: async () => probes.reset(),
    probeReport: async () => probes.report(),
  };
}

function childServer(child: Child<InstanceCommand, InstanceReport>, label: string, port: number): Server {
  return {
    ...endpoints(label, port),
    probeReset: async () => {
      await child.ask({ cmd: 'probeReset' }, 'probeReset');
    },
    probeReport: async () => (await child.ask({ cmd: 'probeReport' }, 'probe')).report,
  };
}

/** When the last of a match's players received its `done` update, and the last on each instance's sockets. */
interface Pushed {
  last: number;
  /** Per instance (index in the run's servers); -Infinity where the match has no player. */
  byServer: number[];
}

/** The players' sockets: one each, on the instance the run gives them; `done` match updates timed on arrival. */
class Players {
  private readonly sockets = new Map<string, WebSocket>();
  private readonly serverOf = new Map<string, number>();
  private servers = 1;
  private readonly subscribed = new Map<string, () => void>();
  private readonly done = new Map<string, { at: number[]; on: number[]; waiter?: (pushed: Pushed) => void }>();

  constructor(
    readonly ids: string[],
    private readonly tokenOf: Map<string, string>,
  ) {}

  private pushed(entry: { at: number[]; on: number[] }): Pushed {
    const byServer = Array.from({ length: this.servers }, () => Number.NEGATIVE_INFINITY);
    entry.at.forEach((at, i) => {
      const k = entry.on[i] as number;
      byServer[k] = Math.max(byServer[k] as number, at);
    });
    return { last: Math.max(...entry.at), byServer };
  }

  private onMessage(userId: string, raw: Buffer): void {
    const at = performance.now();
    // Only match messages are parsed: queue diffs (a frame per socket per second while the queue changes) are not
    // what is timed, and parsing them all would load this process, which is also instance 1.
    const head = raw.toString('latin1', 0, 32);
    if (!head.includes('"matchUpdate"') && !head.includes('"matchSubscribed"')) return;
    const msg = JSON.parse(String(raw)) as
      | { type: 'matchSubscribed'; match_id: string }
      | { type: 'matchUpdate'; data: { match_id: string; status: string } };
    if (msg.type === 'matchSubscribed') this.subscribed.get(`${userId}:${msg.match_id}`)?.();
    else if (msg.data.status === 'done') {
      const entry = this.done.get(msg.data.match_id) ?? { at: [], on: [] };
      this.done.set(msg.data.match_id, entry);
      entry.at.push(at);
      entry.on.push(this.serverOf.get(userId) ?? 0);
      if (entry.at.length === PER_MATCH) entry.waiter?.(this.pushed(entry));
    }
  }

  /** Player i on servers[i mod n]. */
  async connect(servers: Server[]): Promise<void> {
    this.servers = servers.length;
    await Promise.all(
      this.ids.map(
        (id, i) =>
          new Promise<void>((resolve, reject) => {
            const server = servers[i % servers.length] as Server;
            const ws = new WebSocket(`${server.ws}?token=${this.tokenOf.get(id)}`);
            ws.on('open', () => resolve());
            ws.on('error', reject);
            ws.on('message', (raw: Buffer) => this.onMessage(id, raw));
            this.sockets.set(id, ws);
            this.serverOf.set(id, i % servers.length);
          }),
      ),
    );
  }

  /** Every player of the matches subscribes to their match and waits for the confirmation. */
  async subscribe(made: { id: string; players: string[] }[]): Promise<void> {
    await Promise.all(
      made.flatMap((m) =>
        m.players.map(
          (userId) =>
            new Promise<void>((resolve) => {
              this.subscribed.set(`${userId}:${m.id}`, resolve);
              this.sockets.get(userId)?.send(JSON.stringify({ action: 'subscribeMatch', matchId: m.id }));
            }),
        ),
      ),
    );
    this.subscribed.clear();
  }

  /** Resolves once every player of the match received its `done` update. */
  allDone(matchId: string): Promise<Pushed> {
    const entry = this.done.get(matchId) ?? { at: [], on: [] };
    this.done.set(matchId, entry);
    if (entry.at.length >= PER_MATCH) return Promise.resolve(this.pushed(entry));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`match ${matchId}: ${entry.at.length}/${PER_MATCH} done pushes in ${PUSH_TIMEOUT_MS} ms`)),
        PUSH_TIMEOUT_MS,
      );
      entry.waiter = (pushed) => {
        clearTimeout(timer);
        resolve(pushed);
      };
    });
  }

  close(): void {
    for (const ws of this.sockets.values()) ws.terminate();
    this.sockets.clear();
  }
}

interface RunResult {
  push: Stats;
  reply: Stats;
}

async function main(): Promise<void> {
  if (INSTANCES !== 1 && INSTANCES !== 2) throw new Error('BENCH_INSTANCES is 1 or 2');
  if (INSTANCES === 2 && (!PG_URL || !REDIS_URL)) {
    throw new Error('BENCH_INSTANCES=2 needs BENCH_DATABASE_URL (PostgreSQL) and BENCH_REDIS_URL');
  }
  const children = new ChildProcesses((reason) => {
    console.error(`bench:settlement aborted: ${reason}`);
    process.exit(1);
  }, 600_000);
  const channel = benchChannel('settlement');
  const first = await startInstance({ label: 'settle', databaseUrl: PG_URL, redisUrl: REDIS_URL, channel });
  const { ctx, waves } = first;
  const { ids, tokens } = await benchData(first, { id: 'bench-settle', name: '集計ベンチ' }, 'dummy_stl_', PLAYERS);
  const tokenOf = new Map(ids.map((id, i) => [id, tokens[i] as string]));
  const players = new Players(ids, tokenOf);
  // On PostgreSQL every instance the players use runs in a child process of its own; this process holds the
  // clients and an instance that only sets the data up (it serves no player). An in-memory PGlite cannot be shared
  // between processes: there instance 1 is the one in this process, beside the clients.
  const inProcess = !PG_URL;
  const servers: Server[] = inProcess ? [localServer(first, 'instance 1 (this process, with the clients)')] : [];
  const groups: ProcessGroup[] = [
    {
      label: inProcess ? 'this process (instance 1 + clients)' : 'this process (clients + set-up instance)',
      pids: () => [process.pid],
    },
  ];
  if (PG_URL) groups.push(postgresBackends(databaseName(PG_URL)));
  if (REDIS_URL) groups.push(redisServer());

  // node:http with kept-alive connections rather than fetch: the clients share this process with instance 1, and
  // fetch's streams cost that instance several times the CPU of a plain request.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 * MATCHES });
  const post = (base: string, url: string, token: string, body: unknown) =>
    new Promise<{ status?: string }>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const req = http.request(
        `${base}${url}`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            authorization: `Bearer ${token}`,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            if (res.statusCode !== 200) reject(new Error(`${url} → ${res.statusCode} ${text}`));
            else resolve(JSON.parse(text) as { status?: string });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  /** Every player queued, one wave makes the matches (on instance 1), every player subscribes on their instance. */
  async function makeMatches() {
    const t = unixNow();
    await ctx.db.insert(queueEntries).values(ids.map((userId) => ({ userId, roles: [], joinedAt: t })));
    const outcome = await waves.run({ force: true });
    if (outcome.created_matches.length !== MATCHES) {
      throw new Error(`wave made ${outcome.created_matches.length} matches, wanted ${MATCHES}`);
    }
    const made = [];
    for (const id of outcome.created_matches) {
      const rows = await ctx.db
        .select({ userId: matchPlayers.userId, team: matchPlayers.team })
        .from(matchPlayers)
        .where(eq(matchPlayers.matchId, Number(id)));
      const a = rows.filter((r) => r.team === 'A').map((r) => r.userId);
      const b = rows.filter((r) => r.team === 'B').map((r) => r.userId);
      made.push({ id, a, b, players: [...a, ...b] });
    }
    await players.subscribe(made);
    return made;
  }

  async function run(shape: Shape, label: string): Promise<RunResult> {
    const made = await makeMatches();
    const pushLatencies: number[] = [];
    const replyLatencies: number[] = [];
    /** The last push to the sockets of the instance that settled the match, and of the other instance. */
    const settlingLatencies: number[] = [];
    const otherLatencies: number[] = [];
    const settledOn = new Map<string, number>();
    // Match j is reported to servers[j mod n] (both reports).
    const settle = async (m: (typeof made)[number], j: number) => {
      const k = j % servers.length;
      const { base } = servers[k] as Server;
      settledOn.set(m.id, k);
      await post(base, `/api/matches/${m.id}/report`, tokenOf.get(m.a[0] as string) as string, pick);
      return async () => {
        const done = players.allDone(m.id);
        const sent = performance.now();
        const reply = await post(base, `/api/matches/${m.id}/report`, tokenOf.get(m.b[0] as string) as string, pick);
        replyLatencies.push(performance.now() - sent);
        if (reply.status !== 'done') throw new Error(`match ${m.id} did not settle`);
        const pushed = await done;
        pushLatencies.push(pushed.last - sent);
        pushed.byServer.forEach((at, i) => {
          if (at > Number.NEGATIVE_INFINITY) (i === k ? settlingLatencies : otherLatencies).push(at - sent);
        });
      };
    };
    // The window of the instruments: the whole run for the spread, the deciding reports only for the burst; both
    // until FOLLOW_UP_MS after the last push, so that the work each settlement leaves behind (achievements,
    // statistics, queue pushes on every instance) counts whether or not it finished before the pushes.
    const cpu = new CpuMeter(groups);
    let started = 0;
    const measure = async () => {
      collectPlayersGarbage();
      await Promise.all(servers.map((s) => s.probeReset()));
      cpu.begin();
      started = performance.now();
    };
    if (shape === 'burst') {
      const deciding = await Promise.all(made.map(settle));
      await measure();
      await Promise.all(deciding.map((d) => d()));
    } else {
      await measure();
      await Promise.all(
        made.map(async (m, j) => {
          await new Promise((r) => setTimeout(r, Math.random() * SPREAD_MS));
          const decide = await settle(m, j);
          await new Promise((r) => setTimeout(r, 200 + Math.random() * 1000));
          await decide();
        }),
      );
    }
    const wall = performance.now() - started;
    // BENCH_PERF_MARKS=1: the window on the monotonic clock, for `perf record -k CLOCK_MONOTONIC` and `perf report --time`.
    if (process.env.BENCH_PERF_MARKS)
      console.log(`window ${label} ${shape}: ${((mono() - wall) / 1000).toFixed(4)},${(mono() / 1000).toFixed(4)}`);
    await new Promise((r) => setTimeout(r, FOLLOW_UP_MS));
    const cpuUse = cpu.end();
    const probes = await Promise.all(servers.map((s) => s.probeReport()));
    const done = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(matches).where(eq(matches.status, 'done'));
    const push = stats(pushLatencies);
    const reply = stats(replyLatencies);
    console.log(
      `${label.padEnd(11)} ${shape.padEnd(6)} ${MATCHES} matches: deciding report → last of ${PER_MATCH} pushes  ` +
        `${line(push, true)}  (wall ${(wall / 1000).toFixed(1)} s, matches done in total ${done[0]?.n})`,
    );
    console.log(`    report → HTTP reply (settlement committed): ${line(reply, true)}`);
    if (servers.length > 1) {
      // The Redis hop: a match's `done` update on the settling instance's bus, then on the other's.
      const seen = probes.map((p) => new Map(p.doneSeen));
      const hops: number[] = [];
      for (const [matchId, k] of settledOn) {
        const published = seen[k]?.get(matchId);
        for (const [i, other] of seen.entries()) {
          const arrived = other.get(matchId);
          if (i !== k && published !== undefined && arrived !== undefined) hops.push(arrived - published);
        }
      }
      const events = Object.entries(probes[0]?.events ?? {})
        .map(([type, n]) => `${type} ${n}`)
        .join(', ');
      console.log(
        `    last push to the settling instance's sockets ${line(stats(settlingLatencies))}; ` +
          `to the other instance's sockets ${line(stats(otherLatencies))}`,
      );
      console.log(
        `    Redis hop (done update on the settling instance's bus → the other's) ${line(stats(hops))}; ` +
          `RedisBus send buffer peak ${probes.map((p) => p.publishBacklog).join(' / ')} events; bus events: ${events}`,
      );
    }
    console.log(`    until ${FOLLOW_UP_MS} ms after the last push (the settlements' follow-up work included):`);
    servers.forEach((server, i) => {
      const { loop, tx } = probes[i] as InstanceProbeReport;
      console.log(
        `    ${server.label}: loop lag p99 ${ms(loop.p99)} max ${ms(loop.max)}, CPU ${loop.cpuMs.toFixed(0)} ms ` +
          `(kernel ${loop.systemMs.toFixed(0)}) in ${(loop.windowMs / 1000).toFixed(1)} s, GC ${ms(loop.gcTotalMs)}; ` +
          `${tx.n} transactions: pool + BEGIN p50 ${ms(tx.wait.p50)} p99 ${ms(tx.wait.p99)}, ` +
          `body p50 ${ms(tx.body.p50)} p99 ${ms(tx.body.p99)}, COMMIT p50 ${ms(tx.commit.p50)} p99 ${ms(tx.commit.p99)}`,
      );
    });
    console.log(`    ${cpuUse.text}`);
    if (cpuUse.groupsMs > 0) {
      // The bench's processes, PostgreSQL and Redis together, per report (the spread's window also holds the first
      // reports; the idle sockets' own cost is in there too, and small): what the machine must do, whoever else runs.
      const reports = shape === 'burst' ? MATCHES : 2 * MATCHES;
      console.log(
        `    CPU of the processes above (not 'other'): ${(cpuUse.groupsMs / reports).toFixed(1)} ms per report ` +
          `→ ${(cpuUse.groupsMs / cpus().length).toFixed(0)} ms of wall time on ${cpus().length} CPUs for the window's ${reports} reports`,
      );
    }
    return { push, reply };
  }

  const database = PG_URL ? 'PostgreSQL' : 'PGlite (in memory)';
  const bus = REDIS_URL ? `Redis bus (channel ${channel})` : 'in-process bus';
  console.log(`bench:settlement on ${database}, ${bus}, ${PLAYERS} players with sockets; ${uptime()}`);
  const results: {
    instances: number;
    spread: RunResult;
    burst: RunResult;
    bursts: RunResult[];
    warmUps: RunResult[];
  }[] = [];
  const spawned: Child<InstanceCommand, InstanceReport>[] = [];
  /** Instance k (1-based) in a child process on the bench's database and Redis channel, serving players. */
  const spawnInstance = async (k: number) => {
    const child = children.spawn<InstanceCommand, InstanceReport>(
      `instance ${k}`,
      new URL('./instance-child.ts', import.meta.url),
      {
        BENCH_INSTANCE_LABEL: `settle-${k}`,
        BENCH_DATABASE_URL: PG_URL as string,
        ...(REDIS_URL ? { BENCH_REDIS_URL: REDIS_URL, BENCH_REDIS_CHANNEL: channel } : {}),
      },
    );
    spawned.push(child);
    const ready = await child.next('ready', 60_000);
    servers.push(childServer(child, `instance ${k} (child pid ${child.pid})`, ready.port));
    const pid = child.pid;
    groups.splice(k - (inProcess ? 1 : 0), 0, { label: `instance ${k}`, pids: () => [pid] });
  };
  for (let n = 1; n <= INSTANCES; n++) {
    if (!inProcess || n === 2) await spawnInstance(n);
    await players.connect(servers);
    const spread = await run('spread', instances(n));
    const warmUps: RunResult[] = [];
    for (let b = 0; b < WARM_UP_BURSTS; b++) warmUps.push(await run('burst', `${instances(n)} (warm-up)`));
    const bursts: RunResult[] = [];
    for (let b = 0; b < BURSTS; b++) bursts.push(await run('burst', instances(n)));
    const byP99 = [...bursts].sort((x, y) => x.push.p99 - y.push.p99);
    const burst = byP99[Math.floor((byP99.length - 1) / 2)] as RunResult;
    results.push({ instances: n, spread, burst, bursts, warmUps });
    players.close();
  }

  console.log('');
  console.log(`deciding report → last push, ${database}, ${bus}; ${uptime()}`);
  console.log(
    `                 spread p50 / p99         burst p50 / p99 (median of ${BURSTS})   (burst: report → HTTP reply p50 / p99)`,
  );
  for (const r of results) {
    const cell = (s: Stats, width = 25) => `${ms(s.p50)} / ${ms(s.p99)}`.padEnd(width);
    console.log(
      `  ${instances(r.instances).padEnd(14)} ${cell(r.spread.push)}${cell(r.burst.push, 31)}(${cell(r.burst.reply).trim()})`,
    );
    console.log(
      `  ${''.padEnd(14)} every burst's p99: ${r.bursts.map((b) => ms(b.push.p99)).join(', ')}` +
        (r.warmUps.length ? ` (warm-up, not counted: ${r.warmUps.map((b) => ms(b.push.p99)).join(', ')})` : ''),
    );
  }
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const one = results[0];
  if (one) {
    console.log(
      `target: 1 instance, spread p99 ≤ ${TARGET_ONE_SPREAD_P99_MS} ms → ${verdict(one.spread.push.p99 <= TARGET_ONE_SPREAD_P99_MS)}`,
    );
  }
  const two = results[1];
  if (two) {
    console.log(
      `target: 2 instances, burst p99 (median of ${BURSTS} bursts) ≤ ${TARGET_TWO_BURST_P99_MS} ms → ${verdict(two.burst.push.p99 <= TARGET_TWO_BURST_P99_MS)}`,
    );
  }
  children.stopping = true;
  for (const child of spawned) child.send({ cmd: 'shutdown' });
  await Promise.all(spawned.map((child) => child.exited(5000)));
  agent.destroy();
  await first.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
