import type { Season } from '@rankmatch/shared';
import { STATS_TEXTS as T } from './texts.ts';

export interface SeasonOption {
  /** '' stands for the active season (no `season` in the address). */
  value: string;
  label: string;
}

/**
 * The season selector's choices: the active season first, then every season that has started (the public list,
 * newest first) and the season the address names when the list does not hold it (labelled with the name the server
 * gave it, once known).
 */
export function seasonOptions({
  active,
  open,
  seasons = [],
  requested,
  requestedName,
}: {
  active: Season | null | undefined;
  /** The server's is_season_active: the active season is 開催中 only while open (before its start it is not). */
  open: boolean;
  seasons?: readonly Pick<Season, 'id' | 'name'>[];
  requested: string | null;
  requestedName?: string | null;
}): SeasonOption[] {
  const label = !active ? T.activeSeasonUnknown : open ? T.activeSeason(active.name) : T.closedSeason(active.name);
  const options: SeasonOption[] = [{ value: '', label }];
  const seen = new Set(active ? [active.id] : []);
  for (const season of seasons) {
    if (seen.has(season.id)) continue;
    seen.add(season.id);
    options.push({ value: season.id, label: season.name });
  }
  if (requested && !seen.has(requested)) options.push({ value: requested, label: requestedName ?? requested });
  return options;
}

/** The selector's value for the address's season: the active season is always the first choice. */
export const selectedSeason = (requested: string | null, active: Season | null | undefined) =>
  requested && requested !== active?.id ? requested : '';
