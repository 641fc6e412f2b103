// The queue alert (issue 24): "レートの近いプレイヤーがマッチング待ちです", sent to an opted-in player who is neither
// queued nor in a match when at least their chosen number of players within their matching window are queued, inside
// the hours they chose, at most once per matching day. One pure rule: the server's alert job calls it after each wave,
// and the simulation (`simulateSeason`'s `alerts`) calls the same function, so the model measures the rule the site runs.
import type { NearAlert } from '@rankmatch/shared';
import { resolveMatchingHoursConfig } from '../hours/config.ts';
import { isMatchingOpen } from '../hours/schedule.ts';
import type { MatchingHoursConfig } from '../hours/types.ts';

const DAY = 86_400;
/**
 * A matching day ends at 04:00 local time, when the night's matching closes (hours/config.ts: every window closes at
 * 28 × 60, 04:00 the next morning). So 22:00 and 01:00 the same night belong to one matching day.
 */
export const MATCHING_DAY_END_MINUTE = 4 * 60;

/** The hours a player chose: Japan-time whole hours, `to_hour` exclusive (24 = midnight; 22–2 runs past midnight). */
export type NearAlertHours = Pick<NearAlert, 'from_hour' | 'to_hour'>;

/** One opted-in player, as the alert job sees them after a wave. */
export interface NearAlertCandidate extends NearAlertHours {
  user_id: string;
  /** The rate the waves match this player on (their MMR's μ rounded; a newcomer's start rate): the window's centre. */
  rating: number;
  /** How many queued players within the window it takes (3–9). */
  min_players: number;
  /** When this player was last alerted (unix seconds), null when never. */
  last_alerted_at: number | null;
  /** In the queue now. */
  queued: boolean;
  /** In an open match (playing, or done and waiting for it to settle). */
  playing: boolean;
}

export interface NearAlertInput {
  /** The match rates (as `rating` above) of every player queued now, after the wave. */
  queued_ratings: readonly number[];
  /**
   * The opted-in players who could join now. The rule does not know bans, timeouts or a missing trainer name: leave
   * such players out.
   */
  candidates: readonly NearAlertCandidate[];
  /** Half-width of a new entry's window: `windowHalfWidth(0, config)` (±200 by default). */
  half_width: number;
  /** Unix seconds. */
  now: number;
}

/** The matching day of a unix time: a day number (local days since 1970) that changes at 04:00 local time. */
export function matchingDayOf(unix: number, hours: Partial<MatchingHoursConfig> = {}): number {
  const { utcOffsetMinutes } = resolveMatchingHoursConfig(hours);
  return Math.floor((unix + (utcOffsetMinutes - MATCHING_DAY_END_MINUTE) * 60) / DAY);
}

/**
 * True when `unix` lies in the chosen hours: [from, to), across midnight when from > to; all day for 0–24; never when
 * from = to.
 */
export function withinAlertHours(
  unix: number,
  chosen: NearAlertHours,
  hours: Partial<MatchingHoursConfig> = {},
): boolean {
  const { utcOffsetMinutes } = resolveMatchingHoursConfig(hours);
  const local = unix + utcOffsetMinutes * 60;
  const minute = Math.floor((local - Math.floor(local / DAY) * DAY) / 60);
  if (chosen.to_hour - chosen.from_hour >= 24) return true;
  const from = chosen.from_hour * 60;
  const to = (chosen.to_hour % 24) * 60;
  if (from === to) return false;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/** How many of the sorted ratings lie in [lo, hi]. */
function countBetween(sorted: readonly number[], lo: number, hi: number): number {
  const firstAtLeast = (x: number, strict: boolean) => {
    let a = 0;
    let b = sorted.length;
    while (a < b) {
      const m = (a + b) >> 1;
      const v = sorted[m] as number;
      if (v < x || (strict && v === x)) a = m + 1;
      else b = m;
    }
    return a;
  };
  return firstAtLeast(hi, true) - firstAtLeast(lo, false);
}

/**
 * The ids to alert now, in the candidates' order: a candidate neither queued nor playing, inside their hours, not
 * alerted yet this matching day, with at least `min_players` queued players within ±half_width of their rating
 * (inclusive, like the waves' window). Nobody is alerted while matching is closed.
 */
export function nearAlertTargets(input: NearAlertInput, hours: Partial<MatchingHoursConfig> = {}): string[] {
  const { now, half_width: halfWidth } = input;
  if (!isMatchingOpen(now, hours)) return [];
  const today = matchingDayOf(now, hours);
  const sorted = input.queued_ratings.filter((r) => Number.isFinite(r)).sort((a, b) => a - b);
  const targets: string[] = [];
  for (const c of input.candidates) {
    if (c.queued || c.playing) continue;
    if (c.last_alerted_at !== null && matchingDayOf(c.last_alerted_at, hours) >= today) continue;
    if (!withinAlertHours(now, c, hours)) continue;
    if (countBetween(sorted, c.rating - halfWidth, c.rating + halfWidth) >= c.min_players) targets.push(c.user_id);
  }
  return targets;
}
