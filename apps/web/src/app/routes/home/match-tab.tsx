import { Link } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { useSession } from '../../../lib/auth/session.ts';
import { APP_TEXTS } from '../../texts.ts';

const T = APP_TEXTS.match;

/** The match tab for now: login required, else a note that the queue arrives soon (no fake counts). */
export function MatchTab() {
  const session = useSession();
  return (
    <section className="card match-tab" aria-labelledby="match-title">
      <h2 id="match-title" className="card__title">
        {T.title}
      </h2>
      {session ? (
        <div className="empty-state">
          <div className="empty-state__icon">
            <Icon name="swords" size={36} />
          </div>
          <p className="empty-state__title">{T.comingSoonTitle}</p>
          <p>{T.comingSoonText}</p>
        </div>
      ) : (
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
      )}
    </section>
  );
}
