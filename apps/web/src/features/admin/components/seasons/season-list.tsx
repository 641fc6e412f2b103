import type { AdminSeason, AdminSeasonListItem } from '@rankmatch/shared';
import { formatDateTime, formatInteger } from '../../../../lib/format.ts';
import { useNow } from '../../../../lib/use-now.ts';
import { canEnd, endBegan, seasonStatusOf } from '../../season-status.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { SeasonStatusMark } from './season-status-mark.tsx';
import { SeasonSummary } from './season-summary.tsx';

const T = ADMIN_TEXTS.seasons;

/**
 * Each season: colour dot, name with its status, id, period, the summary once ended, and its actions: edit, activate
 * (inactive seasons whose end has not begun), end (a season that has run, until ended) and delete (only a season the
 * server would delete: not active, no matches; the others say why).
 */
export function SeasonList({
  seasons,
  busy,
  onEdit,
  onActivate,
  onEnd,
  onDelete,
}: {
  seasons: AdminSeasonListItem[];
  busy: boolean;
  onEdit: (season: AdminSeason) => void;
  onActivate: (season: AdminSeason) => void;
  onEnd: (season: AdminSeason) => void;
  onDelete: (season: AdminSeason) => void;
}) {
  const now = useNow(60_000);
  return (
    <ul className="admin-seasons">
      {seasons.map((s) => (
        <li key={s.id} className="admin-season">
          <span className="admin-season__dot" style={{ background: s.theme_color }} aria-hidden="true" />
          <div className="admin-season__main">
            <p className="admin-season__name">
              {s.name}
              <SeasonStatusMark season={s} now={now} />
            </p>
            <p className="admin-season__meta muted">
              <span className="admin-mono">{s.id}</span>・
              {T.period(formatDateTime(s.start_date), formatDateTime(s.end_date))}
            </p>
            {s.summary && <SeasonSummary summary={s.summary} />}
          </div>
          <div className="admin-season__actions">
            <button type="button" className="button button--secondary button--small" onClick={() => onEdit(s)}>
              {ADMIN_TEXTS.edit}
            </button>
            {!s.is_active && !endBegan(s) && (
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => onActivate(s)}
                disabled={busy}
              >
                {T.activate}
              </button>
            )}
            {canEnd(s, now) && (
              <button
                type="button"
                className="button button--danger-ghost button--small"
                onClick={() => onEnd(s)}
                disabled={busy}
              >
                {T.end}
              </button>
            )}
            {/* Offered only where the server would delete; elsewhere it says why not. */}
            {s.deletable ? (
              <button
                type="button"
                className="button button--danger-ghost button--small"
                onClick={() => onDelete(s)}
                disabled={busy}
              >
                {T.delete}
              </button>
            ) : (
              <span className="admin-season__kept muted">
                {s.match_count > 0
                  ? T.keptForMatches(formatInteger(s.match_count))
                  : T.keptWhileActive(T.status[seasonStatusOf(s, now)])}
              </span>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
