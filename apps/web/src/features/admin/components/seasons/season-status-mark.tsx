import type { AdminSeason } from '@rankmatch/shared';
import { formatDateTime } from '../../../../lib/format.ts';
import { seasonStatusOf } from '../../season-status.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.seasons;

const TONES = {
  idle: '',
  scheduled: ' admin-mark--info',
  running: ' admin-mark--success',
  ending: ' admin-mark--info',
  ended: '',
} as const;

/**
 * 未開催 / 開始待ち / 開催中 / 終了処理中 / 終了（date） next to the season's name, and for the two states that last
 * without anyone acting, what they wait for (the start date; the last matches' report deadline).
 */
export function SeasonStatusMark({ season, now }: { season: AdminSeason; now: number }) {
  const status = seasonStatusOf(season, now);
  const note =
    status === 'scheduled'
      ? T.scheduledNote(formatDateTime(season.start_date))
      : status === 'ending'
        ? season.ending_waits_until === null
          ? T.endingSoon
          : T.endingWaits(formatDateTime(season.ending_waits_until))
        : null;
  return (
    <>
      <span className={`admin-mark${TONES[status]}`}>
        {T.status[status]}
        {season.ended_at !== null && T.endedAt(formatDateTime(season.ended_at))}
      </span>
      {note && <span className="admin-season__note muted">{note}</span>}
    </>
  );
}
