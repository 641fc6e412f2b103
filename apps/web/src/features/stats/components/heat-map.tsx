import type { CSSProperties } from 'react';
import { ScrollBox } from '../../../components/scroll-box.tsx';
import { formatInteger } from '../../../lib/format.ts';
import { heatLevel } from '../figures.ts';
import { STATS_TEXTS as T } from '../texts.ts';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * Matches by weekday (Sunday first) × hour, Japan time, as a coloured grid: a table reads better than a chart here
 * (exact numbers, row and column headers for screen readers). On phones it scrolls sideways inside its card, its
 * edges fading where more hours are (on a phone the first screen shows 0–9 時 and no sign of the evening).
 */
export function HeatMap({ grid }: { grid: number[][] }) {
  const max = Math.max(0, ...grid.flat());
  return (
    <section className="card stats-card" aria-labelledby="stats-heat-title">
      <h2 id="stats-heat-title" className="card__title">
        {T.heatTitle}
      </h2>
      <p className="stats-card__note muted">{T.heatNote}</p>
      <ScrollBox className="stats-scroll stats-heat__scroll" label={T.heatCaption} contentKey={grid}>
        <table className="stats-heat">
          <caption className="visually-hidden">{T.heatCaption}</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{T.weekdayColumn}</span>
              </th>
              {HOURS.map((hour) => (
                <th key={hour} scope="col">
                  {hour}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {T.weekdays.map((weekday, day) => (
              <tr key={weekday}>
                <th scope="row">{weekday}</th>
                {HOURS.map((hour) => {
                  const count = grid[day]?.[hour] ?? 0;
                  const level = heatLevel(count, max);
                  return (
                    <td
                      key={hour}
                      className={level > 0.6 ? 'stats-heat__cell stats-heat__cell--strong' : 'stats-heat__cell'}
                      style={{ '--heat': level } as CSSProperties}
                      title={T.heatCell(weekday, hour, formatInteger(count))}
                    >
                      {count > 0 ? formatInteger(count) : <span className="visually-hidden">0</span>}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <p className="stats-heat__legend muted" aria-hidden="true">
        {T.heatLegendLow}
        <span className="stats-heat__scale" />
        {T.heatLegendHigh}
      </p>
    </section>
  );
}
