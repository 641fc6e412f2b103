import { getBadge, type UserProfile } from '@rankmatch/shared';
import { formatInteger, formatPercent } from '../../../lib/format.ts';
import { PROFILE_TEXTS as T } from '../texts.ts';

/** Current season numbers, penalty (red above 0), equipped badges joined by 、 and the past-seasons button. */
export function StatusCard({ profile, onShowPastSeasons }: { profile: UserProfile; onShowPastSeasons: () => void }) {
  const penalty = profile.effective_penalty;
  const badgeNames = [profile.current_badge, profile.current_badge_2]
    .filter((id): id is string => Boolean(id))
    .map((id) => getBadge(id)?.display ?? id);
  return (
    <section className="card status-card" aria-labelledby="status-title">
      <header className="card__header">
        <h2 id="status-title" className="card__title">
          {T.statusTitle}
        </h2>
        <span className="muted card__subtitle">
          {profile.season_data ? T.seasonLabel(profile.season_data.season_name) : T.noSeason}
        </span>
      </header>
      <dl className="stat-grid stat-grid--compact">
        <div className="stat stat--highlight">
          <dt>{T.currentRate}</dt>
          <dd>{formatInteger(profile.rate)}</dd>
        </div>
        <div className="stat">
          <dt>{T.maxRate}</dt>
          <dd>{formatInteger(profile.max_rate)}</dd>
        </div>
        <div className="stat">
          <dt>{T.totalMatches}</dt>
          <dd>{formatInteger(profile.match_count)}</dd>
        </div>
        <div className="stat">
          <dt>{T.wins}</dt>
          <dd>{formatInteger(profile.win_count)}</dd>
        </div>
        <div className="stat">
          <dt>{T.winRate}</dt>
          <dd>{formatPercent(profile.win_rate)}</dd>
        </div>
        <div className="stat">
          <dt>{T.penalty}</dt>
          <dd className={penalty > 0 ? 'text-danger' : undefined} data-testid="penalty-count">
            {formatInteger(penalty)}
          </dd>
        </div>
      </dl>
      <p className="status-card__badges">
        <span className="muted">{T.equippedBadges}: </span>
        {badgeNames.length > 0 ? badgeNames.join(T.badgeSeparator) : T.noBadges}
      </p>
      <button type="button" className="button button--secondary" onClick={onShowPastSeasons}>
        {T.pastSeasons}
      </button>
    </section>
  );
}
