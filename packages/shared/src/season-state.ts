// Whether the season is open now and what that means for matching: one definition for the server's replies and
// every view (the banner, the site's state, the match tab, /stats, the admin's season list), so none of them calls a
// season 開催中 or matching 受付中 while another says シーズン期間外 (issue 36).

/** A season's flag and dates, as the replies hold them. */
export interface SeasonWindow {
  is_active: boolean;
  start_date: number;
  end_date: number;
}

/** The season is open now: marked active and now within its dates (before its start it is only scheduled). */
export function isSeasonOpenAt(season: SeasonWindow | null | undefined, now: number): boolean {
  return season?.is_active === true && season.start_date <= now && now < season.end_date;
}

/** Matching in one word: open, closed for the hours, or closed because no season is open (which comes first). */
export type MatchingState = 'open' | 'hours_closed' | 'season_closed';

export function matchingStateOf(seasonOpen: boolean, hoursOpen: boolean): MatchingState {
  if (!seasonOpen) return 'season_closed';
  return hoursOpen ? 'open' : 'hours_closed';
}

export const MATCHING_STATE_LABELS: Record<MatchingState, string> = {
  open: '受付中',
  hours_closed: '受付時間外',
  season_closed: 'シーズン期間外',
};
