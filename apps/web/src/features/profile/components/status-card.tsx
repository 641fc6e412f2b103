import { getBadge, isProvisional, PROVISIONAL_MATCHES, type UserProfile } from '@rankmatch/shared';
import { SeasonStatGrid } from '../../../components/season-stat-grid.tsx';
import { formatInteger } from '../../../lib/format.ts';
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
      <SeasonStatGrid numbers={profile}>
        <div className="stat">
          <dt>{T.penalty}</dt>
          <dd className={penalty > 0 ? 'text-danger' : undefined} data-testid="penalty-count">
            {formatInteger(penalty)}
          </dd>
        </div>
      </SeasonStatGrid>
      {profile.season_data && isProvisional(profile.match_count) && (
        <p className="status-card__note muted" data-testid="provisional-note">
          {T.provisionalNote(PROVISIONAL_MATCHES)}
        </p>
      )}
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
