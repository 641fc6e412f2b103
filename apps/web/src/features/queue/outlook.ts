import type { QueueOutlook } from '@rankmatch/shared';
import { QUEUE_TEXTS } from './texts.ts';

// The outlook's figures as the panel shows them (pure). The server's hours are Japan time, whatever the browser's.

export type HourFigures = QueueOutlook['by_hour'][number];

const JST_OFFSET_SECONDS = 9 * 3600;

/** The hour (0–23) in Japan at a unix time. */
export const japanHour = (unixSeconds: number) => Math.floor(((unixSeconds + JST_OFFSET_SECONDS) % 86_400) / 3600);

/** The figures of `count` hours from `hour` on (round midnight); an hour the server left out has no waves. */
export function hoursFrom(byHour: readonly HourFigures[], hour: number, count: number): HourFigures[] {
  return Array.from({ length: count }, (_, i) => {
    const h = (hour + i) % 24;
    return byHour.find((f) => f.hour === h) ?? { hour: h, typical_queue: 0, wait_p50_seconds: null, waves: 0 };
  });
}

/**
 * The hour to recommend: the shortest median wait among the hours that made matches (the larger queue, then the
 * earlier hour, of equals); null when none did. Not the largest queue: players who wait long stay in the queue, so the
 * slowest hour could look the busiest (16時台 was "the busiest" while its wait was the day's worst).
 */
export function bestHour(byHour: readonly HourFigures[]): (HourFigures & { wait_p50_seconds: number }) | null {
  let best: (HourFigures & { wait_p50_seconds: number }) | null = null;
  for (const f of byHour) {
    const wait = f.wait_p50_seconds;
    if (f.waves === 0 || wait === null) continue;
    if (
      !best ||
      wait < best.wait_p50_seconds ||
      (wait === best.wait_p50_seconds && f.typical_queue > best.typical_queue)
    ) {
      best = { ...f, wait_p50_seconds: wait };
    }
  }
  return best;
}

/** The largest typical queue (the full bar), at least 1. */
export const queueScale = (byHour: readonly HourFigures[]) => Math.max(1, ...byHour.map((f) => f.typical_queue));

/** A wait as the queue panel says it ("約1分40秒"), rounded to 10 seconds (5 under a minute). */
export function waitText(seconds: number): string {
  const step = seconds < 60 ? 5 : 10;
  const rounded = Math.max(step, Math.round(seconds / step) * step);
  return QUEUE_TEXTS.minutesSeconds(Math.floor(rounded / 60), rounded % 60);
}
