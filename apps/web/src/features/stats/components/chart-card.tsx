import { type ReactNode, useState } from 'react';
import { STATS_TEXTS as T } from '../texts.ts';
import { BarChart } from './charts/bar-chart.tsx';
import type { BarChartProps } from './charts/bar-chart-props.ts';

export interface ChartTable {
  caption: string;
  columns: string[];
  /** Each row: the label cell (a row header), then the values. */
  rows: { key: string; cells: ReactNode[] }[];
}

/**
 * A card with a bar chart and, folded under it, the same numbers as a table: for screen readers, for exact values
 * and for when the chart cannot load. Without data the card says so instead (`empty`).
 */
export function ChartCard({
  id,
  title,
  note,
  empty,
  summary,
  chart,
  table,
}: {
  id: string;
  title: string;
  note?: string;
  /** Shown instead of the chart and table when set. */
  empty?: string | null;
  summary: string;
  chart: BarChartProps;
  table: ChartTable;
}) {
  // The table is built when it is opened: folded, it is hidden from everyone (screen readers too), and the three
  // cards' tables were most of the page's elements (a month of days, the rating bins, 24 hours).
  const [open, setOpen] = useState(false);
  return (
    <section className="card stats-card" aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      {note && <p className="stats-card__note muted">{note}</p>}
      {empty ? (
        <p className="stats-card__empty muted">{empty}</p>
      ) : (
        <>
          <BarChart summary={summary} {...chart} />
          <details className="stats-details" onToggle={(event) => setOpen(event.currentTarget.open)}>
            <summary>{T.showTable}</summary>
            {open && (
              <div className="stats-scroll">
                <table className="stats-table stats-table--compact">
                  <caption className="visually-hidden">{table.caption}</caption>
                  <thead>
                    <tr>
                      {table.columns.map((column) => (
                        <th key={column} scope="col">
                          {column}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {table.rows.map((row) => (
                      <tr key={row.key}>
                        {row.cells.map((cell, i) =>
                          i === 0 ? (
                            // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                            <th key={i} scope="row">
                              {cell}
                            </th>
                          ) : (
                            // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                            <td key={i}>{cell}</td>
                          ),
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </details>
        </>
      )}
    </section>
  );
}
