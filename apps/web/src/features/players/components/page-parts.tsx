import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { formatDelta } from '../../../lib/format.ts';
import { PLAYERS_TEXTS as T } from '../texts.ts';

export const RANKING_PATH = '/?tab=ranking';
export const playerPath = (userId: string) => `/players/${encodeURIComponent(userId)}`;
export const matchPath = (matchId: string) => `/matches/${encodeURIComponent(matchId)}`;

/**
 * Back to where the visitor came from inside the site (the ranking, a player page…); on a page opened directly
 * (shared link, reload of the first page) there is no such place, so it leads to the ranking (ランキングへ, not
 * 戻る: the visitor did not come from there).
 */
export function BackLink() {
  const location = useLocation();
  const navigate = useNavigate();
  if (location.key === 'default') {
    return (
      <Link className="players-back" to={RANKING_PATH}>
        <span aria-hidden="true">←</span> {T.toRanking}
      </Link>
    );
  }
  return (
    <button type="button" className="players-back" onClick={() => navigate(-1)}>
      <span aria-hidden="true">←</span> {T.back}
    </button>
  );
}

/** A page that does not exist (404): a heading that says so, a line of help and the way back to the ranking. */
export function NotFoundCard({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="card players-not-found" aria-labelledby="players-not-found-title">
      <Icon name="flag" size={36} className="card__title-icon" />
      <h1 id="players-not-found-title" className="players-not-found__title">
        {title}
      </h1>
      {children && <p className="muted">{children}</p>}
      <Link className="button button--secondary" to={RANKING_PATH}>
        {T.backToRanking}
      </Link>
    </section>
  );
}

/** The signed rate delta, green when up (or 0), red when down. */
export function Delta({ value }: { value: number }) {
  return (
    <span className={`players-delta players-delta--${value >= 0 ? 'up' : 'down'}`} title={T.rateDelta}>
      {formatDelta(value)}
    </span>
  );
}
