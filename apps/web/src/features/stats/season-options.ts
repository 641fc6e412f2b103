import type { Season, SeasonRecord } from '@rankmatch/shared';
import { STATS_TEXTS as T } from './texts.ts';

export interface SeasonOption {
  /** '' stands for the active season (no `season` in the address). */
  value: string;
  label: string;
}

/**
 * The season selector's choices. There is no public list of seasons: the active one, the signed-in player's finished
 * seasons and the season the address names (labelled with the name the server gave it, once known).
 */
export function seasonOptions({
  active,
  records = [],
  requested,
  requestedName,
}: {
  active: Season | null | undefined;
  records?: readonly Pick<SeasonRecord, 'season_id' | 'season_name'>[];
  requested: string | null;
  requestedName?: string | null;
}): SeasonOption[] {
  const options: SeasonOption[] = [{ value: '', label: active ? T.activeSeason(active.name) : T.activeSeasonUnknown }];
  const seen = new Set(active ? [active.id] : []);
  for (const record of records) {
    if (seen.has(record.season_id)) continue;
    seen.add(record.season_id);
    options.push({ value: record.season_id, label: record.season_name });
  }
  if (requested && !seen.has(requested)) options.push({ value: requested, label: requestedName ?? requested });
  return options;
}

/** The selector's value for the address's season: the active season is always the first choice. */
export const selectedSeason = (requested: string | null, active: Season | null | undefined) =>
  requested && requested !== active?.id ? requested : '';
