import type { StatsReply } from '@rankmatch/shared';
import { useMemo } from 'react';
import { formatInteger } from '../../../lib/format.ts';
import { fillHistogram, HISTOGRAM_WIDTH } from '../figures.ts';
import { STATS_TEXTS as T } from '../texts.ts';
import { ChartCard } from './chart-card.tsx';

const formatPlayers = (n: number) => T.players(formatInteger(n));

/** The players' current rates in bins of 50 (those of the chosen band). */
export function RatingHistogram({ bins }: { bins: StatsReply['rating_histogram'] }) {
  const filled = useMemo(() => fillHistogram(bins), [bins]);
  const chart = useMemo(
    () => ({
      labels: filled.map((b) => String(b.from)),
      readoutLabels: filled.map((b) => T.histogramBin(b.from, b.from + HISTOGRAM_WIDTH - 1)),
      values: filled.map((b) => b.count),
    }),
    [filled],
  );
  const players = filled.reduce((sum, b) => sum + b.count, 0);
  const first = filled[0]?.from ?? 0;
  const last = (filled[filled.length - 1]?.from ?? 0) + HISTOGRAM_WIDTH - 1;
  return (
    <ChartCard
      id="stats-histogram-title"
      title={T.histogramTitle}
      note={T.histogramNote}
      empty={filled.length === 0 ? T.histogramEmpty : null}
      summary={T.histogramSummary(formatInteger(players), first, last)}
      chart={{
        ...chart,
        seriesName: T.histogramSeries,
        labelName: T.columnRateBin,
        formatValue: formatPlayers,
        formatAxis: formatInteger,
      }}
      table={{
        caption: T.histogramTitle,
        columns: [T.columnRateBin, T.columnPlayers],
        rows: filled.map((b) => ({
          key: String(b.from),
          cells: [T.histogramBin(b.from, b.from + HISTOGRAM_WIDTH - 1), formatPlayers(b.count)],
        })),
      }}
    />
  );
}
