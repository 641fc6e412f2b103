// Dates, times and numbers as the site prints them, by arithmetic rather than Intl: the site's hours, waves and
// seasons are Japan time (UTC+9 all year: Japan has no daylight saving time), whatever the reader's zone, and the
// server and the browser must print the same text (a server-rendered page is taken over as it is). An
// Intl.DateTimeFormat in the Asia/Tokyo zone loads the browser's time-zone and locale data on first use: 15–30 ms of
// a phone's main thread while the first page starts. The test compares every format with Intl's ja-JP output.

const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The calendar fields of an instant in Japan time. */
interface JapanTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function japanTime(unixSeconds: number): JapanTime {
  const d = new Date(unixSeconds * 1000 + JAPAN_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** 1234567 → "1,234,567"; -1500 → "-1,500" (integers; a fraction keeps its digits ungrouped). */
export function groupDigits(n: number): string {
  const [whole = '', fraction] = String(Math.abs(n)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${n < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** 1500 → "￥1,500" (ja-JP's currency format: the full-width yen sign, no decimals). */
export const formatYen = (amount: number) => `${amount < 0 ? '-' : ''}￥${groupDigits(Math.abs(Math.round(amount)))}`;

/** "2026/04/01 09:05" */
export function formatDateTime(unixSeconds: number): string {
  const t = japanTime(unixSeconds);
  return `${t.year}/${two(t.month)}/${two(t.day)} ${two(t.hour)}:${two(t.minute)}`;
}
/** "4/1 09:05" */
export function formatShortDateTime(unixSeconds: number): string {
  const t = japanTime(unixSeconds);
  return `${t.month}/${t.day} ${two(t.hour)}:${two(t.minute)}`;
}
/** "2026/04/01" */
export function formatDate(unixSeconds: number): string {
  const t = japanTime(unixSeconds);
  return `${t.year}/${two(t.month)}/${two(t.day)}`;
}
/** "2026年4月1日" */
export function formatLongDate(unixSeconds: number): string {
  const t = japanTime(unixSeconds);
  return `${t.year}年${t.month}月${t.day}日`;
}
/** "4月1日 09:05" (a deadline, a suspension's or a timeout's end: 「4月1日 09:05までマッチングに参加できません」) */
export function formatMonthDayTime(unixSeconds: number): string {
  const t = japanTime(unixSeconds);
  return `${t.month}月${t.day}日 ${two(t.hour)}:${two(t.minute)}`;
}
/** "4/1" */
export function formatShortDate(unixSeconds: number): string {
  const t = japanTime(unixSeconds);
  return `${t.month}/${t.day}`;
}
/** "09:05" */
export function formatClock(unixSeconds: number): string {
  const t = japanTime(unixSeconds);
  return `${two(t.hour)}:${two(t.minute)}`;
}
