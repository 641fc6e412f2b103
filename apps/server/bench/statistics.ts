// bench:stats — a simulated season of about BENCH_MATCHES (100,000) settled matches (the demo data's generator:
// players, reports, waves through the engine's rules), on PGlite by default or PostgreSQL with BENCH_DATABASE_URL (its
// tables are emptied: a database of its own).
// Prints the full snapshot time (an instance's snapshot, from the persisted fold the stats job keeps; the fold's own
// time and a count from scratch for reference), the incremental update after one more settlement, and
// GET /api/public/stats requests per second against a bare Fastify route in the same run.
// Targets: full snapshot ≤ 3 s, incremental ≤ 20 ms, cached read ≥ 50 % of the bare route.
import { tmpdir } from 'node:os';
import { ROLES } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { unixNow } from '../src/context.ts';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { MemoryBus } from '../src/events/bus.ts';
import { nextImportIds } from '../src/matches/import.ts';
import { seasonCounts } from '../src/stats/queries.ts';
import { FOLD_BATCH } from '../src/stats/store.ts';
import { simulatedBenchSeason } from './fixtures.ts';
import { address, CONNECTIONS, load } from './load.ts';

const MATCHES = Number(process.env.BENCH_MATCHES ?? 100_000);

async function main(): Promise<void> {
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const database = pgUrl ? await openPostgres(pgUrl) : await openPglite(null);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: tmpdir(),
    JWT_SECRET: 'bench-stats-secret-that-is-long-enough-for-hs256-01234567',
    RATE_LIMIT_PER_MINUTE: String(1_000_000_000),
    LOG_LEVEL: 'silent',
  });
  const { app, ctx, modules } = await buildApp({
    config,
    database,
    logger: false,
    webDist: null,
    bus: new MemoryBus(),
  });
  const stats = modules.stats.cache;
  const db = ctx.db;
  const now = unixNow();
  if (pgUrl) {
    await db.execute(
      sql`truncate orders, test_payments, season_awards, season_records, user_achievements, match_reports, match_players, matches, wave_runs, queue_entries, season_stats, sessions, user_badges, audit_log, ranking_snapshots, seasons, users cascade`,
    );
  }
  // The demo data's generator at another size: a season played through the engine's rules, written in bulk.
  const season = await simulatedBenchSeason(ctx, {
    seasonId: 'bench-stats',
    name: '統計ベンチ',
    prefix: 'dummy_st_',
    matches: MATCHES,
    now,
  });
  console.log(
    `data: ${season.matches} matches of ${season.players} simulated players (simulated in ${(season.simulateMs / 1000).toFixed(1)} s, written in ${(season.importMs / 1000).toFixed(1)} s)`,
  );

  // The persisted fold, as the stats job builds it (a batch per run), then an instance's snapshot starting from it.
  let mark = performance.now();
  let batches = 0;
  while ((await stats.foldActive()) > 0) batches++;
  const persistMs = performance.now() - mark;
  mark = performance.now();
  const folded = await stats.refreshActive();
  const fullMs = performance.now() - mark;
  // For reference: counting the whole season from its matches (what every instance does once after a correction).
  mark = performance.now();
  await db.transaction((tx) => seasonCounts(tx, 'bench-stats'));
  const scratchMs = performance.now() - mark;

  // Five more settled matches, each folded in as its settlement would be.
  const incremental: number[] = [];
  const roles = sql.raw(`array[${ROLES.map((r) => `'${r}'`).join(',')}]`);
  const last = await nextImportIds(db);
  for (let i = 0; i < 5; i++) {
    const id = last.match + i;
    await db.execute(sql`insert into matches (id, season_id, status, matched_at, started_at, host_user_id, first_attack,
        team_gap, rating_spread, winner, settled_at, settle_reason) values (${id}, 'bench-stats', 'done', ${now}, ${now},
        'dummy_st_00001', 'A', 1, 10, 'A', ${now}, 'consensus')`);
    await db.execute(sql`insert into match_players (match_id, user_id, team, slot, role, rate_before, wait_seconds,
        is_open, rate_after, rate_delta)
      select ${id}, 'dummy_st_' || lpad((k + 1)::text, 5, '0'), case when k < 5 then 'A' else 'B' end, k % 5,
        (${roles})[k % 5 + 1], 1500, 60, false, 1520, 20 from generate_series(0, 9) k`);
    const t0 = performance.now();
    await stats.addSettled('bench-stats', id);
    incremental.push(performance.now() - t0);
  }

  await app.listen({ host: '127.0.0.1', port: 0 });
  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ hello: 'world' }));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const statsUrl = `${address(app)}/api/public/stats?band=all`;
  const body = (await (await fetch(statsUrl)).json()) as { matches: number };
  const bareResult = await load(`${address(bare)}/hello`);
  const appResult = await load(statsUrl);

  console.log(`${pgUrl ? 'PostgreSQL' : 'PGlite'}:`);
  console.log(`  full snapshot: ${(fullMs / 1000).toFixed(2)} s for ${folded} matches (target ≤ 3 s)`);
  console.log(
    `  (the persisted fold it starts from: ${(persistMs / 1000).toFixed(1)} s in ${batches} job runs of ${FOLD_BATCH} matches; counting the season from scratch: ${(scratchMs / 1000).toFixed(2)} s)`,
  );
  console.log(
    `  incremental (one settlement): ${incremental[0]?.toFixed(1)} ms first, median ${[...incremental].sort((a, b) => a - b)[2]?.toFixed(1)} ms (target ≤ 20 ms)`,
  );
  console.log(
    `  GET /api/public/stats (${body.matches} matches): ${Math.round(appResult.rps)} req/s vs bare ${Math.round(bareResult.rps)} req/s ` +
      `= ${((appResult.rps / bareResult.rps) * 100).toFixed(1)} % (target ≥ 50 %; ${CONNECTIONS} connections)`,
  );
  await bare.close();
  await app.close();
  await database.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
