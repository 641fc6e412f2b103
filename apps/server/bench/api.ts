// API benchmark: `npm run bench:api`.
// The real app (buildApp on an in-memory PGlite, a season of 300 players, ranking calculated) and a bare Fastify
// hello-world listen on 127.0.0.1 in this process; a load generator in a worker thread (plain node:http with a
// keep-alive agent, so it does not share the servers' event loop) measures requests per second of
// GET /api/public/ranking against the bare route and prints both and the ratio (goal ≥ 50 %).
// Tunables: BENCH_CONNECTIONS (50), BENCH_WARMUP_MS (1000), BENCH_DURATION_MS (5000); BENCH_SAME_BODY=1 also
// measures the bare server sending the ranking's bytes (what the payload alone costs). Exits by itself.
import { tmpdir } from 'node:os';
import { RANKING_SIZE, rankingReplySchema } from '@rankmatch/shared';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { unixNow } from '../src/context.ts';
import { openPglite } from '../src/db/client.ts';
import { seasonStats, seasons, users } from '../src/db/schema.ts';
import { seedOnStart } from '../src/seed/index.ts';
import { address, CONNECTIONS, DURATION_MS, type LoadResult, load, WARMUP_MS } from './load.ts';

const SAME_BODY = process.env.BENCH_SAME_BODY === '1';
const PLAYERS = 300;
const GOAL = 0.5;
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

async function main(): Promise<void> {
  const hardStop = setTimeout(() => {
    console.error('benchmark took too long; exiting');
    process.exit(1);
  }, 120_000);
  hardStop.unref();

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

  const rankingUrl = `${address(app)}/api/public/ranking`;
  const bareUrl = `${address(bare)}/hello`;
  // The route serves the real top 100 before it is measured.
  const check = rankingReplySchema.parse(await (await fetch(rankingUrl)).json());
  if (check.rankings.length !== RANKING_SIZE || check.season_id !== 'bench') throw new Error('unexpected ranking');

  console.log(
    `GET /api/public/ranking vs a bare Fastify route: ${CONNECTIONS} keep-alive connections, ` +
      `${WARMUP_MS} ms warm-up, ${DURATION_MS} ms measured each (${PLAYERS} players, top ${RANKING_SIZE})`,
  );
  const bareResult = await load(bareUrl);
  const appResult = await load(rankingUrl);
  const sameBodyResult = SAME_BODY ? await load(`${address(bare)}/same-body`) : null;

  const line = (name: string, r: LoadResult) =>
    `${name.padEnd(40)} ${Math.round(r.rps).toString().padStart(7)} req/s  ` +
    `p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  ${(r.bytesPerReply / 1024).toFixed(1)} KB/reply  ` +
    `${r.errors} errors`;
  console.log(line('bare Fastify   GET /hello', bareResult));
  console.log(line('rankmatch      GET /api/public/ranking', appResult));
  if (sameBodyResult) console.log(line('bare Fastify   same bytes as the ranking', sameBodyResult));
  const ratio = appResult.rps / bareResult.rps;
  console.log(
    `ratio: ${(ratio * 100).toFixed(1)} % of the bare route (goal ≥ ${GOAL * 100} %): ${ratio >= GOAL ? 'PASS' : 'FAIL'}`,
  );

  await bare.close();
  await app.close();
  await database.close();
  process.exit(appResult.errors + bareResult.errors + (sameBodyResult?.errors ?? 0) > 0 ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
