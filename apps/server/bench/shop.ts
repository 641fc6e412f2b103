// bench:shop — 100 paid orders, their checkout.session.completed events each delivered twice, all 200 deliveries at
// once over HTTP to the real server (in-memory PGlite by default; BENCH_DATABASE_URL runs it on PostgreSQL), with the
// real Stripe SDK reading sessions from the local fake. Checks exactly 100 fulfilments and prints delivery times.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BADGE_CONDITION_SHOP, BADGES } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { unixNow } from '../src/context.ts';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { MemoryBus } from '../src/events/bus.ts';
import { seedOnStart } from '../src/seed/index.ts';
import { FakeStripe } from '../test/helpers/fake-stripe.ts';
import { benchAccounts } from './fixtures.ts';

const ORDERS = 100;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function main(): Promise<void> {
  const stripe = new FakeStripe();
  const apiBase = await stripe.start();
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const database = pgUrl ? await openPostgres(pgUrl) : await openPglite(null);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'rankmatch-bench-shop-')),
    JWT_SECRET: 'bench-shop-secret-that-is-long-enough-for-hs256-0123456789',
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'silent',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: apiBase,
  });
  const { app, ctx } = await buildApp({ config, database, logger: false, webDist: null, bus: new MemoryBus() });
  const now = unixNow();
  if (pgUrl) {
    await ctx.db.execute(
      sql`truncate orders, test_payments, season_awards, season_records, user_achievements, match_reports, match_players, matches, wave_runs, queue_entries, season_stats, sessions, user_badges, audit_log, ranking_snapshots, seasons, users cascade`,
    );
  }
  await seedOnStart(database.db, config, now);
  const { tokens } = await benchAccounts(ctx, 'dummy_shop_', ORDERS, now);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${address.port}`;
  const badgeId = BADGES.find((b) => b.condition === BADGE_CONDITION_SHOP && b.price > 0)?.id as string;

  const sessions: string[] = [];
  for (const token of tokens) {
    const res = await fetch(`${base}/api/shop/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ badgeId }),
    });
    if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${await res.text()}`);
    const { session_id } = (await res.json()) as { session_id: string };
    stripe.pay(session_id);
    sessions.push(session_id);
  }
  const deliveries = sessions.flatMap((id) => {
    const event = stripe.event('checkout.session.completed', stripe.session(id));
    return [event, event];
  });
  const started = performance.now();
  const times = await Promise.all(
    deliveries.map(async ({ payload, signature }) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/shop/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      if (res.status !== 200) throw new Error(`webhook ${res.status}: ${await res.text()}`);
      return performance.now() - t0;
    }),
  );
  const wall = performance.now() - started;
  const count = async (query: ReturnType<typeof sql>) =>
    ((await ctx.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
  const fulfilled = await count(sql`select count(*)::int as n from orders where status = 'fulfilled'`);
  const granted = await count(sql`select count(*)::int as n from user_badges where source = 'purchase'`);
  const sales = await count(sql`select current_sales as n from badges where id = ${badgeId}`);
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${pgUrl ? 'PostgreSQL' : 'PGlite'}: ${deliveries.length} deliveries for ${ORDERS} orders in ${(wall / 1000).toFixed(2)} s; ` +
      `fulfilled ${fulfilled}, badges granted ${granted}, current_sales ${sales} ` +
      `(${fulfilled === ORDERS && granted === ORDERS && sales === ORDERS ? 'exactly once' : 'WRONG'}); ` +
      `delivery → reply p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`,
  );
  await app.close();
  await database.close();
  await stripe.stop();
  if (fulfilled !== ORDERS || granted !== ORDERS || sales !== ORDERS) process.exit(1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
