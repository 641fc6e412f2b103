import {
  type AchievementStatus,
  type PenaltyState,
  type PlayedMatch,
  type RatingAccuracy,
  ratingAccuracy,
  reachedAt,
  type SeasonSimulation,
  type SimAccount,
  type SimPlayer,
  seasonMeta,
  simulatePopulation,
  simulateSeason,
} from '@rankmatch/engine';
import { ROLES, type Role } from '@rankmatch/shared';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { penaltyStateOf, storePenaltyStates } from '../accounts/penalties.ts';
import { setRegistrationDates } from '../accounts/writes.ts';
import type { AchievementsModule } from '../achievements/module.ts';
import { seedDummyAccounts } from '../auth/dummy.ts';
import { type DummySeed, dummySeeds } from '../auth/dummy-accounts.ts';
import { backdateGrants, grantBadges } from '../badges/service.ts';
import type { AppContext } from '../context.ts';
import { matches, matchPlayers, users } from '../db/schema.ts';
import { importSeason, nextImportIds } from '../matches/import.ts';
import type { SeasonsModule } from '../seasons/module.ts';
import { findSeason, type SeasonRow } from '../seasons/queries.ts';
import { activateIfNoneActive, backdateSeasonEnd, insertSeasonRecord } from '../seasons/service.ts';
import { importWaveRuns } from '../waves/import.ts';

// Demo data for development starts: a ladder that was really played. The engine's simulation plays a finished
// season and four weeks of the running one through the real rules (matchmaking waves on the MMR, reports,
// settlement, the displayed rate and the MMR, penalties) with 60 test accounts of hidden skill; the result is written in bulk, the past season is ended by the
// real season end (records, rewards, the penalty rule), achievements are evaluated by the real service. Seeded once:
// a restart finds the demo season and does nothing.

const DAY = 86_400;
/** The simulation's seed: the same seed and start time give the same demo. */
export const DEMO_SEED = 2026;
export const DEMO_SEASON_ID = 'demo-season-2';
export const DEMO_PAST_SEASON_ID = 'demo-season-1';
/** The test account one match away from 100 in the demo season (the achievement toast can be tried at once). */
export const DEMO_NEAR_MILESTONE_ID = 'dummy_29';
const NEAR_MILESTONE_MATCHES = 99;
/** Weeks of play simulated in each demo season. */
const WEEKS = 4;
/** No wave in the last 90 minutes before the start, so every simulated match has settled and closed its reports. */
const QUIET_BEFORE_NOW = 90 * 60;

/** 30 more test accounts (dummy_31…dummy_60), so the demo ladder has 60 players. */
const COMMUNITY_NAMES = [
  'よるのすけ',
  'みかん大福',
  'ソラ@社会人',
  'ねこまんま',
  'たこ焼き名人',
  'ゆうき',
  'ほのか',
  'しろくま',
  'りんご飴',
  'カイト',
  'こはる',
  'あおい',
  'ミナト',
  'つばさ',
  'はやて',
  'もちこ',
  'レン',
  'さくら餅',
  'ひなた',
  'コタロウ',
  'ユズ',
  'ましろ',
  'アキラ',
  'ちくわ',
  'ぽてと',
  'シオン',
  'ルナ',
  'かえで',
  'イブキ',
  'ナギ',
];

export function communitySeeds(): DummySeed[] {
  return COMMUNITY_NAMES.map((name, i) => {
    const n = String(31 + i);
    return {
      id: `dummy_${n}`,
      trainerName: name,
      discordUsername: `test_player_${n}`,
      rate: 1500,
      preferredRole: ROLES[(i * 2) % ROLES.length] as Role,
      isAdmin: false,
    };
  });
}

/** The simulated accounts: the spec's 30 test players and the 30 community ones (not the admin, not the special id). */
function demoAccounts(): SimAccount[] {
  const players = [...dummySeeds().filter((s) => /^dummy_\d+$/.test(s.id)), ...communitySeeds()];
  return players.map((s) => ({
    user_id: s.id,
    start_rate: s.rate,
    role: s.preferredRole,
    ...(s.id === DEMO_NEAR_MILESTONE_ID ? { max_matches: NEAR_MILESTONE_MATCHES } : {}),
  }));
}

/** Local (Japan) midnight at or before `t`. */
const japanMidnight = (t: number) => Math.floor((t + 9 * 3600) / DAY) * DAY - 9 * 3600;

export interface DemoCalendar {
  past: { start: number; end: number };
  current: { start: number; stopWaves: number; end: number };
}

/** The running season began four weeks before today; the past one ran four weeks and ended two weeks before that. */
export function demoCalendar(now: number): DemoCalendar {
  const currentStart = japanMidnight(now) - WEEKS * 7 * DAY;
  const pastEnd = currentStart - 14 * DAY;
  return {
    past: { start: pastEnd - WEEKS * 7 * DAY, end: pastEnd },
    current: { start: currentStart, stopWaves: now - QUIET_BEFORE_NOW, end: now + 60 * DAY },
  };
}

export interface DemoSummary {
  matches: number;
  reports: number;
  accuracy: RatingAccuracy;
  ms: number;
}

interface DemoDeps {
  ctx: AppContext;
  seasons: Pick<SeasonsModule, 'finishPending'>;
  achievements: Pick<AchievementsModule, 'evaluate'>;
}

/** How well the running season's ratings (the displayed rate, the MMR) and the start rates rank the hidden skill. */
function accuracyOf(players: readonly SimPlayer[], seasonsPlayed: readonly SeasonSimulation[]): RatingAccuracy {
  const last = seasonsPlayed[seasonsPlayed.length - 1] as SeasonSimulation;
  return ratingAccuracy(
    players.flatMap((p) => {
      const s = last.stats.get(p.user_id);
      const mmr = last.mmr.get(p.user_id);
      return s && mmr
        ? [{ skill: p.skill, rate: s.rate, mu: mmr.mu, start: p.start_rate, matches: s.match_count }]
        : [];
    }),
    seasonsPlayed.flatMap((s) => s.predictions),
  );
}

async function penaltiesOf(ctx: AppContext, ids: string[]): Promise<Map<string, PenaltyState>> {
  const rows = await ctx.db.select().from(users).where(inArray(users.id, ids));
  return new Map(rows.map((u) => [u.id, penaltyStateOf(u)]));
}

/** Every rated match each player played so far (the imported seasons), for dating what they reached. */
async function historiesOf(ctx: AppContext): Promise<Map<string, PlayedMatch[]>> {
  const rows = await ctx.db
    .select({
      userId: matchPlayers.userId,
      seasonId: matches.seasonId,
      at: matches.settledAt,
      role: matchPlayers.role,
      team: matchPlayers.team,
      winner: matches.winner,
    })
    .from(matchPlayers)
    .innerJoin(matches, eq(matches.id, matchPlayers.matchId))
    .where(and(isNotNull(matches.winner), isNotNull(matches.settledAt)));
  const histories = new Map<string, PlayedMatch[]>();
  for (const r of rows) {
    const list = histories.get(r.userId) ?? [];
    list.push({ at: r.at ?? 0, seasonId: r.seasonId, role: r.role, won: r.team === r.winner });
    histories.set(r.userId, list);
  }
  return histories;
}

/** The achievements of a played season, each dated at the settlement that reached it (as live play would have). */
async function evaluatePlayed(deps: DemoDeps, season: SeasonRow, ids: string[]): Promise<void> {
  const histories = await historiesOf(deps.ctx);
  await deps.achievements.evaluate(season, ids, {
    reachedAt: (userId: string, status: AchievementStatus) => reachedAt(status, histories.get(userId) ?? [], season.id),
  });
}

/** A number from an id, the same on every run (spreads the demo's dates). */
function idHash(id: string): number {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return hash;
}

/**
 * Every test account registered before its first match: one to fourteen days (and some hours) before it, or before
 * the first demo season for those who never played.
 */
async function backdateRegistrations(ctx: AppContext, siteOpened: number): Promise<void> {
  const firsts = await ctx.db
    .select({ id: users.id, first: sql<number | null>`min(${matches.matchedAt})` })
    .from(users)
    .leftJoin(matchPlayers, eq(matchPlayers.userId, users.id))
    .leftJoin(matches, eq(matches.id, matchPlayers.matchId))
    .where(eq(users.isDummy, true))
    .groupBy(users.id);
  await setRegistrationDates(
    ctx.db,
    firsts.map((f) => {
      const hash = idHash(f.id);
      return { id: f.id, createdAt: Number(f.first ?? siteOpened) - DAY * (1 + (hash % 14)) - ((hash >>> 4) % DAY) };
    }),
  );
}

/**
 * Badges the operators handed out by hand (catalogue entries without a condition), to a few accounts. Everything
 * else a demo player owns was earned in the seasons above (rewards, achievements); nothing was bought.
 */
const OPERATOR_BADGES: readonly { userId: string; badgeId: string; days: number }[] = [
  { userId: 'dummy_01', badgeId: 'badge_134', days: 3 }, // 配信者
  { userId: 'dummy_07', badgeId: 'badge_135', days: 9 }, // 実況解説
  { userId: 'dummy_12', badgeId: 'badge_137', days: 16 }, // バグハンター
  { userId: 'dummy_23', badgeId: 'badge_136', days: 20 }, // 翻訳協力
];

/** Seeds the demo seasons once; returns what was simulated, or null when the demo exists already. */
export async function seedDemoData(deps: DemoDeps, now: number): Promise<DemoSummary | null> {
  const { ctx } = deps;
  const db = ctx.db;
  if (await findSeason(db, DEMO_SEASON_ID)) return null;
  const started = performance.now();
  await seedDummyAccounts(db, ctx.config, now, communitySeeds());
  const calendar = demoCalendar(now);
  const accounts = demoAccounts();
  const ids = accounts.map((a) => a.user_id);
  const players = simulatePopulation({
    seed: DEMO_SEED,
    accounts,
    meta: seasonMeta(DEMO_SEED, DEMO_PAST_SEASON_ID),
  });
  const past = await playPastSeason(deps, calendar, players, ids);
  const current = await playRunningSeason(deps, calendar, players, ids, past);
  await grantOperatorBadges(deps, calendar);
  await backdateRegistrations(ctx, calendar.past.start - 7 * DAY);

  const played = [past, current];
  return {
    matches: played.reduce((n, s) => n + s.matches.length, 0),
    reports: played.reduce((n, s) => n + s.matches.reduce((k, m) => k + m.reports.length, 0), 0),
    accuracy: accuracyOf(players, played),
    ms: Math.round(performance.now() - started),
  };
}

/** The past season: played, then ended by the real season end (records, rewards, the season change's penalty rule). */
async function playPastSeason(
  deps: DemoDeps,
  calendar: DemoCalendar,
  players: SimPlayer[],
  ids: string[],
): Promise<SeasonSimulation> {
  const { ctx } = deps;
  const db = ctx.db;
  const rules = ctx.config.rules;
  await insertSeasonRecord(db, {
    id: DEMO_PAST_SEASON_ID,
    name: 'デモシーズン1',
    description: '開発用のデモデータです（終了済みシーズン）。シミュレーションで実際のルールどおりに対戦しました。',
    startDate: calendar.past.start,
    endDate: calendar.past.end,
    themeColor: '#3f6fd8',
    createdAt: calendar.past.start - 7 * DAY,
  });
  const ids0 = await nextImportIds(db);
  const past = simulateSeason({
    seed: DEMO_SEED,
    season_id: DEMO_PAST_SEASON_ID,
    start: calendar.past.start,
    stop_waves: calendar.past.end - QUIET_BEFORE_NOW,
    players,
    meta: seasonMeta(DEMO_SEED, DEMO_PAST_SEASON_ID),
    penalties: await penaltiesOf(ctx, ids),
    rules,
    first_match_id: ids0.match,
    first_wave_id: ids0.wave,
  });
  await db.transaction(async (tx) => {
    await importWaveRuns(tx, past);
    await importSeason(tx, past);
    await storePenaltyStates(tx, past.penalties);
  });
  const pastRow = await findSeason(db, DEMO_PAST_SEASON_ID);
  if (pastRow) await evaluatePlayed(deps, pastRow, ids);
  await backdateSeasonEnd(db, DEMO_PAST_SEASON_ID, { endingStartedAt: calendar.past.end });
  await deps.seasons.finishPending();
  // The end ran now; in the demo's history it ran when the season's end date passed, and so did its rewards.
  await backdateSeasonEnd(db, DEMO_PAST_SEASON_ID, { endedAt: calendar.past.end });
  await backdateGrants(db, { source: 'season', reference: DEMO_PAST_SEASON_ID, at: calendar.past.end });
  return past;
}

/** The running season, from the penalties the season change left and the MMRs the past season carried over. */
async function playRunningSeason(
  deps: DemoDeps,
  calendar: DemoCalendar,
  players: SimPlayer[],
  ids: string[],
  past: SeasonSimulation,
): Promise<SeasonSimulation> {
  const { ctx } = deps;
  const db = ctx.db;
  const rules = ctx.config.rules;
  await insertSeasonRecord(db, {
    id: DEMO_SEASON_ID,
    name: 'デモシーズン2',
    description: '開発用のデモシーズンです。すぐにマッチングに参加できます。',
    startDate: calendar.current.start,
    endDate: calendar.current.end,
    themeColor: '#ff6b35',
    createdAt: calendar.past.end - 7 * DAY,
  });
  // Active only when no other season is.
  await activateIfNoneActive(db, DEMO_SEASON_ID);
  const ids0 = await nextImportIds(db);
  const current = simulateSeason({
    seed: DEMO_SEED,
    season_id: DEMO_SEASON_ID,
    start: calendar.current.start,
    stop_waves: calendar.current.stopWaves,
    players,
    meta: seasonMeta(DEMO_SEED, DEMO_SEASON_ID),
    penalties: await penaltiesOf(ctx, ids),
    mmr: past.mmr,
    rules,
    first_match_id: ids0.match,
    first_wave_id: ids0.wave,
  });
  await db.transaction(async (tx) => {
    await importWaveRuns(tx, current);
    await importSeason(tx, current);
    await storePenaltyStates(tx, current.penalties);
  });
  const currentRow = await findSeason(db, DEMO_SEASON_ID);
  if (currentRow) await evaluatePlayed(deps, currentRow, ids);
  return current;
}

/** The operators' badges (streamer, commentator, bug hunter, translator), given during the running season. */
async function grantOperatorBadges(deps: DemoDeps, calendar: DemoCalendar): Promise<void> {
  await deps.ctx.write((work) =>
    grantBadges(
      work,
      OPERATOR_BADGES.map((b) => ({
        userId: b.userId,
        badgeId: b.badgeId,
        source: 'seed' as const,
        reference: null,
        now: calendar.current.start + b.days * DAY,
      })),
    ),
  );
}
