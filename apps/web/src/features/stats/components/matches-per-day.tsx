import type { StatsReply } from '@rankmatch/shared';
import { useMemo } from 'react';
import { formatInteger } from '../../../lib/format.ts';
import { fillDays, shortDay } from '../figures.ts';
import { STATS_TEXTS as T } from '../texts.ts';
import { ChartCard } from './chart-card.tsx';

/** Settled matches per day (Japan time), from the first day with a match to the last. */
export function MatchesPerDay({ days }: { days: StatsReply['matches_per_day'] }) {
  const filled = useMemo(() => fillDays(days), [days]);
  const chart = useMemo(
    () => ({ labels: filled.map((d) => shortDay(d.day)), values: filled.map((d) => d.matches) }),
    [filled],
  );
  const total = filled.reduce((sum, d) => sum + d.matches, 0);
  const peak = filled.reduce<{ day: string; matches: number } | null>(
    (best, d) => (best === null || d.matches > best.matches ? d : best),
    null,
  );
  return (
    <ChartCard
      id="stats-days-title"
      title={T.perDayTitle}
      empty={filled.length === 0 ? T.noMatches : null}
      summary={T.perDaySummary(
        filled.length,
        formatInteger(total),
        formatInteger(peak?.matches ?? 0),
        peak ? shortDay(peak.day) : '',
      )}
      chart={{ ...chart, seriesName: T.perDaySeries, labelName: T.columnDay, formatValue: formatInteger }}
      table={{
        caption: T.perDayTitle,
        columns: [T.columnDay, T.perDaySeries],
        rows: filled.map((d) => ({ key: d.day, cells: [d.day, formatInteger(d.matches)] })),
      }}
    />
  );
}
