import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatMonthDayTime,
  formatShortDate,
  formatShortDateTime,
  formatYen,
  groupDigits,
} from '../src/japan-format.ts';

// The formats are made by arithmetic (no locale data to load in the browser); Intl's ja-JP output in the Asia/Tokyo
// zone is the reference they must match, whatever this process's own zone.
const japan = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', ...options });
const REFERENCE = [
  [formatDateTime, japan({ year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })],
  [formatShortDateTime, japan({ month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' })],
  [formatDate, japan({ year: 'numeric', month: '2-digit', day: '2-digit' })],
  [formatDate, japan({ dateStyle: 'medium' })],
  [formatLongDate, japan({ year: 'numeric', month: 'long', day: 'numeric' })],
  [formatMonthDayTime, japan({ month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit' })],
  [formatShortDate, japan({ month: 'numeric', day: 'numeric' })],
  [formatClock, japan({ hour: '2-digit', minute: '2-digit' })],
] as const;

/** Instants worth checking: around Japan's midnight, month and year ends, a leap day, and spread over a century. */
function instants(): number[] {
  const edges = [
    Date.UTC(2026, 11, 31, 14, 59, 59), // 2026-12-31 23:59:59 JST
    Date.UTC(2026, 11, 31, 15, 0, 0), // 2027-01-01 00:00 JST
    Date.UTC(2028, 1, 28, 15, 0, 0), // 2028-02-29 00:00 JST
    Date.UTC(2026, 10, 25, 0, 5, 0), // 09:05 JST
    Date.UTC(2026, 3, 30, 15, 30, 0), // 2026-05-01 00:30 JST
    0,
  ].map((ms) => ms / 1000);
  const spread: number[] = [];
  let seed = 20261125;
  for (let i = 0; i < 2000; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    spread.push(946_684_800 + (seed % 3_155_760_000)); // 2000–2100
  }
  return [...edges, ...spread];
}

describe('Japan-time formats', () => {
  it('print what Intl prints in ja-JP for Asia/Tokyo', () => {
    for (const seconds of instants()) {
      for (const [format, reference] of REFERENCE) {
        expect(format(seconds), `${format.name}(${seconds})`).toBe(reference.format(seconds * 1000));
      }
    }
  });

  it('take whole-second and fractional instants alike', () => {
    expect(formatClock(Date.UTC(2026, 0, 1, 15, 4, 59) / 1000 + 0.999)).toBe('00:04');
    expect(formatLongDate(Date.UTC(2026, 3, 1, 0, 0, 0) / 1000)).toBe('2026年4月1日');
  });
});

describe('number formats', () => {
  const number = new Intl.NumberFormat('ja-JP');
  const yen = new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' });
  it('group digits as ja-JP does', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 20_000, -1500, -999, 1234.5, 123_456_789]) {
      expect(groupDigits(n), String(n)).toBe(number.format(n));
    }
  });
  it('print yen as ja-JP does', () => {
    for (const n of [0, 100, 1500, 12_000, 1_234_567, -300]) expect(formatYen(n), String(n)).toBe(yen.format(n));
  });
});
