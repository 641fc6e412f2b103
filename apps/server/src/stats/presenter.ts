import { type BandCounts, bandFigures, emptySeason, rateHistogram } from '@rankmatch/engine';
import type { RatingBand, StatsReply } from '@rankmatch/shared';
import type { SeasonRow } from '../seasons/queries.ts';
import type { SeasonSnapshot } from './snapshot.ts';

function inBand(rate: number, band: RatingBand): boolean {
  if (band === 'all') return true;
  if (band === 'lt1500') return rate < 1500;
  if (band === '1500_1699') return rate >= 1500 && rate < 1700;
  return rate >= 1700;
}

/** The season as the reply names it: id, name and period. */
const statsSeason = (season: SeasonRow): NonNullable<StatsReply['season']> => ({
  season_id: season.id,
  season_name: season.name,
  start_date: season.startDate,
  end_date: season.endDate,
  ended_at: season.endedAt,
});

/** A band's figures; a character never picked (only banned) has no win rate and no interval. */
function figures(
  counts: BandCounts,
): Omit<StatsReply, 'season' | 'band' | 'computed_at' | 'rating_histogram' | 'wait_by_hour' | 'ready_checks'> {
  const all = bandFigures(counts);
  return {
    ...all,
    characters: all.characters.map((c) =>
      c.picks > 0 ? c : { ...c, win_rate: null, win_rate_low: null, win_rate_high: null },
    ),
  };
}

/** The reply of one season and rating band. */
export function present(snapshot: SeasonSnapshot, band: RatingBand): StatsReply {
  return {
    season: statsSeason(snapshot.season),
    band,
    computed_at: snapshot.computedAt,
    ...figures(snapshot.counts[band]),
    rating_histogram: rateHistogram([...snapshot.rates.values()].filter((r) => inBand(r, band))),
    wait_by_hour: snapshot.waits,
    ready_checks: snapshot.readyChecks,
  };
}

/** The reply while no season exists. */
export function emptyReply(band: RatingBand): StatsReply {
  return {
    season: null,
    band,
    computed_at: null,
    ...figures(emptySeason()[band]),
    rating_histogram: [],
    wait_by_hour: [],
    ready_checks: { opened: 0, started: 0, failed: 0 },
  };
}
