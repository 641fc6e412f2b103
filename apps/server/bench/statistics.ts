// bench:stats — a season of BENCH_MATCHES (100,000) settled matches written in bulk (10 players and 10 reports
// each), on PGlite by default or PostgreSQL with BENCH_DATABASE_URL (its tables are emptied: a database of its own).
// Prints the full snapshot time, the incremental update after one more settlement, and GET /api/public/stats
// requests per second against a bare Fastify route in the same run.
// Targets: full snapshot ≤ 3 s, incremental ≤ 20 ms, cached read ≥ 50 % of the bare route.
import { tmpdir } from 'node:os';
import { PLAYABLE_CHARACTERS, ROLES } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { unixNow } from '../src/context.ts';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { MemoryBus } from '../src/events/bus.ts';
import { activeBenchSeason, benchAccounts } from './fixtures.ts';
import { address, CONNECTIONS, load } from './load.ts';

const MATCHES = Number(process.env.BENCH_MATCHES ?? 100_000);
const PLAYERS = 400;

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
  const { app, ctx, stats } = await buildApp({ config, database, logger: false, webDist: null, bus: new MemoryBus() });
  const db = ctx.db;
  const now = unixNow();
  if (pgUrl) {
    await db.execute(
      sql`truncate orders, test_payments, season_awards, season_records, user_achievements, match_reports, match_players, matches, wave_runs, queue_entries, season_stats, sessions, user_badges, audit_log, ranking_snapshots, seasons, users cascade`,
    );
  }
  await activeBenchSeason(ctx, 'bench-stats', '統計ベンチ', now);
  await benchAccounts(ctx, 'dummy_st_', PLAYERS, now);

  // Bulk data, generated in SQL: players i*10+k of a rotating window, roles by slot, picks from the roster.
  const started = performance.now();
  const roster = PLAYABLE_CHARACTERS.map((c) => c.pokemon_id);
  const characters = sql.raw(`array[${roster.map((id) => `'${id}'`).join(',')}]`);
  const roles = sql.raw(`array[${ROLES.map((r) => `'${r}'`).join(',')}]`);
  const dayStart = now - 28 * 86_400;
  await db.execute(sql`insert into matches (id, season_id, status, matched_at, started_at, host_user_id, first_attack,
      team_gap, rating_spread, winner, settled_at, settle_reason, penalties_processed)
    select g, 'bench-stats', 'done', ${dayStart}::bigint + g * 24, ${dayStart}::bigint + g * 24,
      'dummy_st_' || lpad(((g * 7) % ${PLAYERS} + 1)::text, 5, '0'),
      case when g % 2 = 0 then 'A' else 'B' end, 1.5, 40,
      case when g % 17 = 0 then null when g % 3 = 0 then 'B' else 'A' end,
      ${dayStart}::bigint + g * 24 + 1200, 'consensus', true
    from generate_series(1, ${MATCHES}) g`);
  await db.execute(sql`insert into match_players (match_id, user_id, team, slot, role, rate_before, wait_seconds,
      is_open, rate_after, rate_delta)
    select g, 'dummy_st_' || lpad((((g * 7) + k * 37) % ${PLAYERS} + 1)::text, 5, '0'),
      case when k < 5 then 'A' else 'B' end, k % 5, (${roles})[k % 5 + 1],
      1300 + ((g * 13 + k * 101) % 700), 60, false,
      1300 + ((g * 13 + k * 101) % 700) + 20, 20
    from generate_series(1, ${MATCHES}) g cross join generate_series(0, 9) k
    on conflict do nothing`);
  await db.execute(sql`insert into match_reports (match_id, user_id, team, result, banned_pokemon, picked_pokemon,
      pokemon_move1, pokemon_move2, violation_report, reported_at)
    select mp.match_id, mp.user_id, mp.team, 'A-win',
      (${characters})[(mp.match_id * 3 + mp.slot) % ${roster.length} + 1],
      (${characters})[(mp.match_id * 11 + mp.slot * 5) % ${roster.length} + 1], '-', '-', '', 0
    from match_players mp`);
  await db.execute(sql`insert into season_stats (user_id, season_id, rate, max_rate, match_count, win_count, max_rate_at)
    select id, 'bench-stats', 1300 + (hashtext(id) & 511), 1800, 50, 25, 0 from users where id like 'dummy_st_%'`);
  await db.execute(sql`select setval(pg_get_serial_sequence('matches', 'id'), ${MATCHES})`);
  console.log(
    `data: ${MATCHES} matches, ${MATCHES * 10} players' rows and reports written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const full = performance.now();
  const folded = await stats.refreshActive();
  const fullMs = performance.now() - full;

  // Five more settled matches, each folded in as its settlement would be.
  const incremental: number[] = [];
  for (let i = 1; i <= 5; i++) {
    const id = MATCHES + i;
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
