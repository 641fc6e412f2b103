import type { StatsReply } from '@rankmatch/shared';
import { useMemo } from 'react';
import { formatInteger } from '../../../lib/format.ts';
import { formatWait, formatWaitAxis } from '../figures.ts';
import { STATS_TEXTS as T } from '../texts.ts';
import { ChartCard } from './chart-card.tsx';

/** Axis steps in seconds: 10 s … 30 min. */
const WAIT_INCREMENTS = [10, 15, 30, 60, 120, 180, 300, 600, 900, 1800];

/** The mean wait of the players matched, by hour of the day (Japan time), over the whole season. */
export function WaitByHour({ hours }: { hours: StatsReply['wait_by_hour'] }) {
  const chart = useMemo(
    () => ({
      labels: hours.map((h) => T.hour(h.hour)),
      readoutLabels: hours.map((h) => T.hourRange(h.hour)),
      values: hours.map((h) => h.average_wait_seconds),
    }),
    [hours],
  );
  const known = hours.flatMap((h) => (h.average_wait_seconds === null ? [] : [h.average_wait_seconds]));
  return (
    <ChartCard
      id="stats-wait-title"
      title={T.waitTitle}
      note={T.waitNote}
      empty={known.length === 0 ? T.waitEmpty : null}
      summary={
        known.length === 0
          ? ''
          : T.waitSummary(known.length, formatWait(Math.min(...known)), formatWait(Math.max(...known)))
      }
      chart={{
        ...chart,
        seriesName: T.waitSeries,
        labelName: T.columnHour,
        formatValue: formatWait,
        formatAxis: formatWaitAxis,
        yIncrements: WAIT_INCREMENTS,
      }}
      table={{
        caption: T.waitTitle,
        columns: [T.columnHour, T.columnWait, T.columnWaves],
        rows: hours.map((h) => ({
          key: String(h.hour),
          cells: [
            T.hourRange(h.hour),
            h.average_wait_seconds === null ? T.noValue : formatWait(h.average_wait_seconds),
            formatInteger(h.waves),
          ],
        })),
      }}
    />
  );
}
