import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { SkeletonBlock } from '../../../components/skeleton.tsx';
import { QueueOutlook } from '../../../features/queue/components/queue-outlook.tsx';
import { useSession } from '../../../lib/auth/session.ts';
import { APP_TEXTS } from '../../texts.ts';

const T = APP_TEXTS.match;

// The queue panel, match screen and report wizard load on demand: most visits start on the rules tab.
const MatchArea = lazy(() => import('./match-area.tsx'));

/** The match tab: login required (spec §2), then the queue panel or the match screen; anyone sees when to come. */
export function MatchTab() {
  const session = useSession();
  if (session) {
    return (
      <Suspense fallback={<SkeletonBlock height={420} />}>
        <MatchArea userId={session.user.user_id} />
      </Suspense>
    );
  }
  // Signed out: the login prompt, and when the queue is usually busy.
  return (
    <div className="match-tab__signed-out">
      <section className="card match-tab" aria-labelledby="match-title">
        <h2 id="match-title" className="card__title">
          {T.title}
        </h2>
        <div className="empty-state">
          <div className="empty-state__icon">
            <Icon name="key" size={36} />
          </div>
          <p className="empty-state__title">{T.loginRequired}</p>
          <p>{T.loginHint}</p>
          <Link className="button button--primary" to="/?tab=mypage">
            {T.toMypage}
          </Link>
        </div>
      </section>
      <QueueOutlook userId={null} />
    </div>
  );
}
