import type { PlayerPage } from '@rankmatch/shared';
import { Icon } from '../../../components/icon.tsx';
import { EmptyState } from '../../../components/notice.tsx';
import { RatingLineChart } from '../../../components/rating-chart.tsx';
import { SeasonStatGrid } from '../../../components/season-stat-grid.tsx';
import { PLAYERS_TEXTS as T } from '../texts.ts';

/** The active season's numbers: current rate (highlighted), max rate, matches, wins, win rate. */
export function SeasonNumbers({ profile, season }: Pick<PlayerPage, 'profile' | 'season'>) {
  return (
    <section className="card" aria-labelledby="player-season-title">
      <header className="card__header">
        <h2 id="player-season-title" className="card__title">
          <Icon name="stats" className="card__title-icon" />
          {T.seasonTitle}
        </h2>
        <span className="muted card__subtitle">{season ? T.seasonLabel(season.season_name) : T.noSeason}</span>
      </header>
      <SeasonStatGrid numbers={profile} />
    </section>
  );
}

/** The rate after each rated match of the active season (two points at least, else a friendly empty state). */
export function PlayerRatingChart({
  history,
  season,
}: {
  history: PlayerPage['rating_history'];
  season: PlayerPage['season'];
}) {
  const from = history[0];
  const to = history[history.length - 1];
  return (
    <section className="card" aria-labelledby="player-chart-title">
      <header className="card__header">
        <h2 id="player-chart-title" className="card__title">
          <Icon name="chart" className="card__title-icon" />
          {T.chartTitle}
        </h2>
        {season && <span className="muted card__subtitle">{season.season_name}</span>}
      </header>
      {from && to && history.length >= 2 ? (
        <RatingLineChart points={history} summary={T.chartSummary(from.rate, to.rate, history.length)} />
      ) : (
        <EmptyState icon={<Icon name="chart" size={32} />}>{T.chartEmpty}</EmptyState>
      )}
    </section>
  );
}
