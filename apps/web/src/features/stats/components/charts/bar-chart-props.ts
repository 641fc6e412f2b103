// What a bar chart of the statistics page draws: one bar per label, in order. Shared by the lazy uPlot drawing and
// the wrapper that loads it, so tests can stub the drawing and still check what it was asked to draw.

export interface BarChartProps {
  /** One label per bar, also the x-axis labels (thinned out by the chart where they would overlap). */
  labels: string[];
  /** One value per bar; null is a gap (no data for that bar). */
  values: (number | null)[];
  /** The hovered bar's name in the readout, when the axis label is too short for it (default: labels). */
  readoutLabels?: string[];
  /** The series name shown with the hovered value. */
  seriesName: string;
  /** The name of the x values in the hover readout ("日付", "時間帯"…). */
  labelName: string;
  /** A value as the hover readout and the table show it. */
  formatValue: (value: number) => string;
  /** A value on the y axis (default: formatValue). */
  formatAxis?: (value: number) => string;
  /** Steps the y axis may use (default: whole numbers 1, 2, 5, 10…). */
  yIncrements?: number[];
  /** CSS pixels (default 220). */
  height?: number;
}

export const COUNT_INCREMENTS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000];
