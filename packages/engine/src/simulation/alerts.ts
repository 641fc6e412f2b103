// A model of the queue alert in the simulation (issue 24): who opted in and with which choices, and what an alerted
// player does. Whom to alert is the engine's own rule (alerts/near.ts); this file only holds the model's guesses about
// people, which no data backs yet: that is why they are options.
import { NEAR_ALERT_DEFAULT_HOURS, NEAR_ALERT_MIN_PLAYERS } from '@rankmatch/shared';
import type { NearAlertHours } from '../alerts/near.ts';
import type { SimPlayer } from './population.ts';
import { type Random, stream } from './random.ts';

/** Minutes, both ends included. */
export interface MinuteRange {
  min: number;
  max: number;
}

export interface SimAlertModel {
  /** Share of players who turned the alert on (drawn per player from the seed; a larger share keeps the smaller's). */
  opt_in_share: number;
  /** Chance that an alerted player comes. */
  response: number;
  /** How long an alerted player who comes takes to join the queue (default 1–8 minutes, uniform). */
  delay_minutes?: MinuteRange;
  /**
   * How long they stay, as any session: queued or back in the queue after each match until it ends (default 30–120
   * minutes, uniform). A session of their own that starts meanwhile extends it to that session's end.
   */
  session_minutes?: MinuteRange;
  /** Each opted-in player's N, drawn uniformly from this list (default: the site's default, 6). */
  min_players?: readonly number[];
  /** Each opted-in player's hours, drawn uniformly from this list (default: the site's default, 19–24). */
  hours?: readonly NearAlertHours[];
}

/** One alert the simulation sent. */
export interface SimAlert {
  user_id: string;
  sent_at: number;
  /** The player chose to come. */
  answered: boolean;
  /** When they joined the queue; null when they did not come, or were queued, playing or barred by then. */
  joined_at: number | null;
}

/** An opted-in player's choices. */
export interface SimAlertChoice extends NearAlertHours {
  min_players: number;
}

export const DEFAULT_ALERT_DELAY: Readonly<MinuteRange> = Object.freeze({ min: 1, max: 8 });
export const DEFAULT_ALERT_SESSION: Readonly<MinuteRange> = Object.freeze({ min: 30, max: 120 });

/**
 * Who opted in, with their choices. Three draws per player whatever the outcome, so the same seed gives the same
 * choices and a larger share only adds players.
 */
export function alertChoices(
  players: readonly SimPlayer[],
  model: SimAlertModel,
  seed: number,
): Map<string, SimAlertChoice> {
  const random = stream(seed, 'alerts:opt-in');
  const counts = model.min_players ?? [NEAR_ALERT_MIN_PLAYERS.default];
  const hours = model.hours ?? [{ from_hour: NEAR_ALERT_DEFAULT_HOURS.from, to_hour: NEAR_ALERT_DEFAULT_HOURS.to }];
  const choices = new Map<string, SimAlertChoice>();
  for (const p of players) {
    const opted = random.next() < model.opt_in_share;
    const n = counts[random.int(counts.length)] as number;
    const h = hours[random.int(hours.length)] as NearAlertHours;
    if (opted) choices.set(p.user_id, { min_players: n, from_hour: h.from_hour, to_hour: h.to_hour });
  }
  return choices;
}

/** What an alerted player does: null (stays away), or the delay before joining and the session's length (seconds). */
export function answerAlert(model: SimAlertModel, random: Random): { delay: number; session: number } | null {
  // Three draws per alert whatever the outcome, so one answer does not shift the next alert's draws.
  const comes = random.chance(model.response);
  const delay = seconds(model.delay_minutes ?? DEFAULT_ALERT_DELAY, random);
  const session = seconds(model.session_minutes ?? DEFAULT_ALERT_SESSION, random);
  return comes ? { delay, session } : null;
}

function seconds(range: MinuteRange, random: Random): number {
  return range.min * 60 + random.int((range.max - range.min) * 60 + 1);
}
