// `npm run bench:settlement`: settlement latency with 100 matches in progress at once.
// The real app listens on 127.0.0.1 (in-memory PGlite by default; BENCH_DATABASE_URL runs it on PostgreSQL), 1,000
// test accounts are queued and matched by a real wave into 100 matches, and each player has a real WebSocket
// subscribed to their match. Every match then gets one report from team A and the deciding report from team B
// over HTTP. Measured per match: from sending the deciding report to the moment the last of its ten players'
// sockets received the `done` match update (the "deciding report to the pushes"; target p99 ≤ 100 ms).
// Two shapes: "spread" (reports arrive over 10 s, as players finish at different times) and "burst" (all 100 deciding
// reports sent at the same instant: the worst case, every settlement queued behind the others).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type MatchReportInput, movesOf, type ServerMessage } from '@rankmatch/shared';
import { eq, sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { unixNow } from '../src/context.ts';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { matches, matchPlayers, queueEntries } from '../src/db/schema.ts';
import { MemoryBus } from '../src/events/bus.ts';
import { seedOnStart } from '../src/seed/index.ts';
import { activeBenchSeason, benchAccounts } from './fixtures.ts';

const MATCHES = Number(process.env.BENCH_MATCHES ?? 100);
const PLAYERS = MATCHES * 10;
const SPREAD_MS = 10_000;

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

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rankmatch-bench-settle-'));
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const database = pgUrl ? await openPostgres(pgUrl) : await openPglite(null);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-settlement-secret-that-is-long-enough-for-hs256-0123',
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'silent',
  });
  const { app, ctx, waves } = await buildApp({ config, database, logger: false, webDist: null, bus: new MemoryBus() });
  const now = unixNow();
  if (pgUrl) {
    await ctx.db.execute(
      sql`truncate match_reports, match_players, matches, wave_runs, queue_entries, season_stats, sessions, user_badges, audit_log, ranking_snapshots, seasons, users cascade`,
    );
  }
  await seedOnStart(database.db, config, now);
  await activeBenchSeason(ctx, 'bench-settle', '集計ベンチ', now);
  const accounts = await benchAccounts(ctx, 'dummy_stl_', PLAYERS, now);
  const { ids } = accounts;
  const tokenOf = new Map(ids.map((id, i) => [id, accounts.tokens[i] as string]));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${address.port}`;

  // One socket per player; `done` updates are timed on arrival.
  const doneAt = new Map<string, number[]>();
  const sockets = new Map<string, WebSocket>();
  const subscribed = new Map<string, () => void>();
  await Promise.all(
    ids.map(
      (id) =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(`ws://127.0.0.1:${address.port}/api/ws?token=${tokenOf.get(id)}`);
          ws.on('open', () => resolve());
          ws.on('error', reject);
          ws.on('message', (raw) => {
            const at = performance.now();
            // Plain JSON: validating every queue diff (1,000 user ids each) with zod would time this client, not the server.
            const msg = JSON.parse(String(raw)) as ServerMessage;
            if (msg.type === 'matchSubscribed') subscribed.get(`${id}:${msg.match_id}`)?.();
            if (msg.type === 'matchUpdate' && msg.data.status === 'done') {
              const list = doneAt.get(msg.data.match_id) ?? [];
              list.push(at);
              doneAt.set(msg.data.match_id, list);
            }
          });
          sockets.set(id, ws);
        }),
    ),
  );

  const post = async (url: string, token: string, body: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { status?: string };
    if (res.status !== 200) throw new Error(`${url} → ${res.status} ${JSON.stringify(json)}`);
    return json;
  };

  async function makeMatches(): Promise<{ id: string; a: string[]; b: string[] }[]> {
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
      made.push({
        id,
        a: rows.filter((r) => r.team === 'A').map((r) => r.userId),
        b: rows.filter((r) => r.team === 'B').map((r) => r.userId),
      });
    }
    // Every player subscribes to their match and waits for the confirmation.
    await Promise.all(
      made.flatMap((m) =>
        [...m.a, ...m.b].map(
          (userId) =>
            new Promise<void>((resolve) => {
              subscribed.set(`${userId}:${m.id}`, resolve);
              sockets.get(userId)?.send(JSON.stringify({ action: 'subscribeMatch', matchId: m.id }));
            }),
        ),
      ),
    );
    return made;
  }

  async function waitDone(matchId: string): Promise<number> {
    for (;;) {
      const list = doneAt.get(matchId);
      if (list && list.length >= 10) return Math.max(...list);
      await new Promise((r) => setTimeout(r, 2));
    }
  }

  async function run(shape: 'spread' | 'burst') {
    const made = await makeMatches();
    const latencies: number[] = [];
    const settle = async (m: (typeof made)[number]) => {
      await post(`/api/matches/${m.id}/report`, tokenOf.get(m.a[0] as string) as string, pick);
      return async () => {
        const sent = performance.now();
        const reply = await post(`/api/matches/${m.id}/report`, tokenOf.get(m.b[0] as string) as string, pick);
        if (reply.status !== 'done') throw new Error(`match ${m.id} did not settle`);
        latencies.push((await waitDone(m.id)) - sent);
      };
    };
    const started = performance.now();
    if (shape === 'burst') {
      const deciding = await Promise.all(made.map(settle));
      await Promise.all(deciding.map((d) => d()));
    } else {
      await Promise.all(
        made.map(async (m) => {
          await new Promise((r) => setTimeout(r, Math.random() * SPREAD_MS));
          const decide = await settle(m);
          await new Promise((r) => setTimeout(r, 200 + Math.random() * 1000));
          await decide();
        }),
      );
    }
    const wall = performance.now() - started;
    const done = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(matches).where(eq(matches.status, 'done'));
    latencies.sort((x, y) => x - y);
    const f = (v: number) => `${v.toFixed(1)} ms`;
    console.log(
      `${shape.padEnd(6)} ${MATCHES} matches: deciding report → last of 10 pushes  p50 ${f(percentile(latencies, 50))}` +
        `  p95 ${f(percentile(latencies, 95))}  p99 ${f(percentile(latencies, 99))}  max ${f(latencies.at(-1) ?? Number.NaN)}` +
        `  (wall ${(wall / 1000).toFixed(1)} s, matches done in total ${done[0]?.n})`,
    );
    return percentile(latencies, 99);
  }

  console.log(`bench:settlement on ${pgUrl ? 'PostgreSQL' : 'PGlite (in memory)'}, ${PLAYERS} players with sockets`);
  const spread = await run('spread');
  await run('burst');
  console.log(`target: spread p99 ≤ 100 ms → ${spread <= 100 ? 'met' : 'NOT met'}`);
  for (const ws of sockets.values()) ws.close();
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
