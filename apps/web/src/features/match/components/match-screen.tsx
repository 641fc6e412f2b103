import { banAssignments, type CurrentMatch } from '@rankmatch/shared';
import { lazy, Suspense, useState } from 'react';
import { Notice } from '../../../components/notice.tsx';
import { formatClock } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useMatchLive } from '../hooks/use-match-live.ts';
import { teamOf } from '../report-flow.ts';
import type { SettledResult } from '../settled-result.ts';
import { MATCH_TEXTS as T } from '../texts.ts';
import { LobbyPanel } from './lobby-panel.tsx';
import { LobbyTimer } from './lobby-timer.tsx';
import { MatchHeader } from './match-header.tsx';
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

  return (
    <div className="match-screen">
      <MatchHeader match={match} open={open} canReport={canReport} onReport={() => setReporting(true)} />

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
