import type { ReporterRecord } from '@rankmatch/shared';
import { formatPercent } from '../../lib/format.ts';
import { ADMIN_TEXTS } from './texts.ts';

// Numbers of the moderation queue (通報・異議) and the reporter record, in the words of ADMIN_TEXTS.cases.

const T = ADMIN_TEXTS.cases;

/** Seconds as people say a wait: 45分, 3時間, 2日 (the median time to close). */
export function formatWait(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return T.wait.minutes(Math.max(1, minutes));
  const hours = Math.round(seconds / 3600);
  if (hours < 48) return T.wait.hours(hours);
  return T.wait.days(Math.round(seconds / 86_400));
}

/** A fraction 0–1 as a percentage (0.125 → 12.5%). */
export const formatShare = (fraction: number) => formatPercent(fraction * 100);

/** The record in one line: 報告 40・一致 35・反対 5（単独 3）・単独で反対する割合 1.2〜17.3%. */
export function recordLine(record: ReporterRecord): string {
  const interval =
    record.reports === 0
      ? ADMIN_TEXTS.dash
      : T.interval(formatShare(record.alone_rate_low), formatShare(record.alone_rate_high));
  return T.record(record, interval);
}
