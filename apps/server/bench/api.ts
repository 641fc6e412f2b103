// API benchmark: `npm run bench:api` (issue 37, item 3).
// The real app (buildApp on an in-memory PGlite, a season of 300 players, ranking calculated) and a bare Fastify
// server listen on 127.0.0.1 in this process, and Debian's nginx with the deployment's cache configuration
// (deploy/nginx, one worker: one core, like the Node servers) in front of the app when it is installed. A load
// generator (wrk, one thread, when installed; else plain node:http in a worker thread, so it does not share the
// servers' event loop; BENCH_CLIENT=wrk|node chooses) measures requests per second of: the bare hello-world, the bare
// server sending the ranking's bytes, the ranking from the origin (a shared read, http/shared-reads.ts), the same
// through Fastify's pipeline (asked with a query), the ranking asked with a current If-None-Match (304), and the
// ranking through the cache.
// Each is measured BENCH_ROUNDS times, interleaved, and the best round counts (the machine is shared: a round that
// another process slowed says nothing about the server). Targets (printed beside): origin ≥ 85 % of the same-bytes
// bare server; 304 ≥ 70 % of hello-world; through the cache ≥ the same-bytes bare server.
// Tunables: BENCH_CONNECTIONS (50), BENCH_WARMUP_MS (1000), BENCH_DURATION_MS (5000), BENCH_ROUNDS (2), BENCH_CASES
// (some of hello,same,origin,pipeline,notModified,cache, comma-separated: e.g. one case under `node --cpu-prof`).
// Exits by itself. With wrk on 2 cores or more, the servers (this process, and nginx) run on the first core and wrk on the
// second (load.ts pinServers; BENCH_PIN=0 leaves them to the scheduler), the same way in every case.
import { cpus, tmpdir } from 'node:os';
import { RANKING_SIZE, rankingReplySchema } from '@rankmatch/shared';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { unixNow } from '../src/context.ts';
import { openPglite } from '../src/db/client.ts';
import { seasonStats, seasons, users } from '../src/db/schema.ts';
import { seedOnStart } from '../src/seed/index.ts';
import { hasNginx, type Nginx, startNginx } from '../test/helpers/nginx.ts';
import {
  address,
  CONNECTIONS,
  cpuSecondsOf,
  DURATION_MS,
  hasWrk,
  type LoadOptions,
  type LoadResult,
  load,
  loadWithWrk,
  pinServers,
  WARMUP_MS,
} from './load.ts';

const PLAYERS = 300;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const DAY = 86_400;

/** A season running now with PLAYERS players of stats, deterministic. */
async function seedSeason(db: Awaited<ReturnType<typeof openPglite>>['db'], now: number): Promise<void> {
  await db.insert(seasons).values({
    id: 'bench',
    name: 'ベンチマークシーズン',
    startDate: now - 30 * DAY,
    endDate: now + 30 * DAY,
    isActive: true,
    createdAt: now,
  });
  const ids = Array.from({ length: PLAYERS }, (_, i) => `bench_${String(i + 1).padStart(3, '0')}`);
  await db.insert(users).values(
    ids.map((id, i) => ({
      id,
      authSub: `discord|${id}`,
      discordUsername: `bench_user_${i + 1}`,
      discordAvatarUrl: `https://cdn.discordapp.com/embed/avatars/${i % 6}.png`,
      trainerName: `ベンチ選手${i + 1}`,
      twitterId: i % 3 === 0 ? `bench_${i + 1}` : '',
      currentBadge: i % 4 === 0 ? 'badge_001' : null,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await db.insert(seasonStats).values(
    ids.map((userId, i) => {
      const matches = 10 + ((i * 37) % 90);
      const rate = 1300 + ((i * 97) % 700);
      return {
        userId,
        seasonId: 'bench',
        rate,
        maxRate: rate + ((i * 13) % 60),
        matchCount: matches,
        winCount: Math.floor(matches * (0.4 + ((i * 7) % 20) / 100)),
        maxRateAt: now - ((i * 3_331) % (20 * DAY)),
      };
    }),
  );
}

/** The app with its season and ranking, listening; and the bare server with the same bytes. */
async function servers() {
  const database = await openPglite(null);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: tmpdir(),
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
    RATE_LIMIT_PER_MINUTE: String(1_000_000_000),
    LOG_LEVEL: 'silent',
  });
  const now = unixNow();
  const { app, modules } = await buildApp({ config, database, logger: false, webDist: null });
  const ranking = modules.ranking.snapshot;
  await seedOnStart(database.db, config, now);
  await seedSeason(database.db, now);
  const count = await ranking.refresh();
  if (count !== RANKING_SIZE) throw new Error(`expected ${RANKING_SIZE} ranked players, got ${count}`);
  await app.listen({ host: '127.0.0.1', port: 0 });

  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ hello: 'world' }));
  const rankingBytes = ranking.json;
  bare.get('/same-body', (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(rankingBytes);
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const close = async () => {
    await bare.close();
    await app.close();
    await database.close();
  };
  return { app, bare, close };
}

interface Case {
  name: string;
  url: string;
  options?: LoadOptions;
  best?: LoadResult;
}

const line = (name: string, r: LoadResult) =>
  `${name.padEnd(44)} ${Math.round(r.rps).toString().padStart(7)} req/s  ` +
  `${r.cpuPerReply === null ? '' : `${(r.cpuPerReply * 1e6).toFixed(0).padStart(4)} µs CPU/reply  `}` +
  `p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  ${(r.bytesPerReply / 1024).toFixed(1)} KB/reply  ` +
  `${r.errors} errors`;

/**
 * A target, by requests per second and by CPU per reply (replies per core-second): on a shared machine the
 * first follows whatever else runs; the second is what the server itself costs.
 */
function target(name: string, value: LoadResult | undefined, base: LoadResult | undefined, goal: number): void {
  if (!value || !base) {
    console.log(`${name.padEnd(44)} not measured`);
    return;
  }
  const verdict = (ratio: number) => `${(ratio * 100).toFixed(1).padStart(6)} % ${ratio >= goal ? 'PASS' : 'MISS'}`;
  const byCpu =
    value.cpuPerReply && base.cpuPerReply ? `  by CPU/reply ${verdict(base.cpuPerReply / value.cpuPerReply)}` : '';
  console.log(
    `${name.padEnd(36)} target ≥ ${String(goal * 100).padStart(3)} %:  by req/s ${verdict(value.rps / base.rps)}${byCpu}`,
  );
}

async function main(): Promise<void> {
  const hardStop = setTimeout(() => {
    console.error('benchmark took too long; exiting');
    process.exit(1);
  }, 300_000);
  hardStop.unref();

  const { app, bare, close } = await servers();
  const rankingUrl = `${address(app)}/api/public/ranking`;
  // The route serves the real top 100 before it is measured.
  const first = await fetch(rankingUrl);
  const etag = first.headers.get('etag') ?? '';
  const check = rankingReplySchema.parse(await first.json());
  if (check.rankings.length !== RANKING_SIZE || check.season_id !== 'bench') throw new Error('unexpected ranking');
  // wrk when installed: the Node client's own cost per reply is a large part of what it measures on 2 cores. Pinned
  // before nginx starts, so that its worker shares the servers' core.
  const client = process.env.BENCH_CLIENT ?? (hasWrk() ? 'wrk' : 'node');
  const pinning = client === 'wrk' && cpus().length >= 2 ? pinServers() : 'not pinned';
  const nginx: Nginx | null = hasNginx() ? await startNginx([new URL(rankingUrl).host]) : null;
  if (!nginx) console.log('nginx is not installed (apt-get install nginx): the cache is not measured');

  // The servers of this process run on its main thread (the load generator has a thread of its own).
  const mainThread = { cpu: () => cpuSecondsOf(`/proc/self/task/${process.pid}/stat`) };
  const cases: Record<'hello' | 'same' | 'origin' | 'pipeline' | 'notModified' | 'cache', Case | null> = {
    hello: { name: 'bare Fastify   GET /hello', url: `${address(bare)}/hello`, options: mainThread },
    same: { name: "bare Fastify   the ranking's bytes", url: `${address(bare)}/same-body`, options: mainThread },
    origin: { name: 'origin         GET /api/public/ranking', url: rankingUrl, options: mainThread },
    // A query string takes the read through Fastify's pipeline instead of the shared reads (http/shared-reads.ts):
    // what a read that the shared reads do not answer costs. No target.
    pipeline: { name: 'origin         same, via the pipeline (?q)', url: `${rankingUrl}?q`, options: mainThread },
    notModified: {
      name: 'origin         same, If-None-Match → 304',
      url: rankingUrl,
      options: { ...mainThread, headers: { 'if-none-match': etag }, expectStatus: 304 },
    },
    cache: nginx
      ? {
          name: 'nginx cache    GET /api/public/ranking',
          url: `${nginx.base}/api/public/ranking`,
          options: { cpu: () => nginx.cpuSeconds() },
        }
      : null,
  };
  const measure = client === 'wrk' ? loadWithWrk : load;
  console.log(
    `${CONNECTIONS} keep-alive connections, ${WARMUP_MS} ms warm-up, ${DURATION_MS} ms measured, best of ${ROUNDS} ` +
      `rounds (${PLAYERS} players, top ${RANKING_SIZE}; nginx: 1 worker; load: ${client === 'wrk' ? 'wrk, 1 thread' : 'node:http in a worker thread'}; ${pinning})`,
  );
  let errors = 0;
  const only = process.env.BENCH_CASES?.split(',');
  for (let round = 0; round < ROUNDS; round++) {
    for (const [key, c] of Object.entries(cases)) {
      if (!c || (only && !only.includes(key))) continue;
      const result = await measure(c.url, c.options);
      errors += result.errors;
      // The best round by requests per second; its CPU per reply is kept with it.
      if (!c.best || result.rps > c.best.rps) c.best = result;
    }
  }
  for (const c of Object.values(cases)) if (c?.best) console.log(line(c.name, c.best));
  const { hello, same, origin, notModified, cache } = cases;
  target('origin ranking / same-bytes bare', origin?.best, same?.best, 0.85);
  target('304 / hello-world', notModified?.best, hello?.best, 0.7);
  target('through the cache / same-bytes bare', cache?.best, same?.best, 1);

  await nginx?.stop();
  await close();
  process.exit(errors > 0 ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
