import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SETTLEMENT_CONFIG, seasonMeta, simulatePopulation, stream } from '@rankmatch/engine';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openPglite, openPostgres, rowsOf } from '../src/db/client.ts';
import { FakeDiscord } from '../test/helpers/fake-discord.ts';
import { FakePushService } from '../test/helpers/fake-push.ts';
import { Api } from './api.ts';
import { type Check, countsOf, runChecks } from './checks.ts';
import { jst, RehearsalClock } from './clock.ts';
import { Community } from './community.ts';
import { type ImportedCommunity, importCommunity, importedChecks, withImportedSeason } from './imported.ts';
import { Operators, type SeasonPlan } from './operators.ts';
import { LOG_LEVEL, type LogLine, ServerProcess } from './server.ts';
import { SignIn } from './sign-in.ts';

/** The ready check's window in the rehearsal, simulated seconds (Operators.setReadyWindow says why). */
const REHEARSAL_READY_SECONDS = 110;

// One rehearsal: the real built server (one instance on PGlite, or two on PostgreSQL + Redis) started on a simulated
// clock, the community and the operators driving it through the public API for the scenario's span, then the servers
// stopped and every invariant checked against what they stored and what the clients saw.

export type Configuration = 'pglite' | 'cluster';

export interface Scenario {
  /** What the run is, for the figures. */
  label: string;
  /** The simulated instant the servers start at. */
  start: number;
  /** Players arrive in [arrivals.from, arrivals.to) (the engine's sessions of those days). */
  arrivals: { from: number; to: number };
  /** The simulated end of the run. */
  end: number;
  /** The running season (ending by its date inside the span) and the next one. */
  seasons: SeasonPlan[];
  /** When the operators act (simulated). */
  operators: {
    buy: number;
    ban: number;
    correct: number;
    rules: number;
    /** A queued player suspended from matching for an hour. */
    suspend: number;
    /** Another suspended, and that suspension lifted early at `lift`. */
    suspendToLift: number;
    lift: number;
    /** Tries to refund a leaver's team-mates (one match each, of the season running then). */
    refunds: number[];
    /** Two moderation cases closed (dismissed, and with a warning). */
    cases: number;
  };
}

export interface RehearsalOptions {
  configuration: Configuration;
  scenario: Scenario;
  speed: number;
  players: number;
  seed: number;
  /** PostgreSQL server (any database on it): a database of the rehearsal's own is created there and dropped after. */
  postgresUrl?: string;
  redisUrl?: string;
  /** Progress lines (default: none). */
  progress?: (line: string) => void;
  /**
   * A Unitemate export to move in before the servers start (imported.ts): its players sign in through the fake
   * Discord with their Discord ids and play beside `players` − their number of test accounts; its running season is
   * the evening's first (its end moved by the operators to the scenario's).
   */
  fromImport?: string;
}

export interface InstanceFigures {
  name: string;
  rssStartMb: number | null;
  rssEndMb: number | null;
  rssMaxMb: number | null;
  handlesStart: number | null;
  handlesEnd: number | null;
  /** WebSocket clients still connected at the end (each holds a handle). */
  socketsEnd: number | null;
  exitCode: number | null;
  turns: number;
  cpuSeconds: number | null;
  /** The slowest job runs of the instance (max ms), slowest first. */
  slowest: string;
  /** The jobs that took the most time in all (s), most first. */
  busiest: string;
}

export interface Figures {
  configuration: string;
  label: string;
  speed: number;
  simulatedHours: number;
  players: number;
  sessions: number;
  waves: number;
  matches: number;
  settled: number;
  voided: number;
  reports: number;
  lateReportsRefused: number;
  /** Ready checks the waves opened, and those that failed (a no-show or a leave). */
  readyChecks: number;
  readyFailed: number;
  /** Real ms from a wave's time to the readyCheck push that opened a player's check (p99). */
  readyCheckP99Ms: number | null;
  waitP50Min: number | null;
  waitP95Min: number | null;
  matchFoundP99Ms: number | null;
  settlePushP99Ms: number | null;
  requests: number;
  serverErrors: number;
  errorLogLines: number;
  reconnects: number;
  relogins: number;
  /** Warn-level log lines by message. */
  warnings: Record<string, number>;
  /** The latest a wave turn was claimed after its time (simulated seconds). */
  waveTurnLateMax: number | null;
  instances: InstanceFigures[];
  wallSeconds: number;
  /** CPU seconds of the rehearsal's own process (the players and operators). */
  driverCpuSeconds: number;
  /** The community moved in first, when there was one. */
  imported: {
    folder: string;
    rows: number;
    seconds: number;
    players: number;
    discordSignIns: number;
    /** Sign-ins tried again after their state expired on the way (a busy machine on the fast clock). */
    discordAgain: number;
  } | null;
}

export interface RehearsalResult {
  ok: boolean;
  checks: Check[];
  figures: Figures;
}

export function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A database of the rehearsal's own on the PostgreSQL server of `url`. */
async function createDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rehearsal_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // Databases left by a rehearsal that was killed (its process is gone) are dropped first.
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname ~ '^rehearsal_[0-9]+_[0-9a-f]+$'`,
  );
  for (const { datname } of rows) {
    const pid = Number(datname.split('_')[1]);
    if (pid !== process.pid && !alive(pid)) await admin.query(`drop database if exists ${datname} with (force)`);
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function rehearse(options: RehearsalOptions): Promise<RehearsalResult> {
  const started = Date.now();
  const cpuAtStart = process.cpuUsage();
  const say = options.progress ?? (() => {});
  const { configuration } = options;
  let scenario = options.scenario;
  const dataDir = mkdtempSync(join(tmpdir(), 'rankmatch-rehearsal-'));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dataDir, { recursive: true, force: true })];
  const servers: ServerProcess[] = [];
  const metricsToken = randomBytes(24).toString('hex');
  try {
    const clock = new RehearsalClock(scenario.start, options.speed);
    // The reporters' phones: the push service the outbox delivers to (it checks the VAPID token on the fast clock).
    const push = await new FakePushService(() => clock.now()).start();
    cleanups.push(() => push.close());
    const env: Record<string, string> = {
      SIMULATED_CLOCK: clock.env,
      SEED_DEMO_DATA: 'false',
      ENABLE_DUMMY_LOGIN: 'true',
      DUMMY_LOGIN_PASSWORD: '',
      LOG_LEVEL: 'info',
      METRICS_TOKEN: metricsToken,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      PUSH_ENDPOINT_ORIGINS: push.origin,
    };
    let database: () => Promise<Database>;
    let ownUrl = '';
    if (configuration === 'cluster') {
      if (!options.postgresUrl || !options.redisUrl)
        throw new Error('the cluster rehearsal needs PostgreSQL and Redis');
      const own = await createDatabase(options.postgresUrl);
      cleanups.push(own.drop);
      ownUrl = own.url;
      database = () => openPostgres(own.url, 4);
    } else {
      database = () => openPglite(dataDir);
    }
    // The community moved in first, as an operator runs npm run import:unitemate before the site opens.
    let imported: ImportedCommunity | null = null;
    let importSeconds = 0;
    let discord: FakeDiscord | null = null;
    if (options.fromImport) {
      const began = performance.now();
      const db = await database();
      try {
        imported = await importCommunity(db.db, options.fromImport, scenario.start);
      } finally {
        await db.close();
      }
      importSeconds = (performance.now() - began) / 1000;
      scenario = withImportedSeason(scenario, imported);
      discord = new FakeDiscord();
      await discord.start();
      cleanups.push(() => discord?.stop());
      // One public address for the instances, as behind a load balancer: Discord sends the player back to it, and the
      // code's redirect address must be the same whichever instance finishes the sign-in.
      Object.assign(env, discord.env(), { PUBLIC_URL: 'http://rehearsal.rankmatch.test' });
      for (const p of imported.players) {
        discord.addBrowserUser({ id: p.user_id, username: p.discord_username, global_name: null, avatar: null });
      }
      say(
        `imported ${imported.summary.rows} rows (${imported.players.length} players) from ${options.fromImport} in ${importSeconds.toFixed(1)} s`,
      );
    }
    if (configuration === 'cluster') {
      env.DATABASE_URL = ownUrl;
      env.REDIS_URL = options.redisUrl as string;
      env.REDIS_NAMESPACE = `rehearsal-${process.pid}-${randomBytes(3).toString('hex')}`;
      // One after the other: the first writes the shared secrets (test payments) into the data folder.
      for (const name of ['instance 1', 'instance 2']) {
        const server = new ServerProcess(name, env);
        servers.push(server);
        await server.start();
      }
    } else {
      const server = new ServerProcess('instance', env);
      servers.push(server);
      await server.start();
    }
    let seasonEndLogs = 0;
    const errorLines: LogLine[] = [];
    for (const server of servers) {
      server.watch((line) => {
        if (line.msg === 'season ended') seasonEndLogs += 1;
        if (line.level >= LOG_LEVEL.error) errorLines.push(line);
      });
    }
    say(
      `${configuration}: ${servers.length} instance(s) serving at ${jst(clock.now())} (simulated), ${options.speed}×`,
    );

    const api = new Api(servers.map((s) => s.base));
    const meta = seasonMeta(options.seed, scenario.seasons[0]?.id ?? 'season');
    // Fresh accounts start at 1500; test accounts may start elsewhere: a spread around 1500, as on a young ladder.
    const rates = stream(options.seed, 'rehearsal-start-rates');
    // An imported community's players first (the most recently active, at most `players`), at their imported rate;
    // test accounts make up the rest.
    const moved = (imported?.players ?? [])
      .slice()
      .sort((a, b) => b.last_played - a.last_played || (a.user_id < b.user_id ? -1 : 1))
      .slice(0, options.players)
      .map((p) => ({ user_id: p.user_id, start_rate: p.start_rate }));
    const accounts = [
      ...moved,
      ...Array.from({ length: options.players - moved.length }, (_, i) => ({
        user_id: `dummy_r${String(i + 1).padStart(3, '0')}`,
        start_rate: 1500 + Math.round(rates.normal(0, 80) / 10) * 10,
      })),
    ];
    const players = simulatePopulation({ seed: options.seed, accounts, meta });
    const signIn = new SignIn(api, new Set(moved.map((p) => p.user_id)));
    const community = new Community({
      api,
      clock,
      seed: options.seed,
      players,
      signIn,
      reportWindowMinutes: DEFAULT_SETTLEMENT_CONFIG.reportWindowMinutes,
    });
    const operators = new Operators(api, clock, community, push);
    await operators.setUpSeasons(scenario.seasons);
    await operators.setReadyWindow(REHEARSAL_READY_SECONDS);
    const wavesFrom = clock.now() + 60;
    community.activeSeason = scenario.seasons[0]?.id ?? '';
    const next = scenario.seasons[1];
    if (next && scenario.seasons[0]) clock.at(scenario.seasons[0].end, () => (community.activeSeason = next.id));
    // The same sessions whenever the servers came up: planned from the scenario's start, joined from now on.
    const sessions = community.schedule(
      scenario.arrivals.from,
      scenario.arrivals.to,
      Math.max(scenario.arrivals.from, clock.now()),
    );
    say(`${sessions} sessions planned for ${players.length} players`);

    const supporter = accounts[1]?.user_id ?? 'dummy_r002';
    // The evening's matches only: an imported community's history is not the operators' to correct or refund.
    const since = scenario.start;
    // From the evening's start or the running season's, whichever is later.
    const sinceAt = (at: number) => Math.max(since, ...scenario.seasons.map((x) => x.start).filter((t) => t <= at));
    const acts: [number, () => Promise<void>][] = [
      [scenario.operators.buy, () => operators.buyBadge(supporter)],
      [scenario.operators.ban, () => operators.banSomeone()],
      [scenario.operators.correct, () => operators.correctAResult(sinceAt, scenario.end - 10 * 60)],
      [scenario.operators.rules, () => operators.editRules()],
      [scenario.operators.suspend, () => operators.suspendSomeone()],
      [scenario.operators.suspendToLift, () => operators.suspendSomeone(scenario.operators.lift)],
      ...scenario.operators.refunds.map((at): [number, () => Promise<void>] => [
        at,
        () => operators.refundTeammates(sinceAt(at)),
      ]),
      [scenario.operators.cases, () => operators.actOnCases()],
    ];
    for (const [at, act] of acts) {
      clock.at(at, () => {
        act().catch((err: unknown) => operators.log.problems.push(`operator: ${(err as Error).message}`));
      });
    }

    const handles = async (server: ServerProcess) =>
      (await server.metrics(metricsToken).catch(() => new Map<string, number>())).get(
        'rankmatch_process_nodejs_active_handles_total',
      ) ?? null;
    const instances: InstanceFigures[] = [];
    for (const server of servers) {
      instances.push({
        name: server.name,
        rssStartMb: server.rssMb(),
        rssEndMb: null,
        rssMaxMb: server.rssMb(),
        handlesStart: await handles(server),
        handlesEnd: null,
        socketsEnd: null,
        exitCode: null,
        turns: 0,
        cpuSeconds: null,
        slowest: '',
        busiest: '',
      });
    }
    const sampler = setInterval(() => {
      servers.forEach((server, i) => {
        const figure = instances[i] as InstanceFigures;
        const rss = server.rssMb();
        if (rss !== null) figure.rssMaxMb = Math.max(figure.rssMaxMb ?? 0, rss);
      });
    }, 2000);
    let lastHour = Math.floor(clock.now() / 3600);
    const ticker = setInterval(() => {
      const hour = Math.floor(clock.now() / 3600);
      if (hour !== lastHour) {
        lastHour = hour;
        const c = community.seen;
        say(
          `${jst(clock.now())}  joins ${[...c.joins.values()].flat().length}, matches seen ${c.seen.size}, reports ${c.reports.accepted}, 5xx ${api.countClass('5')}`,
        );
      }
    }, 1000);

    await clock.until(scenario.end);
    clearInterval(ticker);
    community.stop();
    const trail = await operators.auditTrail();
    for (const [i, server] of servers.entries()) {
      const figure = instances[i] as InstanceFigures;
      figure.rssEndMb = server.rssMb();
      figure.cpuSeconds = server.cpuSeconds();
      const gauges = await server.metrics(metricsToken).catch(() => new Map<string, number>());
      figure.handlesEnd = gauges.get('rankmatch_process_nodejs_active_handles_total') ?? null;
      figure.socketsEnd = gauges.get('rankmatch_ws_clients') ?? null;
      const topJobs = (gauge: string, unit: (seconds: number) => string) =>
        [...gauges]
          .filter(([k]) => k.startsWith(gauge))
          .map(([k, v]) => [/job="([^"]+)"/.exec(k)?.[1] ?? k, v] as const)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([job, v]) => `${job} ${unit(v)}`)
          .join(', ');
      figure.slowest = topJobs('rankmatch_job_max_seconds', (v) => `${Math.round(v * 1000)} ms`);
      figure.busiest = topJobs('rankmatch_job_total_seconds', (v) => `${v.toFixed(1)} s`);
    }
    clearInterval(sampler);
    for (const [i, server] of servers.entries()) (instances[i] as InstanceFigures).exitCode = await server.stop();
    api.close();
    say(`${configuration}: servers stopped at ${jst(clock.now())} (simulated); checking`);

    const db = await database();
    let checks: Check[];
    let counts: Awaited<ReturnType<typeof countsOf>>;
    let waveTurnLateMax: number | null = null;
    try {
      checks = await runChecks(
        {
          db: db.db,
          seen: community.seen,
          operators: operators.log,
          seasons: scenario.seasons,
          wavesFrom,
          end: scenario.end,
          reportWindowMinutes: DEFAULT_SETTLEMENT_CONFIG.reportWindowMinutes,
          players: accounts.map((a) => a.user_id),
          speed: options.speed,
          pushes: push.received,
          baseline: imported?.baseline ?? null,
        },
        { seasonEndLogs, trail },
      );
      if (imported)
        checks.push(
          ...(await importedChecks(
            db.db,
            imported,
            moved.map((p) => p.user_id),
            signIn.discord,
          )),
        );
      counts = await countsOf(db.db, imported?.baseline.lastMatchId ?? 0);
      const turns = await db.db.execute(
        sql`select instance, count(*)::int as n from job_runs group by instance order by instance`,
      );
      const byInstance = (turns as unknown as { rows: { instance: string; n: number }[] }).rows;
      const [late] = rowsOf<{ late: number | null }>(
        await db.db.execute(sql`select max(claimed_at - slot)::int as late from job_runs where job = 'matching-wave'`),
      );
      waveTurnLateMax = late?.late ?? null;
      instances.forEach((figure, i) => {
        figure.turns = byInstance[i]?.n ?? 0;
      });
    } finally {
      await db.close();
    }

    // The processes themselves: clean exits, no error lines or stray output (an unhandled rejection prints a stack).
    const health: string[] = [];
    for (const e of api.serverErrors.slice(0, 5)) health.push(`${e.status} ${e.method} ${e.path}: ${e.body}`);
    if (api.serverErrors.length > 5) health.push(`… ${api.serverErrors.length} 5xx in all`);
    for (const f of api.failures.slice(0, 3)) health.push(`no answer: ${f.method} ${f.path} (${f.error})`);
    for (const line of errorLines.slice(0, 5))
      health.push(`error log: ${line.msg} ${JSON.stringify(line).slice(0, 300)}`);
    for (const server of servers) {
      for (const text of server.stray.slice(0, 3)) health.push(`${server.name} printed: ${text.slice(0, 300)}`);
    }
    for (const figure of instances) {
      if (figure.exitCode !== 0) health.push(`${figure.name} exited with ${figure.exitCode}`);
      if (figure.rssStartMb !== null && figure.rssEndMb !== null && figure.rssEndMb > figure.rssStartMb * 2 + 200) {
        health.push(`${figure.name}: memory grew from ${figure.rssStartMb} to ${figure.rssEndMb} MB`);
      }
      // Sockets still open at the end (a run that stops in the middle of an evening) hold a handle each.
      const sockets = figure.socketsEnd ?? 0;
      if (
        figure.handlesStart !== null &&
        figure.handlesEnd !== null &&
        figure.handlesEnd - sockets > figure.handlesStart + 100
      ) {
        health.push(
          `${figure.name}: handles grew from ${figure.handlesStart} to ${figure.handlesEnd} (${sockets} sockets open)`,
        );
      }
    }
    for (const a of community.seen.anomalies.slice(0, 5)) health.push(`a player saw: ${a}`);
    checks.push({
      name: 'no 5xx, no error lines, no stray output; memory and handles bounded; clean exit',
      ok: health.length === 0,
      figure: `${api.requests} requests, ${api.countClass('5')} 5xx, ${errorLines.length} error lines`,
      problems: health.slice(0, 10),
    });

    const seen = community.seen;
    const figures: Figures = {
      configuration: configuration === 'cluster' ? '2 instances, PostgreSQL + Redis' : '1 instance, PGlite',
      label: scenario.label,
      speed: options.speed,
      simulatedHours: Math.round(((scenario.end - scenario.start) / 3600) * 10) / 10,
      players: options.players,
      sessions,
      waves: counts.waves,
      matches: counts.matches,
      settled: counts.settled,
      voided: counts.voided,
      reports: counts.reports,
      lateReportsRefused: seen.reports.late,
      readyChecks: counts.readyChecks,
      readyFailed: counts.readyFailed,
      readyCheckP99Ms: quantile(seen.readyCheckMs, 0.99),
      waitP50Min: round1((quantile(seen.waits, 0.5) ?? Number.NaN) / 60),
      waitP95Min: round1((quantile(seen.waits, 0.95) ?? Number.NaN) / 60),
      matchFoundP99Ms: quantile(seen.matchFoundMs, 0.99),
      settlePushP99Ms: quantile(seen.settlePushMs, 0.99),
      requests: api.requests,
      serverErrors: api.countClass('5'),
      errorLogLines: errorLines.length,
      reconnects: seen.reconnects,
      relogins: seen.relogins,
      warnings: countBy(
        servers.flatMap((s) => s.notable.filter((l) => l.level < LOG_LEVEL.error)),
        (l) => (typeof l.job === 'string' ? `${l.msg} (${l.job})` : l.msg),
      ),
      waveTurnLateMax,
      instances,
      wallSeconds: Math.round((Date.now() - started) / 1000),
      driverCpuSeconds:
        Math.round((process.cpuUsage(cpuAtStart).user + process.cpuUsage(cpuAtStart).system) / 1e5) / 10,
      imported: imported && {
        folder: imported.folder,
        rows: imported.summary.rows,
        seconds: Math.round(importSeconds * 10) / 10,
        players: moved.length,
        discordSignIns: signIn.discord,
        discordAgain: signIn.discordAgain,
      },
    };
    return { ok: checks.every((c) => c.ok), checks, figures };
  } finally {
    for (const server of servers) server.kill();
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

const round1 = (v: number) => (Number.isFinite(v) ? Math.round(v * 10) / 10 : null);
