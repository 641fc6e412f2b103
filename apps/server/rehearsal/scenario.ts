import { fromJst } from './clock.ts';
import type { Scenario } from './run.ts';

// The rehearsal's days: from a Japan-time instant for a number of hours, with the running season ending at 23:59 of
// the day its end falls on (the first day of a short run, the middle day of a longer one) and the next season from
// midnight; the operators act on the first evening.

const HOUR = 3600;
/** The servers start this long (simulated) before the players come. */
const STARTUP_LEAD = 45 * 60;
const DAY = 86_400;

/** Unix seconds of 00:00 JST of the day `unix` falls on. */
function midnightJst(unix: number): number {
  return Math.floor((unix + 9 * HOUR) / DAY) * DAY - 9 * HOUR;
}

export function scenarioOf(options: { from: string; hours: number }): Scenario {
  const from = fromJst(options.from);
  const end = from + Math.round(options.hours * HOUR);
  // The servers start earlier: starting takes real seconds, and minutes pass on the fast clock meanwhile.
  const start = from - STARTUP_LEAD;
  const days = Math.max(1, Math.ceil(options.hours / 24));
  const startDay = midnightJst(from);
  // The day the running season ends on: the first one, or the middle one of a longer run.
  const endDay = startDay + Math.floor((days - 1) / 2) * DAY;
  const firstEnd = endDay + 23 * HOUR + 59 * 60;
  const evening = startDay + 19 * HOUR;
  return {
    label: `${options.from} JST + ${options.hours} h`,
    start,
    arrivals: { from, to: end },
    end,
    seasons: [
      { id: 'rehearsal-s1', name: 'シーズン1', start: from - 14 * DAY, end: firstEnd },
      { id: 'rehearsal-s2', name: 'シーズン2', start: firstEnd + 60, end: firstEnd + 60 + 60 * DAY },
    ],
    operators: {
      buy: Math.max(from + 10 * 60, evening + 75 * 60),
      ban: Math.max(from + 20 * 60, evening + 100 * 60),
      correct: Math.max(from + 40 * 60, evening + 140 * 60),
      rules: Math.max(from + 45 * 60, evening + 160 * 60),
      // Half a minute into an odd minute: no ready check is open then (they open on even minutes, for 60 s).
      suspend: Math.max(from + 25 * 60, evening + 105 * 60) + 30,
      suspendToLift: Math.max(from + 31 * 60, evening + 111 * 60) + 30,
      lift: Math.max(from + 71 * 60, evening + 151 * 60) + 30,
      // A refund before the season's end, another late in the night (after midnight's new season in the short run);
      // then the cases the scan and the disputes opened.
      refunds: [Math.max(from + 50 * 60, evening + 170 * 60), Math.max(from + 260 * 60, evening + 240 * 60)],
      cases: Math.max(from + 275 * 60, evening + 280 * 60),
    },
  };
}

/**
 * The short rehearsal of `npm test` and CI: a Thursday from 23:00 until 04:15, across the operators' first 45 minutes,
 * the season's end at 23:59 and the close of matching hours at 04:00, with 400 players (so that enough of them still
 * come this late); both configurations side by side at 150× (about 2.5 minutes of wall time). Faster clocks make a
 * busy machine's real seconds whole wave turns.
 */
export const CI_REHEARSAL = { from: '2026-11-26T23:00', hours: 5.25, speed: 150, players: 400, seed: 20261126 };
