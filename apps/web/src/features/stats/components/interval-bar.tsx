import { trackPosition } from '../figures.ts';
import { STATS_TEXTS as T } from '../texts.ts';

/**
 * A 95 % interval as a bar on a 20–80 % track with the 50 % line in the middle, the win rate as a dot: an interval
 * that crosses the line cannot tell a winner from a loser. Decoration for sighted readers: the text says it all.
 */
export function IntervalBar({ low, high, rate }: { low: number; high: number; rate: number }) {
  const from = trackPosition(low);
  const to = trackPosition(high);
  return (
    <span className="stats-interval" aria-hidden="true" title={T.intervalTrack}>
      <span className="stats-interval__range" style={{ left: `${from * 100}%`, width: `${(to - from) * 100}%` }} />
      <span className="stats-interval__point" style={{ left: `${trackPosition(rate) * 100}%` }} />
    </span>
  );
}
