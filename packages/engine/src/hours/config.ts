import type { DailyWindow, MatchingHoursConfig } from './types.ts';

const WEEKDAY: DailyWindow = Object.freeze({ open: 14 * 60, close: 28 * 60 }); // 14:00 → 04:00 next day
const WEEKEND: DailyWindow = Object.freeze({ open: 0, close: 28 * 60 }); // 00:00 → 04:00 next day

/**
 * Default matching hours, Japan time (UTC+9, no DST). Interpretation of the edges:
 * - Mon–Fri: a session 14:00 → 04:00 the next morning.
 * - Sat and Sun: "all day" = a session from 00:00 that, like every other night, runs until 04:00 the next
 *   morning. So Fri 14:00 → Sat 04:00 flows straight into Saturday (open without a break from Friday 14:00), and
 *   Sunday night continues until Monday 04:00: Mon 00:00–04:00 is OPEN (Sunday's continuation, the same
 *   late-night hours every night of the week).
 * - Net effect: matching is closed only Mon–Fri 04:00–14:00 JST; open 14:00 Friday → 04:00 Monday without a break.
 * Boundaries: open is inclusive, close exclusive — 14:00:00 is open, 04:00:00 closed (the last wave is 03:58).
 */
export const DEFAULT_MATCHING_HOURS: Readonly<MatchingHoursConfig> = Object.freeze({
  utcOffsetMinutes: 9 * 60,
  windows: Object.freeze([WEEKEND, WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, WEEKEND]),
  waveIntervalSeconds: 120,
});

export function resolveMatchingHoursConfig(config: Partial<MatchingHoursConfig> = {}): MatchingHoursConfig {
  const resolved = { ...DEFAULT_MATCHING_HOURS, ...config };
  if (resolved.windows.length !== 7) throw new RangeError('matching hours: windows needs 7 entries (Sunday first)');
  for (const w of resolved.windows) {
    if (w && !(w.open >= 0 && w.open < w.close && w.close <= 2 * 24 * 60)) {
      throw new RangeError('matching hours: each window needs 0 ≤ open < close ≤ 2880 minutes');
    }
  }
  if (!(resolved.waveIntervalSeconds > 0)) throw new RangeError('matching hours: waveIntervalSeconds must be > 0');
  if (!Number.isFinite(resolved.utcOffsetMinutes)) throw new RangeError('matching hours: bad utcOffsetMinutes');
  return resolved;
}

/** Rules-page text for the default hours. */
export const MATCHING_HOURS_RULE_JA = [
  'マッチング時間（日本時間）: 平日は14:00〜翌4:00、土日は終日（日曜の夜は月曜4:00まで）です。',
  '時間内は2分ごと（偶数分）にマッチングを行います。',
].join('\n');
export const MATCHING_HOURS_RULE_EN = [
  'Matching hours (Japan time): weekdays 14:00 to 04:00 the next day; Saturdays and Sundays all day (Sunday night runs until 04:00 Monday).',
  'While open, a matching wave runs every 2 minutes, on even minutes.',
].join('\n');
