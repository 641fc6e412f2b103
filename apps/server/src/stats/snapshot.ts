import type { SeasonCounts } from '@rankmatch/engine';
import type { RatingBand, StatsReply } from '@rankmatch/shared';
import type { SeasonRow } from '../seasons/queries.ts';

/** A season's statistics in memory (service.ts builds and folds it, presenter.ts shapes its replies). */
export interface SeasonSnapshot {
  season: SeasonRow;
  counts: SeasonCounts;
  /** Current rate of every player with matches in the season (the histogram). */
  rates: Map<string, number>;
  waits: StatsReply['wait_by_hour'];
  /** The season's ready checks by how they ended (read with the waits: at each build). */
  readyChecks: StatsReply['ready_checks'];
  /** The matches folded in (a settlement seen by a build and then by its event counts once). */
  included: Set<number>;
  computedAt: number;
  builtAtMs: number;
  /** Serialized replies, per band. */
  json: Map<RatingBand, Buffer>;
}
