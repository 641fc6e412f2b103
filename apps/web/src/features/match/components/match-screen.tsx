import { banAssignments, type CurrentMatch, MATCH_STATUS_LABELS, REPORTS_NEEDED } from '@rankmatch/shared';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Icon } from '../../../components/icon.tsx';
import { Notice } from '../../../components/notice.tsx';
import { formatClock } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useMatchLive } from '../hooks/use-match-live.ts';
import { teamOf } from '../report-flow.ts';
import type { SettledResult } from '../settled-result.ts';
import { MATCH_TEXTS as T } from '../texts.ts';
import { LobbyPanel } from './lobby-panel.tsx';
import { LobbyTimer } from './lobby-timer.tsx';
import { SettledResultLine } from './settled-result.tsx';
import { TeamCard } from './team-card.tsx';
import './match.css';

// The wizard is a separate chunk: it is only needed once the game is over.
const ReportWizard = lazy(() => import('./report-wizard.tsx'));

/**
 * The in-match screen (spec §2 Match tab, §4 Match screen), kept live by the socket. Once settled (a late reporter
 * still sees it), `result` says how it ended for this player.
 */
export function MatchScreen({
  match,
  userId,
  result = null,
}: {
  match: CurrentMatch;
  userId: string;
  result?: SettledResult | null;
}) {
  useMatchLive(userId, match.match_id);
  const now = useNow();
  const [reporting, setReporting] = useState(false);
  const team = teamOf(match, userId);
  const myTeam = team === 'A' ? match.team_a : team === 'B' ? match.team_b : null;
  const ban = myTeam ? banAssignments(myTeam.players).get(userId) : undefined;
  const open = match.status === 'matched';
  // Settled already: until the deadline a player who has not reported may still report (it names violators).
  const late = !open && !match.has_reported && now < match.report_deadline_unixtime;
  const canReport = open || late;

  // A match found while the queue panel was scrolled: bring the new screen's header into view.
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = header.current;
    if (el && match.match_id && el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: 'start' });
  }, [match.match_id]);

  return (
    <div className="match-screen">
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
        </dl>
        <div className="match-header__report">
          {match.has_reported ? (
            <div className="reported" role="status">
              <span className="reported__label">
                <Icon name="check" size={18} />
                {T.reported}（{T.reportProgress(match.report_count, REPORTS_NEEDED)}）
              </span>
              <span className="reported__text">{T.reportedText}</span>
              {open && (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setReporting(true)}
                >
                  {T.reportFix}
                </button>
              )}
            </div>
          ) : (
            <button
              type="button"
              className="button button--primary button--large"
              onClick={() => setReporting(true)}
              disabled={!canReport}
            >
              <Icon name="send" size={18} />
              {T.reportOpen}
            </button>
          )}
        </div>
      </section>

      {late && (
        <Notice tone="warning" title={T.settledTitle} live>
          {result && <SettledResultLine result={result} />}
          <p>{T.settledText(formatClock(match.report_deadline_unixtime))}</p>
        </Notice>
      )}
      {/* The ban duty is over once the player has reported (a correction shows it again in the wizard). */}
      {ban && canReport && !match.has_reported ? (
        <Notice tone="info">
          <p className="ban-notice">{T.banAssignment(ban)}</p>
        </Notice>
      ) : null}

      {open && (
        <div className="match-grid">
          <LobbyTimer match={match} now={now} />
          <LobbyPanel match={match} userId={userId} now={now} />
        </div>
      )}

      <div className="teams">
        <TeamCard team={match.team_a} userId={userId} hostId={match.host_user_id} />
        <div className="teams__vs" aria-hidden="true">
          VS
        </div>
        <TeamCard team={match.team_b} userId={userId} hostId={match.host_user_id} />
      </div>

      {reporting && canReport && (
        <Suspense fallback={null}>
          <ReportWizard match={match} userId={userId} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </div>
  );
}
