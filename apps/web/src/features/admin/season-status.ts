import { type AdminSeason, isSeasonOpenAt } from '@rankmatch/shared';

// Where a season is in its life: idle (never run, or waiting to be activated), scheduled (active, its start still to
// come: no matching yet), running (active and open: the shared definition the players' pages use), ending (the end
// began: waiting for its last matches, then ranking frozen and rewards granted) and ended.

export type SeasonStatus = 'idle' | 'scheduled' | 'running' | 'ending' | 'ended';

export function seasonStatusOf(season: AdminSeason, now: number): SeasonStatus {
  if (season.ended_at !== null) return 'ended';
  if (season.ending_started_at !== null) return 'ending';
  if (!season.is_active) return 'idle';
  return isSeasonOpenAt(season, now) || now >= season.end_date ? 'running' : 'scheduled';
}

/** The end began (or is done): the season cannot be activated again and its rewards are settled. */
export function endBegan(season: AdminSeason): boolean {
  return season.ending_started_at !== null || season.ended_at !== null;
}

/**
 * 終了 is offered for a season that has run: the active one once its start date has passed, or one whose end began
 * and may be resumed. A season that never started has nothing to end (it is edited or deleted instead).
 */
export function canEnd(season: AdminSeason, now: number): boolean {
  if (season.ended_at !== null) return false;
  return season.ending_started_at !== null || (season.is_active && season.start_date <= now);
}
