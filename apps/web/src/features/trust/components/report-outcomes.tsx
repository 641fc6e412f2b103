import { REPORT_OUTCOME_TITLES, REPORT_OUTCOMES_DAYS, reportOutcomeText } from '@rankmatch/shared';
import { Link } from 'react-router';
import { formatShortDateTime } from '../../../lib/format.ts';
import { useReportOutcomes } from '../api/report-outcomes.ts';
import { TRUST_TEXTS as T } from '../texts.ts';
import './trust.css';

/**
 * What came of the player's reports and disputes (issue 35): each closed case they raised, told once by their chosen
 * channels, listed here for 30 days. Nothing is shown while there is none (or it could not be read: it is not urgent).
 */
export function ReportOutcomes({ userId }: { userId: string }) {
  const outcomes = useReportOutcomes(userId);
  const list = outcomes.data?.outcomes ?? [];
  if (list.length === 0) return null;
  return (
    <section className="card" aria-labelledby="report-outcomes-title">
      <h2 id="report-outcomes-title" className="card__title">
        {T.outcomesTitle}
      </h2>
      <p className="muted">{T.outcomesLead(REPORT_OUTCOMES_DAYS)}</p>
      <ul className="report-outcomes">
        {list.map((o) => (
          <li key={o.case_id} className={`report-outcome report-outcome--${o.outcome}`}>
            <strong>{REPORT_OUTCOME_TITLES[o.subject]}</strong>
            <time className="muted" dateTime={new Date(o.told_at * 1000).toISOString()}>
              {formatShortDateTime(o.told_at)}
            </time>
            <p>{reportOutcomeText(o.subject, o.outcome)}</p>
            {o.match_id !== null && <Link to={`/matches/${o.match_id}`}>{T.outcomeMatch(o.match_id)}</Link>}
          </li>
        ))}
      </ul>
    </section>
  );
}
