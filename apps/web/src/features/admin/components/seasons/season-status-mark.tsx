import type { AdminSeason } from '@rankmatch/shared';
import { formatDateTime } from '../../../../lib/format.ts';
import { seasonStatusOf } from '../../season-status.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.seasons;

const TONES = { idle: '', running: ' admin-mark--success', ending: ' admin-mark--info', ended: '' } as const;

/** 未開催 / 開催中 / 終了処理中 / 終了（date） next to the season's name. */
export function SeasonStatusMark({ season }: { season: AdminSeason }) {
  const status = seasonStatusOf(season);
  return (
    <span className={`admin-mark${TONES[status]}`}>
      {T.status[status]}
      {season.ended_at !== null && T.endedAt(formatDateTime(season.ended_at))}
    </span>
  );
}
