import {
  MMR_BOUNDS,
  type MmrConfig,
  REFIT_POLICY,
  type RecordedMatch,
  type RefitPolicy,
  type RefitReport,
  refitMmr,
  type StartBeliefs,
} from '@rankmatch/engine';
import type { RefitEntry, RefitReportView } from '@rankmatch/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/log.ts';
import type { AppContext } from '../context.ts';
import { type Db, rowsOf } from '../db/client.ts';
import { ratingRefits, seasons } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

// The site refits the MMR's parameters from its own settled matches (the engine's refitMmr says how, and when the
// matches say enough): after each season end (a job) and when an admin asks (a preview, then an apply). One refit at a
// time across instances (the database's exclusive lock); the computation yields between replays so the instance
// keeps serving. An applied refit rates the matches made from then on; an attempt that keeps the parameters is kept
// too (the season end's, so each season is refitted once; an admin's preview is not stored).

export const REFIT_LOCK = 'rating-refit';

type Trigger = 'season_end' | 'admin';

/** What a refit reads: the newest settled matches in rating order, and what was known of each player before them. */
export async function siteRecord(
  db: Db,
  current: MmrConfig,
  limit: number = REFIT_POLICY.maxMatches,
): Promise<{ matches: RecordedMatch[]; starts: StartBeliefs }> {
  const rows = rowsOf<{
    id: string | number;
    season_id: string;
    winner: 'A' | 'B';
    settled_at: string | number;
    players: { u: string; t: 'A' | 'B'; mu: number | null; s: number | null; r: boolean }[];
  }>(
    await db.execute(sql`select m.id, m.season_id, m.winner, m.settled_at,
        (select json_agg(json_build_object('u', p.user_id, 't', p.team, 'mu', p.mmr_mu, 's', p.mmr_sigma,
             'r', p.refunded_at is not null)
           order by p.team, p.slot) from match_players p where p.match_id = m.id) as players
      from matches m
      where m.status = 'done' and m.winner is not null
      order by m.settled_at desc, m.id desc
      limit ${limit}`),
  ).reverse();
  const matches: RecordedMatch[] = [];
  const first = new Map<string, { mu: number; sigma: number }>();
  for (const r of rows) {
    const a: string[] = [];
    const b: string[] = [];
    const unrated: string[] = [];
    for (const p of r.players) {
      (p.t === 'A' ? a : b).push(p.u);
      if (p.r) unrated.push(p.u);
      if (!first.has(p.u) && p.mu !== null && p.s !== null) first.set(p.u, { mu: p.mu, sigma: p.s });
    }
    // A refunded player's update was taken back: the replay keeps their belief as it was, as the site did.
    matches.push({
      a,
      b,
      winner: r.winner,
      season: r.season_id,
      time: Number(r.settled_at),
      ...(unrated.length > 0 && { unrated }),
    });
  }
  // A player with a settled match before the window had an MMR from it; so had an imported player (their σ is the
  // import's). Only a newcomer's first match was rated from σ₀: there the refit tries its own σ₀.
  const oldest = rows[0];
  const veterans = new Set<string>();
  if (oldest) {
    const earlier = rowsOf<{ user_id: string }>(
      await db.execute(sql`select distinct p.user_id from match_players p join matches m on m.id = p.match_id
        where m.status = 'done' and (m.settled_at, m.id) < (${Number(oldest.settled_at)}, ${Number(oldest.id)})`),
    );
    for (const e of earlier) veterans.add(e.user_id);
  }
  const starts = new Map(
    [...first].map(([id, m]) => [
      id,
      { mu: m.mu, sigma: !veterans.has(id) && m.sigma === current.initialSigma ? null : m.sigma },
    ]),
  );
  return { matches, starts };
}

/** The parameters new matches are rated by, and the refit they come from (null: the configuration). */
export async function currentParams(ctx: AppContext): Promise<{ params: MmrConfig; refitId: string | null }> {
  const [latest] = await ctx.db
    .select({ id: ratingRefits.id, params: ratingRefits.params })
    .from(ratingRefits)
    .where(eq(ratingRefits.applied, true))
    .orderBy(desc(ratingRefits.effectiveFrom), desc(ratingRefits.id))
    .limit(1);
  return latest
    ? { params: latest.params as unknown as MmrConfig, refitId: String(latest.id) }
    : { params: ctx.config.rules.rating.mmr, refitId: null };
}

/** Runs the engine's refit to its end, giving the event loop a turn after every replay. */
async function compute(ctx: AppContext, policy?: Partial<RefitPolicy>): Promise<RefitReport> {
  const { params } = await currentParams(ctx);
  const { matches, starts } = await siteRecord(ctx.db, params, policy?.maxMatches ?? REFIT_POLICY.maxMatches);
  const steps = refitMmr(matches, params, { starts, policy });
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const finite = (x: number) => (Number.isFinite(x) ? x : null);

export function presentReport(r: RefitReport): RefitReportView {
  return {
    ...r,
    fit_logloss: { current: finite(r.fit_logloss.current), candidate: finite(r.fit_logloss.candidate) },
    held_out_logloss: { current: finite(r.held_out_logloss.current), candidate: finite(r.held_out_logloss.candidate) },
    z: finite(r.z) ?? 0,
  };
}

/** Under the refit lock, or REFIT_RUNNING. */
async function exclusively<T>(ctx: AppContext, fn: () => Promise<T>): Promise<T> {
  const outcome = await ctx.database.exclusive(REFIT_LOCK, fn);
  if (!outcome.ran) throw new AppError('REFIT_RUNNING');
  return outcome.value;
}

/** An admin's preview: what a refit would do now, nothing written. */
export function previewRefit(ctx: AppContext, policy?: Partial<RefitPolicy>): Promise<RefitReportView> {
  return exclusively(ctx, async () => presentReport(await compute(ctx, policy)));
}

/** Records a refit (and, when it applies, its parameters from `now` on) with its audit entry. */
async function record(
  ctx: AppContext,
  report: RefitReport,
  input: { trigger: Trigger; seasonId: string | null; actorId: string; now: number },
): Promise<RefitEntry | null> {
  return ctx.write(async ({ tx }) => {
    const [row] = await tx
      .insert(ratingRefits)
      .values({
        trigger: input.trigger,
        seasonId: input.seasonId,
        actorId: input.actorId,
        createdAt: input.now,
        applied: report.apply,
        effectiveFrom: report.apply ? input.now : null,
        params: { ...report.candidate },
        report: presentReport(report),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await recordAudit(tx, {
      actorId: input.actorId,
      action: report.apply ? 'rating.refit' : 'rating.refit_kept',
      targetType: 'rating',
      targetId: String(row.id),
      before: { params: report.current },
      after: {
        params: report.apply ? report.candidate : report.current,
        candidate: report.candidate,
        reason: report.reason,
        held_out_logloss: presentReport(report).held_out_logloss,
        matches: report.matches,
        trigger: input.trigger,
        season_id: input.seasonId,
      },
      now: input.now,
    });
    return presentEntry(row);
  });
}

/** An admin's apply: refits now and applies only when the held-out matches say the new parameters are better. */
export function applyRefit(ctx: AppContext, actorId: string): Promise<RefitEntry> {
  return exclusively(ctx, async () => {
    const report = await compute(ctx);
    if (!report.apply) {
      throw new AppError(report.reason === 'too_few_matches' ? 'REFIT_TOO_FEW_MATCHES' : 'REFIT_NOT_BETTER');
    }
    return (await record(ctx, report, {
      trigger: 'admin',
      seasonId: null,
      actorId,
      now: ctx.now(),
    })) as RefitEntry;
  });
}

/**
 * The season end's refit: once for the newest ended season (whatever it decides), then nothing until the next one
 * ends. Skipped while an admin's refit runs (the next turn comes back).
 */
export async function refitAfterSeasonEnd(ctx: AppContext, policy?: Partial<RefitPolicy>): Promise<RefitEntry | null> {
  const [ended] = await ctx.db
    .select({ id: seasons.id })
    .from(seasons)
    .where(sql`${seasons.endedAt} is not null`)
    .orderBy(desc(seasons.endedAt))
    .limit(1);
  if (!ended) return null;
  const [done] = await ctx.db
    .select({ id: ratingRefits.id })
    .from(ratingRefits)
    .where(and(eq(ratingRefits.trigger, 'season_end'), eq(ratingRefits.seasonId, ended.id)));
  if (done) return null;
  const outcome = await ctx.database.exclusive(REFIT_LOCK, async () => {
    const report = await compute(ctx, policy);
    return record(ctx, report, { trigger: 'season_end', seasonId: ended.id, actorId: 'system', now: ctx.now() });
  });
  return outcome.ran ? outcome.value : null;
}

type RefitRow = typeof ratingRefits.$inferSelect;

export function presentEntry(row: RefitRow): RefitEntry {
  return {
    id: String(row.id),
    trigger: row.trigger as Trigger,
    season_id: row.seasonId,
    actor_id: row.actorId,
    created_at: row.createdAt,
    applied: row.applied,
    effective_from: row.effectiveFrom,
    report: row.report as unknown as RefitReportView,
  };
}

/** The admin's view: the parameters in force, the bounds and the newest refits. */
export async function ratingParamsView(ctx: AppContext) {
  const [{ params, refitId }, rows] = await Promise.all([
    currentParams(ctx),
    ctx.db.select().from(ratingRefits).orderBy(desc(ratingRefits.id)).limit(20),
  ]);
  return {
    current: params,
    current_refit_id: refitId,
    bounds: MMR_BOUNDS as unknown as Record<string, [number, number]>,
    refits: rows.map(presentEntry),
  };
}
