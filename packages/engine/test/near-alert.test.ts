import { describe, expect, it } from 'vitest';
import {
  matchingDayOf,
  type NearAlertCandidate,
  type NearAlertInput,
  nearAlertTargets,
  withinAlertHours,
} from '../src/alerts/index.ts';
import { DEFAULT_MATCHMAKING_CONFIG, windowHalfWidth } from '../src/matchmaking/config.ts';

/** Unix seconds of a Japan-time wall clock, e.g. jst('2026-01-05 14:00'). */
function jst(text: string): number {
  const ms = Date.parse(`${text.replace(' ', 'T')}${text.length === 16 ? ':00' : ''}+09:00`);
  if (Number.isNaN(ms)) throw new Error(`bad time ${text}`);
  return ms / 1000;
}

const HALF = windowHalfWidth(0, DEFAULT_MATCHMAKING_CONFIG);

/** An opted-in player at 1500 with the site's defaults (N 6, 19–24), idle and never alerted. */
function candidate(over: Partial<NearAlertCandidate> = {}): NearAlertCandidate {
  return {
    user_id: 'me',
    rating: 1500,
    min_players: 6,
    from_hour: 19,
    to_hour: 24,
    last_alerted_at: null,
    queued: false,
    playing: false,
    ...over,
  };
}

/** Six players near 1500 queued; Tuesday 20:00 (January 2026: Mon 5, Tue 6 … Sat 10, Sun 11). */
function input(over: Partial<NearAlertInput> = {}): NearAlertInput {
  return {
    queued_ratings: [1400, 1450, 1500, 1520, 1600, 1650],
    candidates: [candidate()],
    half_width: HALF,
    now: jst('2026-01-06 20:00'),
    ...over,
  };
}

describe('nearAlertTargets: the window and N', () => {
  it('alerts when at least N queued players lie within ±half-width of the rating, edges included', () => {
    expect(HALF).toBe(200);
    expect(nearAlertTargets(input())).toEqual(['me']);
    const edges = [1300, 1700, 1300, 1700, 1500, 1500];
    expect(nearAlertTargets(input({ queued_ratings: edges }))).toEqual(['me']);
    const justOutside = [1299, 1701, 1300, 1700, 1500, 1500];
    expect(nearAlertTargets(input({ queued_ratings: justOutside }))).toEqual([]);
  });

  it('counts only the queued players near the candidate, not the whole queue', () => {
    const far = [1000, 1050, 1100, 1900, 2000, 2100, 1500];
    expect(nearAlertTargets(input({ queued_ratings: far }))).toEqual([]);
    const centred = input({ queued_ratings: far, candidates: [candidate({ rating: 2000, min_players: 3 })] });
    expect(nearAlertTargets(centred)).toEqual(['me']);
  });

  it('needs N: one fewer is not enough; a smaller N or a wider window is', () => {
    const five = [1400, 1450, 1500, 1520, 1600];
    expect(nearAlertTargets(input({ queued_ratings: five }))).toEqual([]);
    expect(nearAlertTargets(input({ queued_ratings: five, candidates: [candidate({ min_players: 5 })] }))).toEqual([
      'me',
    ]);
    const spread = [1200, 1250, 1300, 1500, 1700, 1800];
    expect(nearAlertTargets(input({ queued_ratings: spread }))).toEqual([]);
    expect(nearAlertTargets(input({ queued_ratings: spread, half_width: 300 }))).toEqual(['me']);
  });

  it('ignores ratings that are not numbers', () => {
    const broken = [1400, 1450, 1500, 1520, 1600, Number.NaN];
    expect(nearAlertTargets(input({ queued_ratings: broken }))).toEqual([]);
  });

  it('returns the ids in the candidates’ order, each judged on its own rating and N', () => {
    const candidates = [
      candidate({ user_id: 'b', rating: 1450 }),
      candidate({ user_id: 'far', rating: 1900 }),
      candidate({ user_id: 'a', rating: 1550 }),
      candidate({ user_id: 'strict', min_players: 7 }),
    ];
    expect(nearAlertTargets(input({ candidates }))).toEqual(['b', 'a']);
  });
});

describe('nearAlertTargets: who is not alerted', () => {
  it('skips a player who is queued or in a match', () => {
    const candidates = [
      candidate({ user_id: 'queued', queued: true }),
      candidate({ user_id: 'playing', playing: true }),
      candidate({ user_id: 'idle' }),
    ];
    expect(nearAlertTargets(input({ candidates }))).toEqual(['idle']);
  });

  it('alerts once per matching day: a night past midnight is one day, which ends at 04:00', () => {
    const at = (now: string, last: string | null) =>
      nearAlertTargets(
        input({
          now: jst(now),
          candidates: [candidate({ from_hour: 22, to_hour: 2, last_alerted_at: last === null ? null : jst(last) })],
        }),
      );
    expect(at('2026-01-06 23:00', '2026-01-06 22:10')).toEqual([]);
    expect(at('2026-01-07 01:30', '2026-01-06 22:10')).toEqual([]);
    expect(at('2026-01-07 22:00', '2026-01-06 22:10')).toEqual(['me']);
    expect(at('2026-01-07 01:30', '2026-01-06 03:50')).toEqual(['me']);
    expect(at('2026-01-07 01:30', null)).toEqual(['me']);
  });

  it('alerts nobody while matching is closed (weekday mornings), whatever the hours chosen', () => {
    const morning = input({ now: jst('2026-01-07 10:00'), candidates: [candidate({ from_hour: 9, to_hour: 12 })] });
    expect(nearAlertTargets(morning)).toEqual([]);
    const saturday = input({ now: jst('2026-01-10 10:00'), candidates: [candidate({ from_hour: 9, to_hour: 12 })] });
    expect(nearAlertTargets(saturday)).toEqual(['me']);
  });
});

describe('the hours and the matching day', () => {
  it.each([
    ['2026-01-06 18:59', false],
    ['2026-01-06 19:00', true],
    ['2026-01-06 23:59', true],
    ['2026-01-07 00:00', false],
    ['2026-01-07 01:00', false],
  ])('19–24 at %s: %s', (time, inside) => {
    expect(withinAlertHours(jst(time), { from_hour: 19, to_hour: 24 })).toBe(inside);
    expect(nearAlertTargets(input({ now: jst(time) }))).toEqual(inside ? ['me'] : []);
  });

  it.each([
    ['2026-01-06 21:59', false],
    ['2026-01-06 22:00', true],
    ['2026-01-06 23:59', true],
    ['2026-01-07 00:00', true],
    ['2026-01-07 01:59', true],
    ['2026-01-07 02:00', false],
    ['2026-01-06 14:00', false],
  ])('22–2 (across midnight) at %s: %s', (time, inside) => {
    const hours = { from_hour: 22, to_hour: 2 };
    expect(withinAlertHours(jst(time), hours)).toBe(inside);
    expect(nearAlertTargets(input({ now: jst(time), candidates: [candidate(hours)] }))).toEqual(inside ? ['me'] : []);
  });

  it('never matches empty hours (from = to), which the settings refuse anyway; 0–24 is the whole day', () => {
    expect(withinAlertHours(jst('2026-01-06 20:00'), { from_hour: 5, to_hour: 5 })).toBe(false);
    for (const time of ['2026-01-06 00:00', '2026-01-06 03:59', '2026-01-06 20:00', '2026-01-06 23:59']) {
      expect(withinAlertHours(jst(time), { from_hour: 0, to_hour: 24 })).toBe(true);
    }
  });

  it('changes the matching day at 04:00 Japan time, not at midnight', () => {
    const evening = matchingDayOf(jst('2026-01-06 19:00'));
    expect(matchingDayOf(jst('2026-01-07 00:00'))).toBe(evening);
    expect(matchingDayOf(jst('2026-01-07 03:59:59'))).toBe(evening);
    expect(matchingDayOf(jst('2026-01-07 04:00'))).toBe(evening + 1);
    expect(matchingDayOf(jst('2026-01-06 03:59:59'))).toBe(evening - 1);
  });
});
