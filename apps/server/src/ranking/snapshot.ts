import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { RankingReply } from '@rankmatch/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { rankingSnapshots } from '../db/schema.ts';
import { type EncodedBody, encodeBody } from '../http/encoded.ts';
import type { Job, Scheduler } from '../jobs/scheduler.ts';
import { markedActiveSeason } from '../seasons/queries.ts';
import { computeRanking } from './queries.ts';

export const RANKING_JOB = 'ranking';

const EMPTY = JSON.stringify({ rankings: [], updated_at: null, season_id: null } satisfies RankingReply);

/**
 * A deleted account in the stored rankings (deletion/): its entry keeps its place (others' ranks stay) under its
 * anonymised remainder's id and name, without its names, avatar or badges. The active season's next run drops it.
 */
export async function anonymiseRankingEntries(tx: Tx, from: string, to: string, name: string): Promise<void> {
  const anonymous = JSON.stringify({
    user_id: to,
    trainer_name: name,
    discord_username: '',
    discord_avatar_url: '',
    twitter_id: '',
    current_badge: null,
    current_badge_2: null,
  });
  await tx
    .update(rankingSnapshots)
    .set({
      entries: sql`(select jsonb_agg(case when x.e ->> 'user_id' = ${from} then x.e || ${anonymous}::jsonb else x.e end
        order by x.n) from jsonb_array_elements(${rankingSnapshots.entries}) with ordinality as x(e, n))`,
    })
    .where(sql`${rankingSnapshots.entries} @> ${JSON.stringify([{ user_id: from }])}::jsonb`);
}

/** The ranking job's turns: every 5 minutes, on one instance. */
export const RANKING_CRON = '*/5 * * * *';
/** How often an instance checks for a snapshot another instance computed. */
export const RANKING_RELOAD_MS = 30 * 1000;
/** A refresh that finds the job running waits this long before it tries again, at most RETRIES times. */
const RETRY_MS = 100;
const RETRIES = 50;

/**
 * The ranking job computes the active season's top 100 into a stored snapshot (so every instance serves the same
 * list) and keeps it in memory, serialised once, so reads cost no database round trip. Every computation is a run of
 * the job (its 5-minute turns, a settlement's nudge, an admin's season change), so it runs on one instance at a time.
 */
export class RankingSnapshot {
  private body: EncodedBody = {
    identity: Buffer.from(EMPTY),
    br: brotliCompressSync(EMPTY),
    gzip: gzipSync(EMPTY),
  };
  private count = 0;
  /** What is served, as a validator: its digest, taken once per computation (the same on every instance). */
  private served = 'empty';
  /** The latest serve() begun: an older one that finishes its compression later is dropped. */
  private serving = 0;
  private nudgeTimer: NodeJS.Timeout | null = null;
  /** The stored snapshot last loaded by reload() (season and row version), or null. */
  private loaded: string | null = null;
  private readonly job: Job<number>;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    jobs: Scheduler,
  ) {
    // The job computes and stores the snapshot, on whichever instance runs it (a cron turn, a nudge, an admin's
    // refresh), one run at a time across instances (the job's lock); every instance reloads the stored snapshot into
    // its own memory (ranking-reload, each instance on its own interval).
    this.job = jobs.define({ name: RANKING_JOB, schedule: { cron: RANKING_CRON }, run: () => this.compute() });
    jobs.define({
      name: 'ranking-reload',
      schedule: { everyMs: RANKING_RELOAD_MS },
      run: () => this.reload(),
      everyInstance: true,
      quiet: true,
    });
  }

  /** The cached reply body: JSON, serialised once per run (replies send these bytes as they are). */
  get json(): Buffer {
    return this.body.identity;
  }

  /** The same body with its br and gzip variants, compressed once per run (http/encoded.ts). */
  get encoded(): EncodedBody {
    return this.body;
  }

  /**
   * Computes the snapshot now, as a run of the job. While a run holds the job (here or on another instance), waits
   * for it and runs again: that run may have read the season or the rates before the caller's change. Resolves the
   * number of ranked players (the last stored count if the job stayed busy for five seconds; its next turn follows).
   */
  async refresh(): Promise<number> {
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      const outcome = await this.job.run();
      if (outcome.ran) return outcome.value;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
    return this.count;
  }

  private async compute(): Promise<number> {
    const season = await markedActiveSeason(this.db);
    if (!season) {
      await this.serve({ rankings: [], updated_at: null, season_id: null });
      return 0;
    }
    const entries = await computeRanking(this.db, season.id);
    const computedAt = this.now();
    // Served as stored (jsonb orders each entry's keys its own way): the bytes, and so the validator, are the same
    // here and on every instance that reloads the row, and a reload that finds it unchanged changes nothing.
    const [row] = await this.db
      .insert(rankingSnapshots)
      .values({ seasonId: season.id, entries, computedAt })
      .onConflictDoUpdate({ target: rankingSnapshots.seasonId, set: { entries, computedAt } })
      .returning({ entries: rankingSnapshots.entries });
    const stored = (row?.entries ?? entries) as RankingReply['rankings'];
    await this.serve({ rankings: stored, updated_at: computedAt, season_id: season.id });
    return entries.length;
  }

  /**
   * Loads the stored snapshot of the active season (computed by any instance). Its row version is read first: a
   * snapshot already served (most turns) is not read, serialised and hashed again.
   */
  async reload(): Promise<void> {
    const season = await markedActiveSeason(this.db);
    if (!season) {
      this.loaded = null;
      await this.serve({ rankings: [], updated_at: null, season_id: null });
      return;
    }
    // The row version's transaction id: every write of the row changes it (two computations may share a second).
    const stampOf = sql<string>`xmin::text`;
    const [stamp] = await this.db
      .select({ stamp: stampOf })
      .from(rankingSnapshots)
      .where(eq(rankingSnapshots.seasonId, season.id));
    if (!stamp) {
      await this.refresh();
      return;
    }
    if (`${season.id}@${stamp.stamp}` === this.loaded) return;
    const [row] = await this.db
      .select({ entries: rankingSnapshots.entries, computedAt: rankingSnapshots.computedAt, stamp: stampOf })
      .from(rankingSnapshots)
      .where(eq(rankingSnapshots.seasonId, season.id));
    if (!row) return;
    this.loaded = `${season.id}@${row.stamp}`;
    await this.serve({
      rankings: row.entries as RankingReply['rankings'],
      updated_at: row.computedAt,
      season_id: season.id,
    });
  }

  /** Asks for a recalculation soon (after a match settles); several nudges within a second make one run. */
  nudge(): void {
    if (this.nudgeTimer) return;
    this.nudgeTimer = setTimeout(() => {
      this.nudgeTimer = null;
      this.refresh().catch(() => {});
    }, 1000);
  }

  stop(): void {
    if (this.nudgeTimer) clearTimeout(this.nudgeTimer);
    this.nudgeTimer = null;
  }

  get size(): number {
    return this.count;
  }

  /**
   * Serves `reply` from now on: its JSON, digest and compressed variants are worked out here, once (the reload every
   * 30 s finds the same snapshot and compresses nothing); the body, its variants and its version change together.
   */
  private async serve(reply: RankingReply): Promise<void> {
    const turn = ++this.serving;
    const identity = Buffer.from(JSON.stringify(reply));
    const version = createHash('sha1').update(identity).digest('base64url');
    if (version === this.served) return;
    const body = await encodeBody(identity);
    if (turn !== this.serving) return;
    this.count = reply.rankings.length;
    this.body = body;
    this.served = version;
  }

  /** The version of what is served (the HTTP validator: http/cache.ts). */
  get version(): string {
    return this.served;
  }
}
