import { COMMON_TEXTS } from '../lib/texts.ts';
import './skeleton.css';

/** Grey placeholder lines while data loads; announced once as 読み込み中. */
export function Skeleton({ lines = 3, label = COMMON_TEXTS.loading }: { lines?: number; label?: string }) {
  return (
    <div className="skeleton" role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder lines
        <span key={i} className="skeleton__line" style={{ width: `${100 - ((i * 17) % 45)}%` }} />
      ))}
    </div>
  );
}

/** A block placeholder of a given height (cards, charts, banners). */
export function SkeletonBlock({ height, label = COMMON_TEXTS.loading }: { height: number; label?: string }) {
  return <div className="skeleton-block" role="status" aria-label={label} aria-busy="true" style={{ height }} />;
}
