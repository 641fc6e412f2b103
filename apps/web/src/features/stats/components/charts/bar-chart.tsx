import { Component, lazy, type ReactNode, Suspense, useRef } from 'react';
import { SkeletonBlock } from '../../../../components/skeleton.tsx';
import { useNearViewport } from '../../../../lib/use-near-viewport.ts';
import { STATS_TEXTS as T } from '../../texts.ts';
import type { BarChartProps } from './bar-chart-props.ts';

// The chart library loads on demand: this wrapper imports the uPlot drawing (and uPlot) only when a chart comes near
// the screen (on a phone the charts are far below the first screen), after the page's tables. Tests stub the drawing
// module (jsdom has no canvas).
const UPlotBarChart = lazy(() => import('./uplot-bar-chart.tsx'));

/** A chunk that fails to load (network) shows a line instead of breaking the page; the numbers stay in the table. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) return <p className="stats-chart__failed muted">{T.chartFailed}</p>;
    return this.props.children;
  }
}

/**
 * A bar chart as an image with its summary as accessible name (the figures themselves are in the card's table).
 * The box keeps its height while uPlot loads, so nothing jumps.
 */
export function BarChart({ summary, ...props }: BarChartProps & { summary: string }) {
  const height = props.height ?? 220;
  const loading = <SkeletonBlock height={height} label={T.chartLoading} />;
  // The placeholder until the chart is near the screen: also on the server and while the browser takes that page over.
  const box = useRef<HTMLDivElement>(null);
  const drawn = useNearViewport(box);
  return (
    <div ref={box} className="stats-chart" role="img" aria-label={summary}>
      <ChartBoundary>
        {drawn ? (
          <Suspense fallback={loading}>
            <UPlotBarChart {...props} height={height} />
          </Suspense>
        ) : (
          loading
        )}
      </ChartBoundary>
    </div>
  );
}
