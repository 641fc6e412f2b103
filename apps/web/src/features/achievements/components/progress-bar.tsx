import { formatInteger } from '../../../lib/format.ts';

/** current of target as a bar (role=progressbar) with the numbers beside it. */
export function ProgressBar({ current, target, label }: { current: number; target: number; label: string }) {
  const percent = target > 0 ? Math.min(100, (current / target) * 100) : 100;
  return (
    <div className="achievement-progress">
      <div
        className="achievement-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={target}
        aria-valuenow={Math.min(current, target)}
      >
        <span className="achievement-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="achievement-progress__count">
        {formatInteger(current)}/{formatInteger(target)}
      </span>
    </div>
  );
}
