// bench:season-end — 10,000 players with numbers in a season; the season is ended through the real season end
// (freeze, rewards in batches, penalty rule) on PGlite (in memory) and, when BENCH_DATABASE_URL is set, on
// PostgreSQL (its tables are emptied first: give it a database of its own). Prints seconds per step, badges granted
// and rows written. Targets: ≤ 10 s on PGlite, ≤ 5 s on PostgreSQL on the 2-core machine.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { seedBadges } from '../src/badges/service.ts';
import { loadConfig } from '../src/config.ts';
import { unixNow } from '../src/context.ts';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { seasonStats, users } from '../src/db/schema.ts';
import { MemoryBus } from '../src/events/bus.ts';
import { activeBenchSeason, benchAccounts } from './fixtures.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 10_000);

/** A deterministic spread: rates around 1500, 1–400 matches, one player in eight with a penalty. */
function numbers(i: number) {
  const h = (Math.imul(i + 1, 2654435761) >>> 0) / 2 ** 32;
  const rate = 1200 + Math.round(h * 800);
  const matches = 1 + Math.floor(((i * 7919) % 1000) * 0.4);
  return {
    rate,
    maxRate: rate + (i % 50),
    matchCount: matches,
    winCount: Math.floor(matches * h),
    penalty: i % 8 === 0 ? 1 + (i % 9) : 0,
  };
}

async function count(database: Database, table: string): Promise<number> {
  const res = await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return ((res as unknown as { rows: { n: number }[] }).rows[0]?.n as number) ?? 0;
}

async function run(label: string, database: Database): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'rankmatch-bench-season-')),
    JWT_SECRET: 'bench-season-end-secret-that-is-long-enough-for-hs256-0',
    LOG_LEVEL: 'silent',
  });
  const { app, ctx, modules } = await buildApp({
    config,
    database,
    logger: false,
    webDist: null,
    bus: new MemoryBus(),
  });
  const now = unixNow();
  if (database.kind === 'postgres') {
    await ctx.db.execute(
      sql`truncate season_awards, season_records, user_achievements, match_reports, match_players, matches, wave_runs, queue_entries, season_stats, sessions, user_badges, audit_log, ranking_snapshots, seasons, users cascade`,
    );
  }
  await seedBadges(ctx.db);
  await activeBenchSeason(ctx, 'bench-s5', 'シーズン5', now);
  const { ids } = await benchAccounts(ctx, 'dummy_se_', PLAYERS, now);
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    await ctx.db.insert(seasonStats).values(
      chunk.map((userId, k) => {
        const n = numbers(i + k);
        return {
          userId,
          seasonId: 'bench-s5',
          rate: n.rate,
          maxRate: n.maxRate,
          matchCount: n.matchCount,
          winCount: n.winCount,
          maxRateAt: now - (i + k),
        };
      }),
    );
  }
  for (let i = 0; i < ids.length; i += 8) {
    await ctx.db.execute(sql`update ${users} set penalty_count = ${numbers(i).penalty} where id = ${ids[i] as string}`);
  }
  const before = {
    records: await count(database, 'season_records'),
    awards: await count(database, 'season_awards'),
    badges: await count(database, 'user_badges'),
  };
  const started = performance.now();
  const result = await modules.seasons.endNow('bench-s5', 'dummy_bench');
  const seconds = (performance.now() - started) / 1000;
  const rows = {
    records: (await count(database, 'season_records')) - before.records,
    awards: (await count(database, 'season_awards')) - before.awards,
    badges: (await count(database, 'user_badges')) - before.badges,
  };
  console.log(
    `${label.padEnd(10)} ${PLAYERS} players: ${seconds.toFixed(2)} s ` +
      `(begin ${result.ms.begin} ms, freeze ${result.ms.freeze} ms, rewards ${result.ms.rewards} ms, finish ${result.ms.finish} ms); ` +
      `badges granted ${result.granted}; rows written: ${rows.records} records + ${rows.awards} awards + ${rows.badges} user_badges`,
  );
  await app.close();
  await database.close();
}

async function main(): Promise<void> {
  await run('PGlite', await openPglite(null));
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) await run('PostgreSQL', await openPostgres(pgUrl));
  else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL to a database of its own)');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
