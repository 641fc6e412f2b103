// Number and date formatting for Japanese screens. Dates and times are Japan time, whatever the browser's zone: the
// site's hours, waves and seasons are Japan time, and a page the server rendered shows the same text the browser
// then takes over (apps/web/src/entry-server.tsx).

const JAPAN = 'Asia/Tokyo';

/** A format made on first use: made at load, each would load its locale data at every page start. */
function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}
const dateFormat = (options: Intl.DateTimeFormatOptions) =>
  lazily(() => new Intl.DateTimeFormat('ja-JP', { timeZone: JAPAN, ...options }));

const integer = lazily(() => new Intl.NumberFormat('ja-JP'));
const dateTime = dateFormat({ year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
const shortDateTime = dateFormat({ month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const date = dateFormat({ year: 'numeric', month: '2-digit', day: '2-digit' });
const longDate = dateFormat({ year: 'numeric', month: 'long', day: 'numeric' });
const shortDate = dateFormat({ month: 'numeric', day: 'numeric' });
const clock = dateFormat({ hour: '2-digit', minute: '2-digit' });

export const formatInteger = (n: number) => integer().format(n);
/** 55.5 → "55.5%" (one decimal at most). */
export const formatPercent = (n: number) => `${Math.round(n * 10) / 10}%`;
/** A signed rate delta: "+12", "+0", "-8". */
export const formatDelta = (n: number) => (n >= 0 ? `+${n}` : `${n}`);
export const formatDateTime = (unixSeconds: number) => dateTime().format(unixSeconds * 1000);
export const formatShortDateTime = (unixSeconds: number) => shortDateTime().format(unixSeconds * 1000);
/** 2025/04/01 */
export const formatDate = (unixSeconds: number) => date().format(unixSeconds * 1000);
export const formatLongDate = (unixSeconds: number) => longDate().format(unixSeconds * 1000);
export const formatShortDate = (unixSeconds: number) => shortDate().format(unixSeconds * 1000);
export const formatClock = (unixSeconds: number) => clock().format(unixSeconds * 1000);
/** A countdown or elapsed time: 125 → "02:05"; an hour or more → "1:02:05"; negative counts as 0. */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

// Shop prices are yen (spec admin side §9), formatted by locale: 1500 → "￥1,500".
const yen = lazily(() => new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' }));
export const formatYen = (amount: number) => yen().format(amount);
