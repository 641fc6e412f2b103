// The first wall (issue 37): `BENCH_DATABASE_URL=postgres://… npm run bench:scale` (BENCH_SCALE_SIZES=25000,50000,100000).
// One wave over N queued players through the real runner on PostgreSQL: the app's wave job (waves.run, as an admin's
// trigger runs it) on a queue of N test accounts with spread rates and roles, in one transaction that holds the
// queue's lock from its first statement to its commit. Printed per N: the transaction (wait, body, commit), the
// engine's share of it (the same entries through runWave in this process), the read of the waiting entries, and the
// rows written (PostgreSQL's own counters), so the curve shows which part grows first. With BENCH_REDIS_URL, three
// instances (BENCH_INSTANCES) share the database and a Redis channel, in this process: the fan-out is timed from the
// wave's commit to the last match.found on each instance's bus (what its hub turns into socket frames; the sockets'
// own cost is bench:ws's). Every table the bench fills is emptied first: give it a database of its own.

import { runWave } from '@rankmatch/engine';
import { ROLES } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { unixNow } from '../src/context.ts';
import { bulkInsert } from '../src/db/bulk.ts';
import { waitingEntries } from '../src/queue/service.ts';
import { markedActiveSeason } from '../src/seasons/queries.ts';
import { seedOnStart } from '../src/seed/index.ts';
import { activeBenchSeason, withoutReadyCheck } from './fixtures.ts';
import { type BenchInstance, benchChannel, startInstance } from './instance.ts';
import { TransactionProbe } from './probe.ts';
import { mono } from './stats.ts';

const PG_URL = process.env.BENCH_DATABASE_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL;
/** With Redis: instances on one database and one channel; the wave runs on the first. */
const INSTANCES = REDIS_URL ? Math.max(1, Number(process.env.BENCH_INSTANCES ?? 3)) : 1;
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '25000,50000,100000').split(',').map(Number);

const ms = (x: number) => `${x.toFixed(0)} ms`;

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
    const id = `scale${String(i + 1).padStart(6, '0')}`;
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

const sleep = (msec: number) => new Promise((resolve) => setTimeout(resolve, msec));

/** PostgreSQL's row counters per table; a backend reports its own at most once a second, so wait for them. */
async function counters(instance: BenchInstance): Promise<Record<string, { ins: number; upd: number; del: number }>> {
  await sleep(1500);
  await instance.ctx.db.execute(sql`select pg_stat_clear_snapshot()`);
  const rows = (await instance.ctx.db.execute(
    sql`select relname, n_tup_ins::int as ins, n_tup_upd::int as upd, n_tup_del::int as del from pg_stat_user_tables`,
  )) as unknown as { rows?: { relname: string; ins: number; upd: number; del: number }[] };
  const list = rows.rows ?? (rows as unknown as { relname: string; ins: number; upd: number; del: number }[]);
  return Object.fromEntries(list.map((r) => [r.relname, { ins: r.ins, upd: r.upd, del: r.del }]));
}

async function fill(instance: BenchInstance, n: number): Promise<void> {
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
  await bulkInsert(
    ctx.db,
    'queue_entries',
    { user_id: 'text', roles: 'jsonb', joined_at: 'bigint', waves_missed: 'int' },
    entries,
  );
  await ctx.db.execute(sql`analyze`);
}

/** When each instance's bus delivered its last match.found, and how many, from `since` on. */
function watchFound(instances: BenchInstance[]) {
  const seen = instances.map(() => ({ count: 0, last: 0 }));
  const stops = instances.map((instance, k) =>
    instance.bus.subscribe((event) => {
      if (event.type !== 'match.found') return;
      const s = seen[k] as { count: number; last: number };
      s.count += 1;
      s.last = mono();
    }),
  );
  return {
    reset: () => {
      for (const s of seen) Object.assign(s, { count: 0, last: 0 });
    },
    seen,
    stop: () => {
      for (const stop of stops) stop();
    },
  };
}

async function measure(
  instances: BenchInstance[],
  probe: TransactionProbe,
  found: ReturnType<typeof watchFound>,
  n: number,
): Promise<void> {
  const instance = instances[0] as BenchInstance;
  await fill(instance, n);
  const { ctx } = instance;
  // The read the wave does first, alone (outside the wave, same statement), and the engine on what it returns.
  const season = await markedActiveSeason(ctx.db);
  if (!season) throw new Error('no season');
  const readStart = performance.now();
  const rows = await ctx.db.transaction((tx) => waitingEntries(tx, season.id, unixNow()));
  const readMs = performance.now() - readStart;
  const engineStart = performance.now();
  const made = runWave(
    rows.map((r) => ({
      user_id: r.entry.userId,
      rate: Math.round(Number(r.mu)),
      roles: r.entry.roles as (typeof ROLES)[number][],
      joined_at: r.entry.joinedAt,
      waves_missed: r.entry.wavesMissed,
    })),
    unixNow(),
    { seed: 1 },
  );
  const engineMs = performance.now() - engineStart;
  const before = await counters(instance);
  probe.reset();
  found.reset();
  const started = mono();
  const outcome = await instance.waves.run({ force: true });
  const wallMs = mono() - started;
  const timing = probe.report();
  const committed = started + timing.wait.max + timing.body.max + timing.commit.max;
  const expected = outcome.created_matches.length;
  const deadline = Date.now() + 60_000;
  while (found.seen.some((s) => s.count < expected) && Date.now() < deadline) await sleep(20);
  const tx = timing;
  const after = await counters(instance);
  const written = Object.entries(after)
    .map(([table, c]) => {
      const b = before[table] ?? { ins: 0, upd: 0, del: 0 };
      return [table, c.ins - b.ins, c.upd - b.upd, c.del - b.del] as const;
    })
    .filter(([, i, u, d]) => i + u + d > 0)
    .map(([table, i, u, d]) => `${table} +${i}${u ? ` ~${u}` : ''}${d ? ` −${d}` : ''}`);
  console.log(
    `N=${n.toLocaleString('en')}: wave ${ms(wallMs)} wall; transaction (queue lock held) body ${ms(tx.body.max)} + ` +
      `commit ${ms(tx.commit.max)}; its parts measured alone: read ${ms(readMs)}, engine ${ms(engineMs)} ` +
      `(${made.matches.length} matches); wave: matched ${outcome.matched} of ${outcome.candidates}, ` +
      `${outcome.created_matches.length.toLocaleString('en')} matches\n  rows: ${written.join(', ')}\n  match.found ` +
      found.seen
        .map(
          (s, k) =>
            `instance ${k + 1}: ${s.count.toLocaleString('en')} (last ${ms(s.last - committed)} after the commit)`,
        )
        .join('; '),
  );
}

async function main(): Promise<void> {
  if (!PG_URL) throw new Error('BENCH_DATABASE_URL (a PostgreSQL database the bench may empty) is required');
  const channel = benchChannel('scale');
  const instances: BenchInstance[] = [];
  for (let k = 0; k < INSTANCES; k++) {
    instances.push(await startInstance({ label: `scale${k}`, databaseUrl: PG_URL, redisUrl: REDIS_URL, channel }));
  }
  const probe = new TransactionProbe((instances[0] as BenchInstance).ctx.db);
  const found = watchFound(instances);
  try {
    console.log(
      `bench:scale on PostgreSQL${REDIS_URL ? ` + Redis, ${INSTANCES} instances` : ''}, one wave per size (${SIZES.join(', ')})`,
    );
    for (const n of SIZES) await measure(instances, probe, found, n);
  } finally {
    found.stop();
    for (const instance of instances) await instance.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
