import type { RankingReply } from '@rankmatch/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rankingSnapshots } from '../db/schema.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import { markedActiveSeason } from '../seasons/queries.ts';
import { computeRanking } from './queries.ts';

export const RANKING_INTERVAL_MS = 5 * 60 * 1000;
/** How often an instance checks for a snapshot another instance computed. */
export const RANKING_RELOAD_MS = 30 * 1000;

/**
 * The ranking job computes the active season's top 100 into a stored snapshot (so every instance serves the same
 * list) and keeps it in memory, serialised once, so reads cost no database round trip.
 */
export class RankingService {
  private body: Buffer = Buffer.from(
    JSON.stringify({ rankings: [], updated_at: null, season_id: null } satisfies RankingReply),
  );
  private count = 0;
  private pending: Promise<number> | null = null;
  private queued: Promise<number> | null = null;
  private nudgeTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    jobs: Scheduler,
  ) {
    // One instance computes the snapshot; every instance reloads the stored one into its own memory.
    jobs.define({ name: 'ranking', schedule: { everyMs: RANKING_INTERVAL_MS }, run: () => this.calculate() });
    jobs.define({
      name: 'ranking-reload',
      schedule: { everyMs: RANKING_RELOAD_MS },
      run: () => this.reload(),
      everyInstance: true,
      quiet: true,
    });
  }

  /** The cached reply body: JSON, encoded once per run (replies send these bytes as they are). */
  get json(): Buffer {
    return this.body;
  }

  /**
   * Computes and stores the snapshot, then serves it. A call made while a run is under way gets the next run, not
   * that one (which may have read the active season before the caller changed it); calls made meanwhile share it.
   */
  calculate(): Promise<number> {
    if (!this.pending) {
      this.pending = this.run().finally(() => {
        this.pending = null;
      });
      return this.pending;
    }
    this.queued ??= this.pending
      .catch(() => {})
      .then(() => {
        this.queued = null;
        return this.calculate();
      });
    return this.queued;
  }

  private async run(): Promise<number> {
    const season = await markedActiveSeason(this.db);
    if (!season) {
      this.serve({ rankings: [], updated_at: null, season_id: null });
      return 0;
    }
    const entries = await computeRanking(this.db, season.id);
    const computedAt = this.now();
    await this.db
      .insert(rankingSnapshots)
      .values({ seasonId: season.id, entries, computedAt })
      .onConflictDoUpdate({ target: rankingSnapshots.seasonId, set: { entries, computedAt } });
    this.serve({ rankings: entries, updated_at: computedAt, season_id: season.id });
    return entries.length;
  }

  /** Loads the stored snapshot of the active season (computed by any instance). */
  async reload(): Promise<void> {
    const season = await markedActiveSeason(this.db);
    if (!season) {
      this.serve({ rankings: [], updated_at: null, season_id: null });
      return;
    }
    const [row] = await this.db.select().from(rankingSnapshots).where(eq(rankingSnapshots.seasonId, season.id));
    if (!row) {
      await this.calculate();
      return;
    }
    this.serve({ rankings: row.entries as RankingReply['rankings'], updated_at: row.computedAt, season_id: season.id });
  }

  /** Asks for a recalculation soon (after a match settles); several nudges within a second make one run. */
  nudge(): void {
    if (this.nudgeTimer) return;
    this.nudgeTimer = setTimeout(() => {
      this.nudgeTimer = null;
      this.calculate().catch(() => {});
    }, 1000);
  }

  stop(): void {
    if (this.nudgeTimer) clearTimeout(this.nudgeTimer);
    this.nudgeTimer = null;
  }

  get size(): number {
    return this.count;
  }

  private serve(reply: RankingReply): void {
    this.count = reply.rankings.length;
    this.body = Buffer.from(JSON.stringify(reply));
  }
}
