import type { MatchSummary } from '@rankmatch/shared';
import {
  MATCH_NOT_FOUND_META,
  matchPageMeta,
  matchPageTitle,
  PREDICTED_CHANCE_TEXTS as P,
  PUBLIC_PAGES,
} from '@rankmatch/shared';
import type { ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { ErrorState } from '../../../components/notice.tsx';
import { SkeletonBlock } from '../../../components/skeleton.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { answeredNotFound } from '../../../lib/not-found-address.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { isMatchId, useMatchSummary } from '../api/get-match-summary.ts';
import { useScrollToTop } from '../hooks/use-scroll-to-top.ts';
import { isNotFound } from '../not-found.ts';
import { PLAYERS_TEXTS as T } from '../texts.ts';
import { BackLink, NotFoundCard } from './page-parts.tsx';
import { SummaryTeam } from './summary-team.tsx';
import './players.css';

/** What the app shows under the match's header for the signed-in reader (its players' disputes), composed in. */
export type MatchSummaryExtra = (summary: MatchSummary) => ReactNode;

/** /matches/:id: a settled match for anyone. Open and unknown matches are "not found". */
export default function MatchSummaryRoute({ extra }: { extra?: MatchSummaryExtra }) {
  const { id } = useParams();
  const { pathname } = useLocation();
  if (!isMatchId(id) || answeredNotFound(pathname)) return <MatchNotFound />;
  return <MatchSummaryPage key={id} matchId={id} extra={extra} />;
}

function MatchNotFound() {
  usePageMeta(MATCH_NOT_FOUND_META);
  return (
    <div className="players-page">
      <NotFoundCard title={MATCH_NOT_FOUND_META.title}>{T.matchNotFoundText}</NotFoundCard>
    </div>
  );
}

function MatchSummaryPage({ matchId, extra }: { matchId: string; extra: MatchSummaryExtra | undefined }) {
  useScrollToTop(matchId);
  const summary = useMatchSummary(matchId);
  usePageMeta(
    summary.data
      ? matchPageMeta(summary.data)
      : { title: matchPageTitle(matchId), description: PUBLIC_PAGES.match.meta.description },
  );

  if (summary.isError && isNotFound(summary.error)) return <MatchNotFound />;
  return (
    <div className="players-page">
      <BackLink />
      {summary.isPending ? (
        <div className="players-skeleton" aria-busy="true">
          <SkeletonBlock height={120} label={T.matchLoading} />
          <div className="summary-teams" aria-hidden="true">
            <SkeletonBlock height={360} />
            <SkeletonBlock height={360} />
          </div>
        </div>
      ) : summary.isError ? (
        <ErrorState message={`${T.matchLoadFailed}（${summary.error.message}）`} onRetry={() => summary.refetch()} />
      ) : (
        <>
          <SummaryHeader summary={summary.data} />
          {extra?.(summary.data)}
          <div className="summary-teams">
            <SummaryTeam side="A" summary={summary.data} />
            <span className="summary-teams__vs" aria-hidden="true">
              VS
            </span>
            <SummaryTeam side="B" summary={summary.data} />
          </div>
        </>
      )}
    </div>
  );
}

/** The match number, the outcome (チームAの勝利 / チームBの勝利 / 無効試合) and when it was played and settled. */
function SummaryHeader({ summary }: { summary: MatchSummary }) {
  const winner = summary.winner_team;
  return (
    <header className="card summary-header">
      <div className="summary-header__title-row">
        <h1 className="summary-header__title">{matchPageTitle(summary.match_id)}</h1>
        <p
          className={`winner-banner winner-banner--${winner === null ? 'invalid' : winner.toLowerCase()}`}
          data-testid="match-outcome"
        >
          <Icon name={winner === null ? 'alert' : 'trophy'} size={18} />
          {winner === null ? T.invalidMatch : T.winner(winner)}
        </p>
      </div>
      <dl className="summary-header__dates">
        <div>
          <dt>{T.startedAt}</dt>
          <dd>
            <time dateTime={new Date(summary.started_at * 1000).toISOString()}>
              {formatDateTime(summary.started_at)}
            </time>
          </dd>
        </div>
        <div>
          <dt>{T.settledAt}</dt>
          <dd>
            <time dateTime={new Date(summary.settled_at * 1000).toISOString()}>
              {formatDateTime(summary.settled_at)}
            </time>
          </dd>
        </div>
        {summary.predicted_a !== null && (
          <div title={P.hint}>
            <dt>{P.label}</dt>
            <dd data-testid="predicted-chance">{P.value(summary.predicted_a)}</dd>
          </div>
        )}
      </dl>
    </header>
  );
}
