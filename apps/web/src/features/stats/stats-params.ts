import { RATING_BANDS, type RatingBand, seasonIdSchema } from '@rankmatch/shared';

// What the page shows lives in the address, so a link shares it: `?season=<id>&band=<band>`. Without `season` the
// server answers for the active season; `band=all` is the default and left out.

export interface StatsParams {
  /** null: the active season. */
  season: string | null;
  band: RatingBand;
  /** The address names a season id that cannot exist (the server would refuse it): shown as not found. */
  badSeason: boolean;
}

const isBand = (value: string | null): value is RatingBand => RATING_BANDS.some((band) => band === value);

export function readStatsParams(search: URLSearchParams): StatsParams {
  const season = search.get('season') || null;
  const band = search.get('band');
  return {
    season,
    // An unknown band falls back to すべて rather than an error: the selector shows what is displayed.
    band: isBand(band) ? band : 'all',
    badSeason: season !== null && !seasonIdSchema.safeParse(season).success,
  };
}

/** The address query after a change of season or band (other parameters are kept). */
export function withStatsParams(
  search: URLSearchParams,
  change: { season?: string | null; band?: RatingBand },
): URLSearchParams {
  const next = new URLSearchParams(search);
  if (change.season !== undefined) {
    if (change.season) next.set('season', change.season);
    else next.delete('season');
  }
  if (change.band !== undefined) {
    if (change.band === 'all') next.delete('band');
    else next.set('band', change.band);
  }
  return next;
}
