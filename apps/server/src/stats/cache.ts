import { addMatch, japanTime, type MatchFacts } from '@rankmatch/engine';
import type { RatingBand, StatsReply } from '@rankmatch/shared';
import { and, eq, gt, gte, inArray, lte } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { matches, matchPlayers, matchReports, seasonStats, users, waveRuns } from '../db/schema.ts';
import { Coalescing } from '../events/coalesce.ts';
import { AppError } from '../http/errors.ts';
import { checkCounts } from '../ready/queries.ts';
import { findSeason, markedActiveSeason, type SeasonRow } from '../seasons/queries.ts';
import { emptyReply, present } from './presenter.ts';
import { seasonCounts } from './queries.ts';
import type { SeasonSnapshot } from './snapshot.ts';
import { foldPersisted, forgetPersisted, loadCounts } from './store.ts';

// Season statistics, served from memory. A snapshot holds the counts of every settled match of a season (the engine's
// stats/): it starts from the persisted fold (store.ts, kept up to date by one instance's job) plus the matches that
// fold lacks, rebuilt by a job on every instance; each settlement on any instance folds one more match in
// (match.settled travels the bus), so the page stays current between runs. Replies are serialized once per change.

export const STATS_JOB = 'stats';
export const STATS_FOLD_JOB = 'stats-fold';
const STATS_INTERVAL_MS = 10 * 60 * 1000;
/** Past seasons are computed when asked and kept this long. */
const PAST_SEASON_TTL_MS = 10 * 60 * 1000;
/** How long the active season's id is trusted before it is read again. */
const ACTIVE_SEASON_TTL_MS = 5000;

export class StatsCache {
  private readonly seasons = new Map<string, SeasonSnapshot>();
  /** The active season's id ('' for none) and when it was last read: activations are seen within a few seconds. */
  private activeId: string | null = null;
  private activeReadAt = 0;
  private building = new Map<string, Promise<SeasonSnapshot>>();
  /** Settlements being folded in: a reply waits for them, so it never misses a match that already settled. */
  private readonly folding = new Set<Promise<void>>();

  constructor(private readonly ctx: AppContext) {
    const { bus, jobs } = ctx;
    jobs.define({
      name: STATS_JOB,
      schedule: { everyMs: STATS_INTERVAL_MS },
      run: () => this.refreshActive(),
      everyInstance: true,
      quiet: true,
    });
    // One instance keeps the persisted fold of the active season up to date (a batch a minute at most).
    jobs.define({ name: STATS_FOLD_JOB, schedule: { cron: '* * * * *' }, run: () => this.foldActive(), quiet: true });
    bus.subscribe((event) => {
      if (event.type === 'match.settled') {
        const fold = this.addSettled(event.season_id, Number(event.match_id)).catch(() => {});
        this.folding.add(fold);
        void fold.finally(() => this.folding.delete(fold));
      }
      if (event.type === 'season.ended' || event.type === 'season.activated') void this.refreshActive().catch(() => {});
      // A corrected result re-rates later matches too: the season is counted again from its matches.
      if (event.type === 'match.corrected') void this.recount(event.season_id).catch(() => {});
    });
  }

  /** The reply for a season (the active one by default) and a band, as JSON bytes. */
  async reply(seasonId: string | undefined, band: RatingBand): Promise<Buffer> {
    if (this.folding.size > 0) await Promise.allSettled([...this.folding]);
    const season = seasonId ? await findSeason(this.ctx.db, seasonId) : await this.active();
    if (seasonId && !season) throw new AppError('SEASON_NOT_FOUND');
    if (!season) return Buffer.from(JSON.stringify(emptyReply(band)));
    const snapshot = await this.snapshotOf(season);
    // The season's name and period come from the row just read: an edit or the season's end shows at once.
    if (!samePresentation(snapshot.season, season)) {
      snapshot.season = season;
      snapshot.json.clear();
    }
    const cached = snapshot.json.get(band);
    if (cached) return cached;
    const body = Buffer.from(JSON.stringify(present(snapshot, band)));
    snapshot.json.set(band, body);
    return body;
  }

  /**
   * Settled matches of the active season, void ones included: the statistics' 試合数, which the top page shows too
   * (one definition for both).
   */
  async activeMatchCount(): Promise<number> {
    if (this.folding.size > 0) await Promise.allSettled([...this.folding]);
    const season = await this.active();
    return season ? (await this.snapshotOf(season)).counts.all.matches : 0;
  }

  /** The fold job: the settled matches of the active season that the persisted fold lacks, one batch. */
  async foldActive(): Promise<number> {
    const season = await markedActiveSeason(this.ctx.db);
    return season ? foldPersisted(this.ctx.db, season.id, this.ctx.now()) : 0;
  }

  /**
   * After a result correction: this instance counts the season from its matches (not from the persisted fold, which
   * the correcting instance forgets: see forget), so it is right whichever happens first.
   */
  private async recount(seasonId: string): Promise<void> {
    const season = await findSeason(this.ctx.db, seasonId);
    if (season && this.seasons.has(seasonId)) await this.build(season, true);
  }

  /** A correction committed: the persisted fold of its season starts again (the job refolds it in batches). */
  async forget(seasonId: string): Promise<void> {
    await forgetPersisted(this.ctx.db, seasonId);
  }

  /** The job: a full snapshot of the active season. */
  async refreshActive(): Promise<number> {
    const season = await markedActiveSeason(this.ctx.db);
    this.activeId = season?.id ?? '';
    this.activeReadAt = Date.now();
    if (!season) return 0;
    const snapshot = await this.build(season);
    return snapshot.counts.all.matches;
  }

  private async active(): Promise<SeasonRow | undefined> {
    if (this.activeId === null || Date.now() - this.activeReadAt > ACTIVE_SEASON_TTL_MS) {
      const season = await markedActiveSeason(this.ctx.db);
      this.activeId = season?.id ?? '';
      this.activeReadAt = Date.now();
      return season;
    }
    if (!this.activeId) return undefined;
    return this.seasons.get(this.activeId)?.season ?? (await findSeason(this.ctx.db, this.activeId));
  }

  private async snapshotOf(season: SeasonRow): Promise<SeasonSnapshot> {
    const known = this.seasons.get(season.id);
    const stale = known && season.id !== this.activeId && Date.now() - known.builtAtMs > PAST_SEASON_TTL_MS;
    if (known && !stale) return known;
    return this.build(season);
  }

  /** Counts every settled match of the season (the database groups them; see queries.ts). */
  private build(season: SeasonRow, fromScratch = false): Promise<SeasonSnapshot> {
    const running = this.building.get(season.id);
    if (running && !fromScratch) return running;
    const work = (async () => {
      const { counts, ids } = fromScratch
        ? await this.ctx.db.transaction((tx) => seasonCounts(tx, season.id))
        : await loadCounts(this.ctx.db, season.id);
      const included = new Set(ids);
      const [rates, waits, checks] = await Promise.all([
        this.ratesOf(season.id),
        this.waitsOf(season),
        checkCounts(this.ctx.db, season.id),
      ]);
      const snapshot: SeasonSnapshot = {
        season,
        counts,
        rates,
        waits,
        readyChecks: {
          opened: Object.values(checks).reduce((sum, n) => sum + n, 0),
          started: checks.started ?? 0,
          failed: checks.failed ?? 0,
        },
        included,
        computedAt: this.ctx.now(),
        builtAtMs: Date.now(),
        json: new Map(),
      };
      this.seasons.set(season.id, snapshot);
      return snapshot;
    })().finally(() => this.building.delete(season.id));
    this.building.set(season.id, work);
    return work;
  }

  /** Settlements folded in together when they arrive while a fold runs (a burst costs two queries, not two each). */
  private readonly settled = new Coalescing<{ seasonId: string; matchId: number }>((items) => this.fold(items));

  /** One more settled match: folded into the season's counts, its players' rates updated, replies re-serialized. */
  addSettled(seasonId: string, matchId: number): Promise<void> {
    return this.settled.push({ seasonId, matchId });
  }

  private async fold(items: readonly { seasonId: string; matchId: number }[]): Promise<void> {
    for (const seasonId of new Set(items.map((i) => i.seasonId))) {
      const snapshot = this.seasons.get(seasonId);
      if (!snapshot) continue; // not built yet: the build reads them
      const ids = items
        .filter((i) => i.seasonId === seasonId && !snapshot.included.has(i.matchId))
        .map((i) => i.matchId);
      if (ids.length === 0) continue;
      const [rows, players] = await Promise.all([
        this.ctx.db
          .select({
            id: matches.id,
            winner: matches.winner,
            firstAttack: matches.firstAttack,
            settledAt: matches.settledAt,
          })
          .from(matches)
          .where(inArray(matches.id, ids)),
        this.playersOf(ids),
      ]);
      for (const match of rows) {
        // A build that ran meanwhile may have counted it already.
        if (match.settledAt === null || snapshot.included.has(match.id)) continue;
        const list = players.get(match.id) ?? [];
        addMatch(snapshot.counts, factsOf(match, list));
        snapshot.included.add(match.id);
        for (const p of list) if (p.rateAfter !== null) snapshot.rates.set(p.userId, p.rateAfter);
      }
      snapshot.computedAt = this.ctx.now();
      snapshot.json.clear();
    }
  }

  private async playersOf(matchIds: number[]) {
    const rows = await this.ctx.db
      .select({
        matchId: matchPlayers.matchId,
        userId: matchPlayers.userId,
        team: matchPlayers.team,
        role: matchPlayers.role,
        rateBefore: matchPlayers.rateBefore,
        rateAfter: matchPlayers.rateAfter,
        picked: matchReports.pickedPokemon,
        banned: matchReports.bannedPokemon,
      })
      .from(matchPlayers)
      .leftJoin(
        matchReports,
        and(eq(matchReports.matchId, matchPlayers.matchId), eq(matchReports.userId, matchPlayers.userId)),
      )
      .where(inArray(matchPlayers.matchId, matchIds));
    const byMatch = new Map<number, typeof rows>();
    for (const row of rows) {
      const list = byMatch.get(row.matchId) ?? [];
      list.push(row);
      byMatch.set(row.matchId, list);
    }
    return byMatch;
  }

  private async ratesOf(seasonId: string): Promise<Map<string, number>> {
    const rows = await this.ctx.db
      .select({ userId: seasonStats.userId, rate: seasonStats.rate })
      .from(seasonStats)
      .innerJoin(users, eq(users.id, seasonStats.userId))
      .where(and(eq(seasonStats.seasonId, seasonId), gt(seasonStats.matchCount, 0), eq(users.isBanned, false)));
    return new Map(rows.map((r) => [r.userId, r.rate]));
  }

  private async waitsOf(season: SeasonRow): Promise<StatsReply['wait_by_hour']> {
    const rows = await this.ctx.db
      .select({ ranAt: waveRuns.ranAt, wait: waveRuns.averageWaitSeconds })
      .from(waveRuns)
      .where(
        and(gte(waveRuns.ranAt, season.startDate), lte(waveRuns.ranAt, season.endDate), gt(waveRuns.matchCount, 0)),
      );
    const byHour = Array.from({ length: 24 }, (_, hour) => ({ hour, waves: 0, total: 0 }));
    for (const r of rows) {
      if (r.wait === null) continue;
      const slot = byHour[japanTime(r.ranAt).hour];
      if (!slot) continue;
      slot.waves += 1;
      slot.total += r.wait;
    }
    return byHour.map((h) => ({
      hour: h.hour,
      waves: h.waves,
      average_wait_seconds: h.waves > 0 ? Math.round(h.total / h.waves) : null,
    }));
  }
}

function factsOf(
  match: { winner: string | null; firstAttack: string; settledAt: number | null },
  players: { team: string; role: string; rateBefore: number; picked: string | null; banned: string | null }[],
): MatchFacts {
  return {
    winner: (match.winner as 'A' | 'B' | null) ?? null,
    firstAttack: match.firstAttack as 'A' | 'B',
    settledAt: match.settledAt ?? 0,
    players: players.map((p) => ({
      team: p.team as 'A' | 'B',
      role: p.role,
      rateBefore: p.rateBefore,
      picked: p.picked ?? '',
      banned: p.banned ?? '',
    })),
  };
}

const samePresentation = (a: SeasonRow, b: SeasonRow) =>
  a.name === b.name && a.startDate === b.startDate && a.endDate === b.endDate && a.endedAt === b.endedAt;
