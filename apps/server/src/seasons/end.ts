import { reportDeadline, type SeasonReward, seasonRewards } from '@rankmatch/engine';
import { type AdminSeason, PENALTY_BLOCK_THRESHOLD, seasonAwardsOf } from '@rankmatch/shared';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { clearPenaltiesAtSeasonChange, effectivePenaltySql } from '../accounts/penalties.ts';
import { type BadgeGrant, grantBadges } from '../badges/service.ts';
import type { AppContext } from '../context.ts';
import type { Executor, Tx } from '../db/client.ts';
import { matches, seasonAwards, seasonRecords, seasonStats, seasons, users } from '../db/schema.ts';
import type { Work } from '../events/unit.ts';
import { AppError } from '../http/errors.ts';
import type { Job } from '../jobs/scheduler.ts';
import { activateNextSeason, beginEnd, markEnded } from './activation.ts';
import { presentSeason } from './presenter.ts';
import { findSeason, rankingOrder, type SeasonRow } from './queries.ts';

// The season end, in steps that are each one transaction safe to repeat (begin, freeze the records, rewards in
// batches, finish: the penalty rule and ended_at), so a run that dies half-way is finished by the next and grants
// nothing twice; the records wait for the season's last matches (docs/seasons.md).

export const SEASON_END_JOB = 'season-end';
const EVERY_MINUTE = '* * * * *';
/** Players whose rewards are granted per transaction. */
export const REWARD_BATCH = 1000;

/**
 * Penalties at the season change (the reference site's rule): a player whose effective penalty is at most 5 starts
 * the new season clean (count, correction, progress and timeout cleared); 6 or more, which blocks queueing, stays
 * until an admin clears it.
 */
export const PENALTY_CLEAR_MAX = PENALTY_BLOCK_THRESHOLD - 1;

/** An admin's end of one season (a run of the job on demand). */
export interface SeasonEndOrder {
  seasonId: string;
  actorId: string;
}

export interface SeasonEndResult {
  season_id: string;
  players: number;
  granted: number;
  /** Matches of the season still open (or whose penalties are not processed yet): the end waits for them. */
  unfinished: number;
  /** Milliseconds each step took (the benchmark prints them). */
  ms: { begin: number; freeze: number; rewards: number; finish: number };
}

/** The season end's job: its minute turns end what is due; an admin's end is a run of the same job (one lock). */
export type SeasonEndJob = Job<SeasonEndResult[], SeasonEndOrder>;

/** Players per reward transaction (tests make it small to fail between batches). */
export interface SeasonEndOptions {
  batchSize: number;
}

export function defineSeasonEnd(ctx: AppContext, options: SeasonEndOptions): SeasonEndJob {
  return ctx.jobs.define<SeasonEndResult[], SeasonEndOrder>({
    name: SEASON_END_JOB,
    schedule: { cron: EVERY_MINUTE },
    run: async (order) =>
      order ? [await endSeason(ctx, options, order.seasonId, order.actorId)] : endDueSeasons(ctx, options),
    quiet: true,
  });
}

/**
 * A turn of the job: ends (or finishes ending) every season that is due, including those that became due
 * meanwhile; then, when no season is active any more, the next one becomes active (see activateNextSeason).
 */
async function endDueSeasons(ctx: AppContext, options: SeasonEndOptions): Promise<SeasonEndResult[]> {
  const results: SeasonEndResult[] = [];
  const seen = new Set<string>();
  for (let round = 0; round < 10; round++) {
    const due = (await dueSeasons(ctx)).filter((id) => !seen.has(id));
    if (due.length === 0) break;
    for (const id of due) {
      seen.add(id);
      results.push(await endSeason(ctx, options, id, null));
    }
  }
  const next = await ctx.write((work) => activateNextSeason(work, ctx.now()));
  if (next) ctx.log.info({ season_id: next.id, start_date: next.startDate }, 'next season activated');
  return results;
}

async function dueSeasons(ctx: AppContext): Promise<string[]> {
  const now = ctx.now();
  const rows = await ctx.db
    .select({ id: seasons.id })
    .from(seasons)
    .where(
      and(
        isNull(seasons.endedAt),
        or(isNotNull(seasons.endingStartedAt), and(eq(seasons.isActive, true), lte(seasons.endDate, now))),
      ),
    )
    .orderBy(asc(seasons.endDate));
  return rows.map((r) => r.id);
}

/** An admin ends a season now (or finishes an end that stopped half-way). 409 when it has ended or is ending elsewhere. */
export async function endSeasonNow(
  ctx: AppContext,
  job: SeasonEndJob,
  seasonId: string,
  actorId: string,
): Promise<SeasonEndResult> {
  const season = await findSeason(ctx.db, seasonId);
  if (!season) throw new AppError('SEASON_NOT_FOUND');
  if (season.endedAt !== null) throw new AppError('SEASON_ALREADY_ENDED');
  const outcome = await job.run({ seasonId, actorId });
  if (!outcome.ran || !outcome.value[0]) throw new AppError('SEASON_END_RUNNING');
  return outcome.value[0];
}

/**
 * Finishes the ends that are due now (after an activation began one). While another run holds the lock, waits for
 * it and looks again (that run may have started before this end began), for a few seconds at most; the job
 * finishes whatever is left within a minute.
 */
export async function finishPendingEnds(job: SeasonEndJob): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    if ((await job.run()).ran) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** All four steps; each returns at once when its work is already done. */
async function endSeason(
  ctx: AppContext,
  options: SeasonEndOptions,
  seasonId: string,
  actorId: string | null,
): Promise<SeasonEndResult> {
  const { db } = ctx;
  const now = ctx.now();
  let mark = performance.now();
  const lap = () => {
    const at = performance.now();
    const ms = Math.round(at - mark);
    mark = at;
    return ms;
  };
  const season = await db.transaction((tx) => begin(tx, seasonId, actorId, now));
  if (!season) throw new AppError('SEASON_ALREADY_ENDED');
  const begun = lap();
  // The season's last matches count for it: the records wait until each is settled and its penalties processed
  // (at most a report window after the end; the job looks again every minute).
  const unfinished = await unfinishedMatches(db, seasonId);
  if (unfinished > 0) {
    return {
      season_id: seasonId,
      players: 0,
      granted: 0,
      unfinished,
      ms: { begin: begun, freeze: 0, rewards: 0, finish: 0 },
    };
  }
  await db.transaction((tx) => freeze(tx, seasonId));
  const frozen = lap();
  const granted = await reward(ctx, options, season, now);
  const rewards = lap();
  await ctx.write((work) => finish(work, seasonId, now));
  const finished = lap();
  ctx.log.info({ season_id: seasonId, granted }, 'season ended');
  const [players] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(seasonRecords)
    .where(eq(seasonRecords.seasonId, seasonId));
  return {
    season_id: seasonId,
    players: players?.n ?? 0,
    granted,
    unfinished: 0,
    ms: { begin: begun, freeze: frozen, rewards, finish: finished },
  };
}

/** Step 1. Returns the season, or null when it has already ended. */
async function begin(tx: Tx, seasonId: string, actorId: string | null, now: number): Promise<SeasonRow | null> {
  const [season] = await tx.select().from(seasons).where(eq(seasons.id, seasonId)).for('update');
  if (!season) throw new AppError('SEASON_NOT_FOUND');
  if (season.endedAt !== null) return null;
  return beginEnd(tx, season, actorId, now);
}

/** Step 2: one statement, so the records are all there or none are. */
async function freeze(tx: Tx, seasonId: string): Promise<void> {
  const [done] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(seasonRecords)
    .where(eq(seasonRecords.seasonId, seasonId));
  if ((done?.n ?? 0) > 0) return;
  const order = sql.join(rankingOrder, sql`, `);
  // Banned and deleted accounts are left out of the ranking, so they get no final rank either.
  const unranked = sql`(${users.isBanned} or ${users.deletedAt} is not null)`;
  await tx.execute(sql`insert into ${seasonRecords}
      (season_id, user_id, final_rate, max_rate, final_rank, total_matches, wins, effective_penalty)
    select ${seasonStats.seasonId}, ${seasonStats.userId}, ${seasonStats.rate}, ${seasonStats.maxRate},
      case when ${unranked} then null else row_number() over (partition by ${unranked} order by ${order}) end,
      ${seasonStats.matchCount}, ${seasonStats.winCount},
      ${effectivePenaltySql}
    from ${seasonStats} join ${users} on ${users.id} = ${seasonStats.userId}
    where ${seasonStats.seasonId} = ${seasonId} and ${seasonStats.matchCount} > 0
    on conflict do nothing`);
}

/** Step 3: batches of players in user-id order; a batch already rewarded grants nothing again. */
async function reward(ctx: AppContext, options: SeasonEndOptions, season: SeasonRow, now: number): Promise<number> {
  const map = seasonAwardsOf(season);
  let after = '';
  let granted = 0;
  for (;;) {
    const batch = await ctx.db
      .select({ record: seasonRecords, deletedAt: users.deletedAt })
      .from(seasonRecords)
      .innerJoin(users, eq(users.id, seasonRecords.userId))
      .where(and(eq(seasonRecords.seasonId, season.id), gt(seasonRecords.userId, after)))
      .orderBy(asc(seasonRecords.userId))
      .limit(options.batchSize);
    if (batch.length === 0) return granted;
    after = batch.at(-1)?.record.userId ?? after;
    // A deleted account's remainder keeps its record (others' ranks stay) but is rewarded nothing: no award, no badge.
    const rewarded = batch.filter((b) => b.deletedAt === null).map((b) => b.record);
    const rewards = rewarded.flatMap((r) =>
      seasonRewards({ rank: r.finalRank, matches: r.totalMatches, effectivePenalty: r.effectivePenalty }, map).map(
        (reward: SeasonReward) => ({ userId: r.userId, ...reward }),
      ),
    );
    if (rewards.length === 0) continue;
    const given = await ctx.write(async (work) => {
      await work.tx
        .insert(seasonAwards)
        .values(rewards.map((r) => ({ seasonId: season.id, userId: r.userId, tier: r.tier, badgeId: r.badgeId })))
        .onConflictDoNothing();
      const grants: BadgeGrant[] = rewards.map((r) => ({
        userId: r.userId,
        badgeId: r.badgeId,
        source: 'season',
        reference: season.id,
        now,
      }));
      return grantBadges(work, grants);
    });
    granted += given.length;
  }
}

/** Step 4: the penalty rule and ended_at, once (under the row lock); season.ended after the commit. */
async function finish({ tx, emit }: Work, seasonId: string, now: number): Promise<void> {
  const [season] = await tx.select().from(seasons).where(eq(seasons.id, seasonId)).for('update');
  if (!season || season.endedAt !== null) return;
  await clearPenaltiesAtSeasonChange(tx, PENALTY_CLEAR_MAX);
  await markEnded(tx, seasonId, now);
  emit({ type: 'season.ended', season_id: seasonId });
}

/** Matches of a season that are open or whose penalties wait for the report window to close. */
async function unfinishedMatches(db: Executor, seasonId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(matches)
    .where(
      and(eq(matches.seasonId, seasonId), or(eq(matches.status, 'matched'), eq(matches.penaltiesProcessed, false))),
    );
  return row?.n ?? 0;
}

/**
 * The seasons whose end waits for their last matches → the latest report deadline among those matches (the latest
 * start's deadline: the window is the same for every match).
 */
async function endingWaits(ctx: AppContext, rows: SeasonRow[]): Promise<Map<string, number>> {
  const ending = rows.filter((s) => s.endingStartedAt !== null && s.endedAt === null).map((s) => s.id);
  if (ending.length === 0) return new Map();
  const latest = await ctx.db
    .select({ seasonId: matches.seasonId, startedAt: sql<number>`max(${matches.startedAt})::bigint` })
    .from(matches)
    .where(
      and(inArray(matches.seasonId, ending), or(eq(matches.status, 'matched'), eq(matches.penaltiesProcessed, false))),
    )
    .groupBy(matches.seasonId);
  const window = ctx.config.rules.settlement;
  return new Map(latest.map((m) => [m.seasonId, reportDeadline(Number(m.startedAt), window)]));
}

/**
 * The admin season tab's view: the awards in force, while ending what the end waits for, and once ended the summary
 * of the end.
 */
export async function presentAdminSeasons(ctx: AppContext, rows: SeasonRow[]): Promise<AdminSeason[]> {
  const [players, awards, waits] = await Promise.all([
    ctx.db
      .select({
        seasonId: seasonRecords.seasonId,
        players: sql<number>`count(*)::int`,
        ranked: sql<number>`count(${seasonRecords.finalRank})::int`,
      })
      .from(seasonRecords)
      .groupBy(seasonRecords.seasonId),
    ctx.db
      .select({ seasonId: seasonAwards.seasonId, tier: seasonAwards.tier, n: sql<number>`count(*)::int` })
      .from(seasonAwards)
      .groupBy(seasonAwards.seasonId, seasonAwards.tier),
    endingWaits(ctx, rows),
  ]);
  return rows.map((s) => {
    const counted = players.find((p) => p.seasonId === s.id);
    return {
      ...presentSeason(s),
      awards: seasonAwardsOf(s),
      awards_custom: s.awards !== null,
      ending_started_at: s.endingStartedAt,
      ending_waits_until: waits.get(s.id) ?? null,
      summary:
        s.endedAt === null
          ? null
          : {
              players: counted?.players ?? 0,
              ranked: counted?.ranked ?? 0,
              awards: Object.fromEntries(awards.filter((a) => a.seasonId === s.id).map((a) => [a.tier, a.n])),
            },
    };
  });
}
