import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MATCHING_HOURS,
  isMatchingOpen,
  isWaveTime,
  MATCHING_HOURS_RULE_JA,
  type MatchingHoursConfig,
  nextWaveUnix,
} from '../src/hours/index.ts';

/** Unix seconds of a Japan-time wall clock, e.g. jst('2026-01-05 14:00'). */
function jst(text: string): number {
  const ms = Date.parse(`${text.replace(' ', 'T')}${text.length === 16 ? ':00' : ''}+09:00`);
  if (Number.isNaN(ms)) throw new Error(`bad time ${text}`);
  return ms / 1000;
}

// January 2026: Mon 5, Tue 6, Wed 7, Thu 8, Fri 9, Sat 10, Sun 11, Mon 12.
describe('isMatchingOpen (default hours, JST)', () => {
  it.each([
    ['2026-01-05 04:00', false, 'Mon 04:00 after Sunday night closes'],
    ['2026-01-05 13:59:59', false, 'Mon just before opening'],
    ['2026-01-05 14:00', true, 'Mon opening (inclusive)'],
    ['2026-01-05 23:59:59', true, 'Mon late night'],
    ['2026-01-06 00:00', true, 'Tue midnight, Monday session'],
    ['2026-01-06 03:59:59', true, 'Tue last second'],
    ['2026-01-06 04:00', false, 'Tue 04:00 closing (exclusive)'],
    ['2026-01-07 10:00', false, 'Wed morning'],
    ['2026-01-09 03:59', true, 'Fri early morning, Thursday session'],
    ['2026-01-09 04:00', false, 'Fri morning closed'],
    ['2026-01-09 13:59:59', false, 'Fri just before opening'],
    ['2026-01-09 14:00', true, 'Fri opening'],
    ['2026-01-10 00:00', true, 'Sat midnight'],
    ['2026-01-10 04:00', true, 'Sat 04:00 stays open (weekend all day)'],
    ['2026-01-10 09:00', true, 'Sat morning'],
    ['2026-01-11 04:00', true, 'Sun 04:00'],
    ['2026-01-11 12:00', true, 'Sun noon'],
    ['2026-01-11 23:59:59', true, 'Sun last second'],
    ['2026-01-12 00:00', true, 'Mon 00:00: Sunday night continues'],
    ['2026-01-12 03:59:59', true, 'Mon 03:59:59: Sunday night continues'],
    ['2026-01-12 04:00', false, 'Mon 04:00 closed'],
    ['2026-01-12 13:59', false, 'Mon 13:59 closed'],
  ])('%s → %s (%s)', (time, open) => {
    expect(isMatchingOpen(jst(time))).toBe(open);
  });

  it('is closed exactly Mon–Fri 04:00–14:00 over a whole week, minute by minute', () => {
    const start = jst('2026-01-05 00:00'); // Monday
    for (let t = start; t < start + 7 * 86_400; t += 60) {
      const local = new Date((t + 9 * 3600) * 1000);
      const dow = local.getUTCDay();
      const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
      const closed = dow >= 1 && dow <= 5 && minute >= 4 * 60 && minute < 14 * 60;
      expect(isMatchingOpen(t)).toBe(!closed);
    }
  });
});

describe('nextWaveUnix (default hours, JST)', () => {
  it.each([
    ['2026-01-05 10:00', '2026-01-05 14:00', 'closed morning → opening time'],
    ['2026-01-05 13:59:59', '2026-01-05 14:00', 'one second before opening'],
    ['2026-01-05 14:00', '2026-01-05 14:02', 'strictly after a wave time'],
    ['2026-01-05 14:00:01', '2026-01-05 14:02', 'just after a wave'],
    ['2026-01-05 14:01', '2026-01-05 14:02', 'odd minute → next even minute'],
    ['2026-01-05 14:01:59', '2026-01-05 14:02', 'last second before a wave'],
    ['2026-01-06 03:57:59', '2026-01-06 03:58', 'last wave of the night'],
    ['2026-01-06 03:58', '2026-01-06 14:00', 'after the last wave → next opening'],
    ['2026-01-09 23:59', '2026-01-10 00:00', 'Fri → Sat midnight'],
    ['2026-01-10 03:59', '2026-01-10 04:00', 'Sat 04:00 is a wave (weekend)'],
    ['2026-01-11 23:59:30', '2026-01-12 00:00', 'Sun → Mon midnight (Sunday night continues)'],
    ['2026-01-12 03:58', '2026-01-12 14:00', 'Mon 04:00 closes → Mon 14:00'],
  ])('%s → %s (%s)', (now, next) => {
    expect(nextWaveUnix(jst(now))).toBe(jst(next));
  });

  it('returns even JST minutes at which matching is open, with nothing open skipped', () => {
    let t = jst('2026-01-08 12:00'); // Thursday
    const end = jst('2026-01-13 12:00');
    let previous = t;
    while (t < end) {
      const next = nextWaveUnix(t);
      expect(next).toBeGreaterThan(t);
      expect(next % 120).toBe(0);
      expect(isMatchingOpen(next)).toBe(true);
      expect(isWaveTime(next)).toBe(true);
      // No open even minute between two consecutive waves.
      for (let s = previous + 120; s < next; s += 120) if (s > t) expect(isMatchingOpen(s)).toBe(false);
      previous = next;
      t = next;
    }
  });

  it('accepts fractional seconds', () => {
    expect(nextWaveUnix(jst('2026-01-05 14:00') + 0.5)).toBe(jst('2026-01-05 14:02'));
  });
});

describe('custom hours', () => {
  it('uses another offset, windows and interval', () => {
    // UTC, every day 10:00–10:05, waves every 5 minutes.
    const config: Partial<MatchingHoursConfig> = {
      utcOffsetMinutes: 0,
      windows: Array.from({ length: 7 }, () => ({ open: 600, close: 605 })),
      waveIntervalSeconds: 300,
    };
    const day = Date.parse('2026-01-05T00:00:00Z') / 1000;
    expect(isMatchingOpen(day + 600 * 60, config)).toBe(true);
    expect(isMatchingOpen(day + 605 * 60, config)).toBe(false);
    expect(nextWaveUnix(day, config)).toBe(day + 600 * 60);
    expect(nextWaveUnix(day + 600 * 60, config)).toBe(day + 86_400 + 600 * 60);
  });

  it('skips a session too short to hold an aligned wave', () => {
    // Opens 10:01–10:02 on Mondays only: no even minute inside → never; plus Tuesday 12:00–13:00.
    const windows: MatchingHoursConfig['windows'] = [
      null,
      { open: 601, close: 602 },
      { open: 720, close: 780 },
      null,
      null,
      null,
      null,
    ];
    const monday = jst('2026-01-05 00:00');
    expect(nextWaveUnix(monday, { windows })).toBe(jst('2026-01-06 12:00'));
  });

  it('rejects a config that never opens or is malformed', () => {
    expect(() => nextWaveUnix(0, { windows: Array.from({ length: 7 }, () => null) })).toThrow(RangeError);
    expect(() => isMatchingOpen(0, { windows: [null] })).toThrow(RangeError);
    expect(() => isMatchingOpen(0, { windows: Array.from({ length: 7 }, () => ({ open: 10, close: 5 })) })).toThrow(
      RangeError,
    );
  });

  it('has Japanese rule text and the JST default', () => {
    expect(DEFAULT_MATCHING_HOURS.utcOffsetMinutes).toBe(540);
    expect(MATCHING_HOURS_RULE_JA).toContain('14:00');
  });
});
