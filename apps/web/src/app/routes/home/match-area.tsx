import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/notice.tsx';
import { SkeletonBlock } from '../../../components/skeleton.tsx';
import { currentMatchKey, resyncMatch, useCurrentMatch } from '../../../features/match/api/get-current-match.ts';
import { MatchAlertSettings } from '../../../features/match/components/match-alert-settings.tsx';
import { MatchScreen } from '../../../features/match/components/match-screen.tsx';
import { MatchSettledNotice } from '../../../features/match/components/settled-result.tsx';
import { settledResultOf } from '../../../features/match/settled-result.ts';
import { MATCH_TEXTS } from '../../../features/match/texts.ts';
import { matchSummaryQueryOptions } from '../../../features/players/api/get-match-summary.ts';
import { QueueOutlook } from '../../../features/queue/components/queue-outlook.tsx';
import { QueuePanel } from '../../../features/queue/components/queue-panel.tsx';
import { ReadyCheckCard } from '../../../features/queue/components/ready-check-card.tsx';
import { useQueueFeed } from '../../../features/queue/hooks/use-queue-feed.ts';
import { MatchTrustPanel } from '../../../features/trust/components/match-trust-panel.tsx';
import { useLogout } from '../../../lib/auth/logout.ts';
import { useMyProfile } from '../../../lib/auth/user.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { refreshPlayerProgress } from '../../player-progress.ts';

/**
 * When the match screen goes away (settled and reported, or no longer the user's match): its id, which the queue
 * panel names; null again once a match is shown.
 */
function useFinishedMatch(shownId: string | null): string | null {
  const [finished, setFinished] = useState<string | null>(null);
  const lastShown = useRef<string | null>(null);
  useEffect(() => {
    if (shownId) {
      lastShown.current = shownId;
      setFinished(null);
    } else if (lastShown.current) {
      setFinished(lastShown.current);
      lastShown.current = null;
    }
  }, [shownId]);
  return finished;
}

/**
 * The signed-in match tab (loaded on demand): the in-match screen while the user has an open match (or a settled
 * one they may still report), else the queue panel (spec §2 Match tab, §4 Match screen). The queue feed's
 * ongoing_match_players also drives the switch: entering or leaving the list reloads the match.
 */
export default function MatchArea({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useLogout();
  const logoutOnce = useSingleFlight(logout);
  const profile = useMyProfile();
  const feed = useQueueFeed(userId);
  const now = useNow();
  const current = useCurrentMatch(userId);

  const players = feed.info.data?.ongoing_match_players;
  const inOngoing = players ? players.includes(userId) : undefined;
  const previous = useRef(inOngoing);
  useEffect(() => {
    const was = previous.current;
    previous.current = inOngoing;
    if (was === undefined || inOngoing === undefined || was === inOngoing) return;
    // Either way the match is read again rather than the list believed: a reading made before a wave can come after
    // it (a poll that crossed it), and the screen (with the lobby number the host is typing) would go and come back
    // empty.
    void resyncMatch(queryClient);
  }, [inOngoing, queryClient]);

  const match = current.data;
  // A settled match stays on screen only for a player who may still report it (until the report deadline).
  const late = match?.status === 'done' && !match.has_reported && now < match.report_deadline_unixtime;
  const doneId = match?.status === 'done' ? match.match_id : null;
  useEffect(() => {
    if (!doneId) return;
    // Settled: the rate and the achievements changed, so they are reloaded; the server says whether a report is
    // still due.
    void refreshPlayerProgress(queryClient, userId);
    void queryClient.invalidateQueries({ queryKey: currentMatchKey(userId) });
  }, [doneId, queryClient, userId]);
  const shownId = match && (match.status === 'matched' || late) ? match.match_id : null;
  const finished = useFinishedMatch(shownId);

  // Settled: the result and the rate change come from the match's summary (the server's before → after).
  const settledId = doneId ?? finished;
  const summary = useQuery({ ...matchSummaryQueryOptions(settledId ?? ''), enabled: settledId !== null });
  const result =
    settledId !== null && summary.data?.match_id === settledId ? settledResultOf(summary.data, userId) : null;

  // A settled match shown to its player (still to report, or just finished) offers its dispute (issue 34); a ready
  // check of the player's next match (issue 35) comes above it, as in the queue panel this screen stands for.
  if (match && shownId) {
    return (
      <>
        {match.status === 'done' && <ReadyCheckCard userId={userId} now={now} spaced shownMatchId={match.match_id} />}
        <MatchScreen match={match} userId={userId} result={result} />
        {match.status === 'done' && <MatchTrustPanel matchId={match.match_id} playerIds={[userId]} />}
      </>
    );
  }
  if (current.isPending) return <SkeletonBlock height={420} label={MATCH_TEXTS.loading} />;

  const relogin = () =>
    logoutOnce(undefined, {
      onSettled: () => {
        void navigate('/?tab=mypage');
      },
    });

  return (
    <>
      {current.isError && (
        <ErrorState message={`${MATCH_TEXTS.loadFailed}: ${current.error.message}`} onRetry={() => current.refetch()} />
      )}
      {finished && <MatchSettledNotice matchId={finished} result={result} />}
      {finished && <MatchTrustPanel matchId={finished} playerIds={[userId]} />}
      <QueuePanel userId={userId} profile={profile} feed={feed} onRelogin={relogin}>
        <QueueOutlook userId={userId} queueShown />
        <MatchAlertSettings />
      </QueuePanel>
    </>
  );
}
