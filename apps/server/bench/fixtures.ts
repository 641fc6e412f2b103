import { randomBytes } from 'node:crypto';
import { seasonMeta, simulatePopulation, simulateSeason } from '@rankmatch/engine';
import { INITIAL_RATE } from '@rankmatch/shared';
import { storePenaltyStates } from '../src/accounts/penalties.ts';
import { tokenExpiry } from '../src/auth/tokens.ts';
import type { AppContext } from '../src/context.ts';
import { bulkInsert } from '../src/db/bulk.ts';
import { seasons, settings, users } from '../src/db/schema.ts';
import { importSeason, nextImportIds } from '../src/matches/import.ts';
import { importWaveRuns } from '../src/waves/import.ts';

// Data the server benchmarks set up straight through drizzle (faster than thousands of HTTP logins).

const DAY = 86_400;

/** A season running from yesterday to tomorrow, the only active one. */
export async function activeBenchSeason(ctx: AppContext, id: string, name: string, now: number): Promise<void> {
  await ctx.db.update(seasons).set({ isActive: false });
  await ctx.db
    .insert(seasons)
    .values({ id, name, startDate: now - DAY, endDate: now + DAY, isActive: true, createdAt: now });
}

/** The waves make their matches at once (no ready check): the benchmarks time the match and its reports. */
export async function withoutReadyCheck(ctx: AppContext): Promise<void> {
  const row = { id: 'ready_check_seconds', value: '0' };
  await ctx.db.insert(settings).values(row).onConflictDoUpdate({ target: settings.id, set: row });
}

/** `count` test accounts named `${prefix}00001`…, each with an open session; returns their ids and tokens in order. */
export async function benchAccounts(
  ctx: AppContext,
  prefix: string,
  count: number,
  now: number,
): Promise<{ ids: string[]; tokens: string[] }> {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(5, '0')}`);
  for (let i = 0; i < ids.length; i += 1000) {
    await ctx.db.insert(users).values(
      ids.slice(i, i + 1000).map((id) => ({
        id,
        authSub: `dummy|${id}`,
        isDummy: true,
        trainerName: id,
        discordUsername: id,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  return { ids, tokens: await openBenchSessions(ctx, ids, now) };
}

/**
 * An open session for each of `userIds` (test accounts), written in bulk, and its signed access token (what
 * openSession does for one login), in order.
 */
export async function openBenchSessions(ctx: AppContext, userIds: readonly string[], now: number): Promise<string[]> {
  const expiresAt = tokenExpiry(now);
  const rows = userIds.map((userId) => ({
    id: randomBytes(18).toString('base64url'),
    user_id: userId,
    is_dummy: true,
    created_at: now,
    expires_at: expiresAt,
  }));
  await bulkInsert(
    ctx.db,
    'sessions',
    { id: 'text', user_id: 'text', is_dummy: 'boolean', created_at: 'bigint', expires_at: 'bigint' },
    rows,
  );
  const tokens: string[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    tokens.push(
      ...(await Promise.all(
        rows
          .slice(i, i + 1000)
          .map((r) => ctx.tokens.sign({ userId: r.user_id, sessionId: r.id, dummy: true, expiresAt })),
      )),
    );
  }
  return tokens;
}

/** Matches a simulated player plays in a week (the simulation's default habits), to size a simulated season. */
const MATCHES_PER_PLAYER_WEEK = 2.9;

export interface SimulatedSeason {
  matches: number;
  players: number;
  simulateMs: number;
  importMs: number;
}

/**
 * A season of about `matches` settled matches played by the engine's simulation (the demo data's generator, at
 * another size) over the four weeks before `now`, written in bulk: `prefix`00001… accounts, the season (active),
 * matches, players, reports, waves, season numbers and penalties.
 */
export async function simulatedBenchSeason(
  ctx: AppContext,
  options: { seasonId: string; name: string; prefix: string; matches: number; now: number; seed?: number },
): Promise<SimulatedSeason> {
  const weeks = 4;
  const seed = options.seed ?? 1;
  const count = Math.max(10, Math.round(options.matches / (MATCHES_PER_PLAYER_WEEK * weeks)));
  const start = options.now - weeks * 7 * DAY;
  await ctx.db.update(seasons).set({ isActive: false });
  await ctx.db.insert(seasons).values({
    id: options.seasonId,
    name: options.name,
    startDate: start,
    endDate: options.now + DAY,
    isActive: true,
    createdAt: options.now,
  });
  const accounts = Array.from({ length: count }, (_, i) => ({
    user_id: `${options.prefix}${String(i + 1).padStart(5, '0')}`,
    start_rate: INITIAL_RATE,
  }));
  await bulkInsert(
    ctx.db,
    'users',
    {
      id: 'text',
      auth_sub: 'text',
      is_dummy: 'boolean',
      trainer_name: 'text',
      discord_username: 'text',
      created_at: 'bigint',
      updated_at: 'bigint',
    },
    accounts.map((a) => ({
      id: a.user_id,
      auth_sub: `dummy|${a.user_id}`,
      is_dummy: true,
      trainer_name: a.user_id,
      discord_username: a.user_id,
      created_at: options.now,
      updated_at: options.now,
    })),
  );
  let mark = performance.now();
  const meta = seasonMeta(seed, options.seasonId);
  const ids = await nextImportIds(ctx.db);
  const season = simulateSeason({
    seed,
    season_id: options.seasonId,
    start,
    stop_waves: options.now - 2 * 3600,
    players: simulatePopulation({ seed, accounts, meta }),
    meta,
    rules: ctx.config.rules,
    first_match_id: ids.match,
    first_wave_id: ids.wave,
  });
  const simulateMs = performance.now() - mark;
  mark = performance.now();
  await importWaveRuns(ctx.db, season);
  await importSeason(ctx.db, season);
  await storePenaltyStates(ctx.db, season.penalties);
  return { matches: season.matches.length, players: count, simulateMs, importMs: performance.now() - mark };
}
