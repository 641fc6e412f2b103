import { PUBLIC_PAGES, RATING_BAND_LABELS, type RatingBand, type StatsReply } from '@rankmatch/shared';
import { startTransition, useOptimistic } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { EmptyState, ErrorState } from '../../../components/notice.tsx';
import { SkeletonBlock } from '../../../components/skeleton.tsx';
import { useActiveSeason } from '../../../lib/active-season.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime, formatLongDate } from '../../../lib/format.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useSeasons } from '../api/get-seasons.ts';
import { useStats } from '../api/get-stats.ts';
import { seasonOptions, selectedSeason } from '../season-options.ts';
import { readStatsParams, withStatsParams } from '../stats-params.ts';
import { STATS_TEXTS as T } from '../texts.ts';
import { CharacterTable } from './character-table.tsx';
import { HeatMap } from './heat-map.tsx';
import { MatchesPerDay } from './matches-per-day.tsx';
import { Overview } from './overview.tsx';
import { RatingHistogram } from './rating-histogram.tsx';
import { RoleTable } from './role-table.tsx';
import { StatsFilters } from './stats-filters.tsx';
import { WaitByHour } from './wait-by-hour.tsx';
import './stats.css';

const isSeasonNotFound = (error: Error) => error instanceof ApiError && error.code === 'SEASON_NOT_FOUND';

/**
 * /stats: the figures of a season (the active one by default) and a rating band, both in the address
 * (`?season=&band=`). Tables first; the charts load their library on demand.
 */
export default function StatsPage() {
  usePageMeta(PUBLIC_PAGES.stats.meta);
  const [search, setSearch] = useSearchParams();
  const params = readStatsParams(search);
  const activeSeason = useActiveSeason().data;
  const active = activeSeason?.current_season;
  const started = useSeasons().data?.seasons;
  const stats = useStats(params, { enabled: !params.badSeason });

  const notFound = params.badSeason || (stats.isError && isSeasonNotFound(stats.error));
  // A season the server does not know is not offered as one: its choice says it was not found.
  const requestedName = notFound
    ? T.seasonNotFoundOption
    : params.season && stats.data?.season?.season_id === params.season
      ? stats.data.season.season_name
      : null;
  const seasons = seasonOptions({
    active,
    open: activeSeason?.is_season_active === true,
    seasons: started,
    requested: params.season,
    requestedName,
  });
  // The router applies address changes in a transition; until it commits, the optimistic copy keeps the clicked
  // band and season shown (a controlled input would otherwise flick back for a moment).
  const [filters, setFilters] = useOptimistic({ season: selectedSeason(params.season, active), band: params.band });
  // A filter is a view setting, not a new page: it replaces the history entry (Back leaves the page).
  const change = (next: { season?: string; band?: RatingBand }) =>
    startTransition(() => {
      setFilters((current) => ({ ...current, ...next }));
      setSearch(
        withStatsParams(search, {
          band: next.band,
          season: next.season === undefined ? undefined : next.season || null,
        }),
        {
          replace: true,
        },
      );
    });
  return (
    <div className="stats">
      <header className="card stats__header">
        <h1 className="stats__title">
          <Icon name="stats" size={28} className="card__title-icon" />
          {PUBLIC_PAGES.stats.meta.title}
        </h1>
        {stats.data?.season && !notFound && <SeasonPeriod season={stats.data.season} />}
        <p className="stats__intro muted">{T.intro}</p>
        <StatsFilters
          seasons={seasons}
          season={filters.season}
          band={filters.band}
          onSeason={(season) => change({ season })}
          onBand={(band) => change({ band })}
        />
        {params.band !== 'all' && <p className="stats__band-note muted">{T.bandNote}</p>}
        {stats.data?.season && !notFound && (
          <p className="stats__selection" aria-live="polite">
            <strong>{T.selection(stats.data.season.season_name, RATING_BAND_LABELS[stats.data.band])}</strong>
            {stats.data.computed_at !== null && (
              <span className="muted">{T.computedAt(formatDateTime(stats.data.computed_at))}</span>
            )}
          </p>
        )}
      </header>

      {notFound ? (
        <section className="card stats-card">
          <EmptyState icon={<Icon name="flag" size={32} />}>{T.seasonNotFound}</EmptyState>
          <p className="stats-card__center muted">{T.seasonNotFoundHint}</p>
          <p className="stats-card__center">
            <Link to="/stats">{T.toActiveSeason}</Link>
          </p>
        </section>
      ) : stats.isPending ? (
        <StatsSkeleton />
      ) : stats.isError ? (
        <section className="card stats-card">
          <ErrorState message={`${T.loadFailed}（${stats.error.message}）`} onRetry={() => stats.refetch()} />
        </section>
      ) : (
        <StatsBody stats={stats.data} updating={stats.isPlaceholderData} />
      )}
    </div>
  );
}

/** The shown season's dates in the site's long style, and when it ended (early, or just that it did). */
function SeasonPeriod({ season }: { season: NonNullable<StatsReply['season']> }) {
  const ended =
    season.ended_at === null
      ? ''
      : season.ended_at < season.end_date
        ? T.endedOn(formatLongDate(season.ended_at))
        : T.ended;
  return (
    <p className="stats__period">
      {T.period(season.season_name, formatLongDate(season.start_date), formatLongDate(season.end_date))}
      {ended}
    </p>
  );
}

function StatsBody({ stats, updating }: { stats: StatsReply; updating: boolean }) {
  if (stats.season === null) {
    return (
      <section className="card stats-card">
        <EmptyState icon={<Icon name="calendar" size={32} />}>{T.noSeason}</EmptyState>
        <p className="stats-card__center muted">{T.noSeasonHint}</p>
      </section>
    );
  }
  const hasWaits = stats.wait_by_hour.some((h) => h.average_wait_seconds !== null);
  const hasHistogram = stats.rating_histogram.length > 0;
  if (stats.matches === 0) {
    const ended = stats.season.ended_at !== null;
    const band = RATING_BAND_LABELS[stats.band];
    const hint = ended
      ? stats.band === 'all'
        ? T.noMatchesEndedHint
        : T.noMatchesBandEnded(band)
      : stats.band === 'all'
        ? T.noMatchesHint
        : T.noMatchesBand(band);
    // Players' rates and queue waits exist without a match in this band: they still show.
    return (
      <div className="stats-body" aria-busy={updating}>
        <section className="card stats-card stats-body__wide">
          <EmptyState icon={<Icon name="flag" size={32} />}>{ended ? T.noMatchesEnded : T.noMatches}</EmptyState>
          <p className="stats-card__center muted">{hint}</p>
        </section>
        {/* One card alone takes the whole row. */}
        {hasHistogram && (
          <div className={hasWaits ? undefined : 'stats-body__wide'}>
            <RatingHistogram bins={stats.rating_histogram} />
          </div>
        )}
        {hasWaits && (
          <div className={hasHistogram ? undefined : 'stats-body__wide'}>
            <WaitByHour hours={stats.wait_by_hour} />
          </div>
        )}
      </div>
    );
  }
  return (
    <div className={updating ? 'stats-body stats-body--updating' : 'stats-body'} aria-busy={updating}>
      <Overview stats={stats} />
      <RoleTable roles={stats.role_advantage} />
      <div className="stats-body__wide stats-body__below">
        <CharacterTable rows={stats.characters} />
      </div>
      <RatingHistogram bins={stats.rating_histogram} />
      <MatchesPerDay days={stats.matches_per_day} />
      <div className="stats-body__wide stats-body__below">
        <HeatMap grid={stats.heat_map} />
      </div>
      <div className="stats-body__wide">
        <WaitByHour hours={stats.wait_by_hour} />
      </div>
    </div>
  );
}

function StatsSkeleton() {
  return (
    <div className="stats-body" aria-busy="true">
      <SkeletonBlock height={220} label={T.loading} />
      <div aria-hidden="true">
        <SkeletonBlock height={220} />
      </div>
      <div className="stats-body__wide" aria-hidden="true">
        <SkeletonBlock height={360} />
      </div>
    </div>
  );
}
