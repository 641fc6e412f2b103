import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { type BarChartProps, COUNT_INCREMENTS } from './bar-chart-props.ts';

// The drawing itself, with uPlot on a canvas. This module (and uPlot with it) is only ever imported lazily, from
// bar-chart.tsx: the first screen of the site never pays for it. uPlot needs no eval and no inline script (it sets
// element styles through the DOM), so it runs under the site's Content-Security-Policy.

const MIN_WIDTH = 260;
const X_INCREMENTS = [1, 2, 3, 4, 6, 7, 12, 14, 24, 28, 30, 50, 60, 100, 200];

/** A CSS custom property of the page (the season theme sets the colours), or a fallback. */
function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** Some room above the highest bar, never an empty axis. */
const yMax = (max: number | null) => (max && max > 0 ? max * 1.1 : 1);

/** The page's colours and font, read when the chart is drawn (the season theme may have changed them). */
function chartStyle() {
  return {
    muted: cssVar('--muted', '#5d6778'),
    border: cssVar('--border', '#e2e6ee'),
    theme: cssVar('--theme', '#ff6b35'),
    accent: cssVar('--theme-accent', '#c2410c'),
    font: '12px "Hiragino Sans", "Noto Sans JP", "IPAGothic", sans-serif',
  };
}

/** uPlot's options for one bar chart: bars at 0…n-1 labelled below, a y axis from 0, a live readout of the hovered bar. */
function barChartOptions(chart: Required<BarChartProps>, width: number): uPlot.Options {
  const { labels, readoutLabels, seriesName, labelName, formatValue, formatAxis, yIncrements, height } = chart;
  const { muted, border, theme, accent, font } = chartStyle();
  const bars = uPlot.paths.bars?.({ size: [0.8, 48], gap: 1 });
  return {
    width,
    height,
    legend: { show: true, live: true },
    cursor: { y: false, points: { show: false }, drag: { x: false, y: false, setScale: false } },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      x: { time: false, range: [-0.5, labels.length - 0.5] },
      y: { range: (_u, _min, max) => [0, yMax(max)] },
    },
    axes: [
      {
        stroke: muted,
        font,
        grid: { show: false },
        ticks: { stroke: border },
        incrs: X_INCREMENTS,
        space: 36,
        values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
      },
      {
        stroke: muted,
        font,
        size: 56,
        grid: { stroke: border, width: 1 },
        ticks: { show: false },
        incrs: yIncrements,
        values: (_u, splits) => splits.map((v) => formatAxis(v)),
      },
    ],
    series: [
      { label: labelName, value: (_u, i) => (i === null ? '' : (readoutLabels[i] ?? '')) },
      {
        label: seriesName,
        fill: `${theme}b3`,
        stroke: accent,
        width: 1,
        points: { show: false },
        ...(bars ? { paths: bars } : {}),
        value: (_u, v) => (v === null ? '—' : formatValue(v)),
      },
    ],
  };
}

export default function UPlotBarChart({
  labels,
  readoutLabels = labels,
  values,
  seriesName,
  labelName,
  formatValue,
  formatAxis = formatValue,
  yIncrements = COUNT_INCREMENTS,
  height = 220,
}: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = () => Math.max(MIN_WIDTH, Math.floor(el.clientWidth));
    const options = barChartOptions(
      { labels, readoutLabels, values, seriesName, labelName, formatValue, formatAxis, yIncrements, height },
      width(),
    );
    const chart = new uPlot(options, [labels.map((_, i) => i), values], el);

    // Redrawn at the card's width: 390 px phones and 1280 px desktops alike.
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => chart.setSize({ width: width(), height }));
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      chart.destroy();
    };
  }, [labels, readoutLabels, values, seriesName, labelName, formatValue, formatAxis, yIncrements, height]);

  return <div ref={box} className="stats-uplot" />;
}
