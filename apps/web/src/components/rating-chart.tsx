import { useCallback, useId, useRef, useState } from 'react';
import { formatShortDate } from '../lib/format.ts';
import './rating-chart.css';

// A season's rate after each settled match as an SVG line chart (the my page and the player pages draw it). Data
// fetching, loading and empty states stay with the caller: this draws two or more points.

const DEFAULT_WIDTH = 600;
const H = 200;
const PAD = { left: 44, right: 16, top: 14, bottom: 26 };

export interface RatePoint {
  /** Unix seconds. */
  at: number;
  rate: number;
}

/** Chart geometry, kept pure for testing: SVG coordinates and the y-axis ticks for a chart W pixels wide. */
export function chartGeometry(points: RatePoint[], W: number = DEFAULT_WIDTH) {
  const rates = points.map((p) => p.rate);
  const lo = Math.min(...rates);
  const hi = Math.max(...rates);
  const span = Math.max(hi - lo, 40);
  const min = Math.floor((lo - span * 0.15) / 10) * 10;
  const max = Math.ceil((hi + span * 0.15) / 10) * 10;
  const t0 = points[0]?.at ?? 0;
  const t1 = points[points.length - 1]?.at ?? 0;
  const byTime = t1 > t0;
  const x = (p: RatePoint, i: number) =>
    PAD.left + (W - PAD.left - PAD.right) * (byTime ? (p.at - t0) / (t1 - t0) : i / Math.max(points.length - 1, 1));
  const y = (rate: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - (rate - min) / (max - min));
  const coords = points.map((p, i) => ({ x: x(p, i), y: y(p.rate) }));
  const ticks = [min, Math.round((min + max) / 2), max].map((v) => ({ value: v, y: y(v) }));
  return { coords, ticks };
}

/** The width of an element in CSS pixels, so the chart draws 1:1 and its labels stay 12 px on every screen. */
function useWidth<T extends HTMLElement>(): [(el: T | null) => void, number] {
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: T | null) => {
    observer.current?.disconnect();
    if (!el || typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(([entry]) => {
      const w = Math.round(entry?.contentRect.width ?? 0);
      if (w > 0) setWidth(Math.max(260, w));
    });
    observer.current.observe(el);
  }, []);
  return [ref, width];
}

/**
 * The line, a soft area under it, three rate ticks and the first and last dates. `summary` is the chart's accessible
 * name (role=img), written by the caller in its own words.
 */
export function RatingLineChart({ points, summary }: { points: RatePoint[]; summary: string }) {
  const gradientId = useId();
  const titleId = useId();
  const [measure, W] = useWidth<HTMLDivElement>();
  const from = points[0];
  const to = points[points.length - 1];
  if (!from || !to || points.length < 2) return null;

  const { coords, ticks } = chartGeometry(points, W);
  const line = coords.map((c, i) => `${i === 0 ? 'M' : 'L'}${c.x.toFixed(1)},${c.y.toFixed(1)}`).join(' ');
  const first = coords[0]!;
  const last = coords[coords.length - 1]!;
  const area = `${line} L${last.x.toFixed(1)},${H - PAD.bottom} L${first.x.toFixed(1)},${H - PAD.bottom} Z`;
  return (
    <div ref={measure}>
      <svg className="rating-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={titleId}>
        <title id={titleId}>{summary}</title>
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="var(--theme)" stopOpacity="0.35" />
            <stop offset="1" stopColor="var(--theme)" stopOpacity="0" />
          </linearGradient>
        </defs>
        {ticks.map((t) => (
          <g key={t.value}>
            <line x1={PAD.left} x2={W - PAD.right} y1={t.y} y2={t.y} className="rating-chart__grid" />
            <text x={PAD.left - 8} y={t.y + 4} textAnchor="end" className="rating-chart__label">
              {t.value}
            </text>
          </g>
        ))}
        <path d={area} fill={`url(#${gradientId})`} />
        <path d={line} className="rating-chart__line" />
        <circle cx={last.x} cy={last.y} r={5} className="rating-chart__dot" />
        <text x={PAD.left} y={H - 6} className="rating-chart__label">
          {formatShortDate(from.at)}
        </text>
        <text x={W - PAD.right} y={H - 6} textAnchor="end" className="rating-chart__label">
          {formatShortDate(to.at)}
        </text>
      </svg>
    </div>
  );
}
