import { useEffect, useRef, useState } from 'react';
import { ErrorState } from '../../../components/notice.tsx';
import { SkeletonBlock } from '../../../components/skeleton.tsx';
import { SuspensionNotice } from '../../../components/suspension-notice.tsx';
import { AchievementsPanel } from '../../../features/achievements/components/achievements-panel.tsx';
import { RecentAchievements } from '../../../features/achievements/components/recent-achievements.tsx';
import { LoginPanel } from '../../../features/auth/components/login-panel.tsx';
import { AvoidList } from '../../../features/avoids/components/avoid-list.tsx';
import { BadgePickerModal } from '../../../features/badges/components/badge-picker-modal.tsx';
import { NotificationSettings } from '../../../features/notifications/components/notification-settings.tsx';
import { useCreateUser } from '../../../features/profile/api/create-user.ts';
import { AccountDeletion } from '../../../features/profile/components/account-deletion.tsx';
import { MatchHistory } from '../../../features/profile/components/match-history.tsx';
import { MyData } from '../../../features/profile/components/my-data.tsx';
import { PastSeasonsModal } from '../../../features/profile/components/past-seasons-modal.tsx';
import { ProfileCard } from '../../../features/profile/components/profile-card.tsx';
import { ProfileEditModal } from '../../../features/profile/components/profile-edit-modal.tsx';
import { RatingChart } from '../../../features/profile/components/rating-chart.tsx';
import { StatusCard } from '../../../features/profile/components/status-card.tsx';
import { UserCreationPrompt, WelcomeNote } from '../../../features/profile/components/welcome-note.tsx';
import { PurchaseHistory } from '../../../features/shop/components/purchase-history.tsx';
import { ReportOutcomes } from '../../../features/trust/components/report-outcomes.tsx';
import { useLogout } from '../../../lib/auth/logout.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { useMe } from '../../../lib/auth/user.ts';
import { COMMON_TEXTS } from '../../../lib/texts.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';

type OpenModal = { kind: 'edit' } | { kind: 'badge'; slot: 1 | 2 } | { kind: 'past' } | null;

/**
 * My page: the login prompt when signed out; profile, status, chart, achievements, match history, what came of the
 * player's reports, the players they avoid, notifications, purchase history, the data download and the account's
 * deletion when signed in.
 */
export function MyPageTab() {
  const session = useSession();
  // Signed in from this tab's login panel: the profile replaces it, so bring the profile into view.
  const wasSignedOut = useRef(session === null);
  useEffect(() => {
    wasSignedOut.current = session === null;
  }, [session]);
  if (!session) return <LoginPanel />;
  return <SignedInMyPage userId={session.user.user_id} showProfile={wasSignedOut.current} />;
}

/**
 * After a login the page keeps its scroll (the test-account form sits low on a phone), which would leave the view in
 * the middle of the my page: the tab's top comes into view once the profile is there.
 */
function useShowProfileOnce(show: boolean, ready: boolean) {
  const pending = useRef(show);
  useEffect(() => {
    if (!pending.current || !ready) return;
    pending.current = false;
    const layout = document.querySelector('.home__layout');
    if (layout && layout.getBoundingClientRect().top < 0) layout.scrollIntoView({ block: 'start' });
  }, [ready]);
}

function SignedInMyPage({ userId, showProfile }: { userId: string; showProfile: boolean }) {
  const me = useMe();
  const logout = useLogout();
  const logoutOnce = useSingleFlight(logout);
  const createUser = useCreateUser(userId);
  const createUserOnce = useSingleFlight(createUser);
  const [modal, setModal] = useState<OpenModal>(null);
  const close = () => setModal(null);
  useShowProfileOnce(showProfile, me.data?.kind === 'ready');

  if (me.isPending) {
    return (
      <div className="mypage" aria-busy="true">
        <div className="mypage__grid">
          <SkeletonBlock height={280} label={COMMON_TEXTS.loading} />
          <SkeletonBlock height={280} label={COMMON_TEXTS.loading} />
        </div>
        <SkeletonBlock height={200} label={COMMON_TEXTS.loading} />
      </div>
    );
  }
  if (me.isError) return <ErrorState message={me.error.message} onRetry={() => me.refetch()} />;
  if (me.data.kind === 'unregistered') {
    return (
      <UserCreationPrompt
        error={createUser.error?.message ?? me.data.error}
        busy={createUser.isPending}
        onRetry={() => createUserOnce()}
      />
    );
  }

  const profile = me.data.profile;
  return (
    <div className="mypage">
      <SuspensionNotice suspension={profile.suspension} />
      {!profile.trainer_name.trim() && <WelcomeNote onSetName={() => setModal({ kind: 'edit' })} />}
      <div className="mypage__grid">
        <ProfileCard
          profile={profile}
          onEdit={() => setModal({ kind: 'edit' })}
          onEditBadge={(slot) => setModal({ kind: 'badge', slot })}
          onLogout={() => logoutOnce()}
          loggingOut={logout.isPending}
        />
        <StatusCard profile={profile} onShowPastSeasons={() => setModal({ kind: 'past' })} />
      </div>
      <RatingChart userId={userId} />
      <RecentAchievements userId={userId} />
      <AchievementsPanel userId={userId} />
      <MatchHistory matches={profile.latest_matches} />
      <ReportOutcomes userId={userId} />
      <AvoidList userId={userId} />
      <NotificationSettings userId={userId} />
      <PurchaseHistory userId={userId} />
      <MyData />
      <AccountDeletion userId={userId} />

      {modal?.kind === 'edit' && <ProfileEditModal profile={profile} onClose={close} />}
      {modal?.kind === 'badge' && (
        <BadgePickerModal
          slot={modal.slot}
          userId={userId}
          current={{ primary: profile.current_badge, secondary: profile.current_badge_2 }}
          onClose={close}
        />
      )}
      {modal?.kind === 'past' && <PastSeasonsModal userId={userId} onClose={close} />}
    </div>
  );
}
