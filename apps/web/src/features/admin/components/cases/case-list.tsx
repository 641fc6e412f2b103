import { CASE_KIND_LABELS, type CaseSummary } from '@rankmatch/shared';
import { Link } from 'react-router';
import { formatDateTime } from '../../../../lib/format.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.cases;

/** A user's page in the user tab (opened at once by ?user=…). */
export const adminUserHref = (userId: string) => `/admin_control?tab=users&user=${encodeURIComponent(userId)}`;

/**
 * The cases as cards (a table's seven columns would not fit a phone): kind and severity, the one-line summary, the
 * match and players it concerns, when it opened (and closed), and the button that opens it.
 */
export function CaseListView({ cases, onOpen }: { cases: CaseSummary[]; onOpen: (caseId: number) => void }) {
  return (
    <ul className="admin-cases__list" aria-label={T.caption}>
      {cases.map((c) => (
        <li key={c.case_id} className={`admin-case admin-case--severity-${c.severity}`}>
          <div className="admin-case__head">
            <strong className="admin-case__kind">{CASE_KIND_LABELS[c.kind]}</strong>
            <span className="admin-mark">{T.severity(c.severity)}</span>
            {c.action && <span className="admin-mark admin-mark--success">{T.actionLabels[c.action]}</span>}
          </div>
          <p className="admin-case__summary">{c.summary}</p>
          <CaseTargets summary={c} />
          <p className="admin-case__times muted">
            {T.openedAt}{' '}
            <time dateTime={new Date(c.opened_at * 1000).toISOString()}>{formatDateTime(c.opened_at)}</time>
            {c.closed_at !== null && (
              <>
                {' ・ '}
                {T.closedAt} {formatDateTime(c.closed_at)}
              </>
            )}
          </p>
          <button
            type="button"
            className="button button--secondary button--small admin-case__open"
            onClick={() => onOpen(c.case_id)}
          >
            {T.open(c.case_id)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The match (its public page) and the players (the user tab) a case is about. */
export function CaseTargets({ summary }: { summary: CaseSummary }) {
  const users = [summary.user_id, summary.other_user_id].filter((id): id is string => id !== null);
  if (summary.match_id === null && users.length === 0) return null;
  return (
    <p className="admin-case__targets">
      {summary.match_id !== null && <Link to={`/matches/${summary.match_id}`}>{T.match(summary.match_id)}</Link>}
      {users.map((id) => (
        <Link key={id} to={adminUserHref(id)} className="admin-mono">
          {id}
        </Link>
      ))}
    </p>
  );
}
