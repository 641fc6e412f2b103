// Number and date formatting for Japanese screens. Dates and times are Japan time, whatever the browser's zone, made
// by arithmetic (packages/shared/src/japan-format.ts: the same text on the server and in the browser, no locale data
// to load while the page starts).
import { groupDigits } from '@rankmatch/shared';

export {
  formatClock,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatMonthDayTime,
  formatShortDate,
  formatShortDateTime,
  formatYen,
} from '@rankmatch/shared';

/** 12345 → "12,345" (ja-JP's grouping; up to 3 decimals, as Intl prints them). */
export const formatInteger = (n: number) => groupDigits(Math.round(n * 1000) / 1000);
/** 55.5 → "55.5%" (one decimal at most). */
export const formatPercent = (n: number) => `${Math.round(n * 10) / 10}%`;
/** A signed rate delta: "+12", "+0", "-8". */
export const formatDelta = (n: number) => (n >= 0 ? `+${n}` : `${n}`);
/** A countdown or elapsed time: 125 → "02:05"; an hour or more → "1:02:05"; negative counts as 0. */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}
