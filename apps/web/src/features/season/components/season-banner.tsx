import { absoluteImageUrl, type Season } from '@rankmatch/shared';
import { useId } from 'react';
import { ErrorState } from '../../../components/notice.tsx';
import { SkeletonBlock } from '../../../components/skeleton.tsx';
import { useActiveSeason } from '../../../lib/active-season.ts';
import { formatInteger, formatLongDate } from '../../../lib/format.ts';
import { SEASON_TEXTS as T } from '../texts.ts';
import { daysRemaining, SEASON_BAR_MAX_RATE, seasonBarPercent } from '../theme.ts';
import './season-banner.css';

/** The banner above the tabs: season name, period, days left (7 or fewer) and the signed-in user's season bar. */
export function SeasonBanner({ maxRate }: { maxRate?: number | undefined }) {
  const season = useActiveSeason();
  if (season.isPending) return <SkeletonBlock height={120} label={T.regionLabel} />;
  if (season.isError) {
    return (
      <section className="season-banner season-banner--off" aria-label={T.regionLabel}>
        <ErrorState message={T.loadFailed} onRetry={() => season.refetch()} />
      </section>
    );
  }
  const { current_season: current, next_season: next, is_season_active: active } = season.data;
  if (!active || !current) return <OffSeason next={next} />;
  return <ActiveSeason season={current} maxRate={maxRate} />;
}

function ActiveSeason({ season, maxRate }: { season: Season; maxRate?: number | undefined }) {
  const days = daysRemaining(season.end_date);
  const percent = maxRate === undefined ? null : seasonBarPercent(maxRate);
  const noteId = useId();
  return (
    <section className="season-banner" aria-label={T.regionLabel}>
      <div className="season-banner__text">
        <p className="season-banner__eyebrow">
          {T.currentSeason}
          {days !== null && days <= 7 && <span className="season-banner__countdown">{T.daysLeft(days)}</span>}
        </p>
        <h2 className="season-banner__name">{season.name}</h2>
        <p className="season-banner__period">
          {T.period(formatLongDate(season.start_date), formatLongDate(season.end_date))}
        </p>
        {season.description && <p className="season-banner__description">{season.description}</p>}
        {percent !== null && maxRate !== undefined && (
          <div className="season-bar">
            <div className="season-bar__label">
              <span>{T.barLabel}</span>
              <span>
                <strong>{formatInteger(maxRate)}</strong> / {formatInteger(SEASON_BAR_MAX_RATE)}
              </span>
            </div>
            <div
              className="season-bar__track"
              role="progressbar"
              aria-label={T.barLabel}
              aria-valuemin={0}
              aria-valuemax={SEASON_BAR_MAX_RATE}
              aria-valuenow={Math.min(maxRate, SEASON_BAR_MAX_RATE)}
              aria-describedby={noteId}
            >
              <span className="season-bar__fill" style={{ width: `${percent}%` }} />
            </div>
            <p id={noteId} className="season-bar__note">
              {T.barNote(formatInteger(SEASON_BAR_MAX_RATE))}
            </p>
          </div>
        )}
      </div>
      {season.image_url && (
        <img className="season-banner__image" src={absoluteImageUrl(season.image_url)} alt="" loading="lazy" />
      )}
    </section>
  );
}

function OffSeason({ next }: { next: Season | null }) {
  return (
    <section className="season-banner season-banner--off" aria-label={T.regionLabel}>
      <div className="season-banner__text">
        <h2 className="season-banner__name">{T.offSeason}</h2>
        <p className="season-banner__description">
          {next ? T.nextSeason(next.name, formatLongDate(next.start_date)) : T.offSeasonNote}
        </p>
      </div>
    </section>
  );
}
