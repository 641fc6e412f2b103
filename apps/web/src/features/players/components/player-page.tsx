import { PLAYER_NOT_FOUND_META, PUBLIC_PAGES, playerPageMeta } from '@rankmatch/shared';
import { useLocation, useParams } from 'react-router';
import { ErrorState } from '../../../components/notice.tsx';
import { SkeletonBlock } from '../../../components/skeleton.tsx';
import { answeredNotFound } from '../../../lib/not-found-address.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { AvoidButton } from '../../avoids/components/avoid-button.tsx';
import { isPlayerId, usePlayerPage } from '../api/get-player-page.ts';
import { useScrollToTop } from '../hooks/use-scroll-to-top.ts';
import { isNotFound } from '../not-found.ts';
import { PLAYERS_TEXTS as T } from '../texts.ts';
import { CharacterStats } from './character-stats.tsx';
import { BackLink, NotFoundCard } from './page-parts.tsx';
import { PlayerCard } from './player-card.tsx';
import { RecentMatches } from './recent-matches.tsx';
import { PlayerRatingChart, SeasonNumbers } from './season-numbers.tsx';
import { SeasonRecords } from './season-records.tsx';
import './players.css';

/** /players/:userId: anyone's public page. An id that cannot name a user is "not found" without a request. */
export default function PlayerPageRoute() {
  const { userId } = useParams();
  const { pathname } = useLocation();
  if (!isPlayerId(userId) || answeredNotFound(pathname)) return <PlayerNotFound />;
  // A new key per player: moving from one player's page to another's starts afresh.
  return <PlayerPage key={userId} userId={userId} />;
}

function PlayerNotFound() {
  usePageMeta(PLAYER_NOT_FOUND_META);
  return (
    <div className="players-page">
      <NotFoundCard title={PLAYER_NOT_FOUND_META.title}>{T.notFoundText}</NotFoundCard>
    </div>
  );
}

function PlayerPage({ userId }: { userId: string }) {
  useScrollToTop(userId);
  const page = usePlayerPage(userId);
  // Until the player is in: the player page's own meta (not the page the visitor came from).
  usePageMeta(page.data ? playerPageMeta(page.data.profile) : PUBLIC_PAGES.player.meta);

  if (page.isError && isNotFound(page.error)) return <PlayerNotFound />;
  return (
    <div className="players-page">
      <BackLink />
      {page.isPending ? (
        <PlayerPageSkeleton />
      ) : page.isError ? (
        <ErrorState message={`${T.loadFailed}（${page.error.message}）`} onRetry={() => page.refetch()} />
      ) : (
        <>
          <div className="player-page__top">
            <PlayerCard profile={page.data.profile} ownedBadges={page.data.owned_badges} />
            <div className="player-page__stack">
              <SeasonNumbers profile={page.data.profile} season={page.data.season} />
              <PlayerRatingChart history={page.data.rating_history} season={page.data.season} />
            </div>
          </div>
          <div className="player-page__columns">
            <CharacterStats characters={page.data.characters} />
            <RecentMatches matches={page.data.recent_matches} />
          </div>
          <SeasonRecords records={page.data.records} />
          <AvoidButton playerId={userId} playerName={page.data.profile.trainer_name} />
        </>
      )}
    </div>
  );
}

/** The page's shape while it loads: profile and numbers, then characters and matches. */
function PlayerPageSkeleton() {
  return (
    <div className="players-skeleton" aria-busy="true">
      <div className="player-page__top">
        <SkeletonBlock height={260} label={T.loading} />
        <div className="player-page__stack" aria-hidden="true">
          <SkeletonBlock height={130} />
          <SkeletonBlock height={200} />
        </div>
      </div>
      <div className="player-page__columns" aria-hidden="true">
        <SkeletonBlock height={240} />
        <SkeletonBlock height={240} />
      </div>
    </div>
  );
}
