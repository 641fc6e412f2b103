import { formatDate } from '../../../lib/format.ts';
import { ACHIEVEMENT_TEXTS as T } from '../texts.ts';

/** 2025/04/01 獲得 */
export function EarnedDate({ at }: { at: number }) {
  return (
    <time className="achievement-date" dateTime={new Date(at * 1000).toISOString()}>
      {T.earnedOn(formatDate(at))}
    </time>
  );
}
