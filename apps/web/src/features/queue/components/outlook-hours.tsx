import { type HourFigures, waitText } from '../outlook.ts';
import { QUEUE_TEXTS } from '../texts.ts';

const T = QUEUE_TEXTS.outlook;

/**
 * Hours as a light bar list: the typical queue (bar and number) and the median wait. While loading (figures null)
 * the same rows stand empty, so nothing moves when the numbers arrive.
 */
export function OutlookHours({
  figures,
  hours,
  currentHour,
  scale,
  label,
}: {
  figures: HourFigures[] | null;
  /** The hours of the rows (the figures' hours once they are there). */
  hours: number[];
  currentHour: number;
  scale: number;
  label: string;
}) {
  return (
    <ol className="outlook-hours" aria-label={label}>
      {hours.map((hour, i) => {
        const f = figures?.[i] ?? null;
        const now = hour === currentHour;
        return (
          <li
            key={hour}
            className={`outlook-hours__row${now ? ' outlook-hours__row--now' : ''}`}
            aria-current={now ? 'time' : undefined}
          >
            <span className="outlook-hours__hour">
              {T.hour(hour)}
              {now && <span className="outlook-hours__now">{T.nowMark}</span>}
            </span>
            <span className="outlook-hours__bar" aria-hidden="true">
              <span style={{ width: f && f.waves > 0 ? `${(100 * f.typical_queue) / scale}%` : 0 }} />
            </span>
            {/* The same two cells in every row, so 記録なし lines up under the other rows' queues. */}
            <span className="outlook-hours__queue">
              {!f ? '—' : f.waves === 0 ? T.noWaves : T.typicalQueue(f.typical_queue)}
            </span>
            <span className="outlook-hours__wait">
              {!f || f.waves === 0
                ? ''
                : f.wait_p50_seconds === null
                  ? T.waitNone
                  : T.wait(waitText(f.wait_p50_seconds))}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
