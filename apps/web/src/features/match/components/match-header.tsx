import { type CurrentMatch, MATCH_STATUS_LABELS, PREDICTED_CHANCE_TEXTS as P, REPORTS_NEEDED } from '@rankmatch/shared';
import { useEffect, useRef } from 'react';
import { Icon } from '../../../components/icon.tsx';
import { formatClock } from '../../../lib/format.ts';
import { MATCH_TEXTS as T } from '../texts.ts';

/**
 * The match screen's header: the match's number and time, its status and reports so far, and the report button (or
 * that the player reported, with a correction while the match is open).
 */
export function MatchHeader({
  match,
  open,
  canReport,
  onReport,
}: {
  match: CurrentMatch;
  open: boolean;
  canReport: boolean;
  onReport: () => void;
}) {
  // A match found while the queue panel was scrolled: bring the new screen's header into view.
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = header.current;
    if (el && match.match_id && el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: 'start' });
  }, [match.match_id]);

  return (
    <section ref={header} className="card match-header" aria-labelledby="match-title">
      <div className="match-header__intro">
        <p className="match-header__eyebrow">
          <Icon name="sparkles" size={16} />
          {T.found}
        </p>
        <h2 id="match-title" className="match-header__title">
          {T.title(match.match_id)}
        </h2>
        <p className="match-header__time muted">{T.matchedAt(formatClock(match.matched_unixtime))}</p>
      </div>
      <dl className="match-header__facts">
        <div>
          <dt>{T.status}</dt>
          <dd>
            <span className={`status-pill status-pill--${match.status}`} data-testid="match-status">
              {MATCH_STATUS_LABELS[match.status]}
            </span>
          </dd>
        </div>
        <div>
          <dt>{T.reports}</dt>
          <dd className="match-header__count" data-testid="report-count">
            {T.reportProgress(match.report_count, REPORTS_NEEDED)}
          </dd>
        </div>
        {match.predicted_a !== null && (
          <div title={P.hint}>
            <dt>{P.label}</dt>
            <dd className="match-header__chance" data-testid="predicted-chance">
              {P.value(match.predicted_a)}
            </dd>
          </div>
        )}
      </dl>
      <div className="match-header__report">
        <ReportControl match={match} open={open} canReport={canReport} onReport={onReport} />
      </div>
    </section>
  );
}

/** The report button, or that the player reported (with a correction while the match is open). */
function ReportControl({
  match,
  open,
  canReport,
  onReport,
}: {
  match: CurrentMatch;
  open: boolean;
  canReport: boolean;
  onReport: () => void;
}) {
  if (!match.has_reported) {
    return (
      <button type="button" className="button button--primary button--large" onClick={onReport} disabled={!canReport}>
        <Icon name="send" size={18} />
        {T.reportOpen}
      </button>
    );
  }
  return (
    <div className="reported" role="status">
      <span className="reported__label">
        <Icon name="check" size={18} />
        {T.reported}（{T.reportProgress(match.report_count, REPORTS_NEEDED)}）
      </span>
      <span className="reported__text">{T.reportedText}</span>
      {open && (
        <button type="button" className="button button--secondary button--small" onClick={onReport}>
          {T.reportFix}
        </button>
      )}
    </div>
  );
}
