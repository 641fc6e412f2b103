import type { ReactNode } from 'react';
import { Icon } from '../../../components/icon.tsx';
import { EmptyState, ErrorState } from '../../../components/notice.tsx';
import { RatingLineChart } from '../../../components/rating-chart.tsx';
import { SkeletonBlock } from '../../../components/skeleton.tsx';
import { useRatingHistory } from '../api/get-rating-history.ts';
import { PROFILE_TEXTS as T } from '../texts.ts';

/** The signed-in user's rate over the active season (the drawing itself is the shared RatingLineChart). */
export function RatingChart({ userId }: { userId: string }) {
  const history = useRatingHistory(userId);

  let body: ReactNode;
  if (history.isPending) body = <SkeletonBlock height={160} label={T.chartTitle} />;
  else if (history.isError) body = <ErrorState message={T.chartLoadFailed} onRetry={() => history.refetch()} />;
  else if (history.data.points.length < 2)
    body = <EmptyState icon={<Icon name="chart" size={32} />}>{T.chartEmpty}</EmptyState>;
  else {
    const points = history.data.points;
    const from = points[0]!;
    const to = points[points.length - 1]!;
    body = <RatingLineChart points={points} summary={T.chartSummary(from.rate, to.rate, points.length)} />;
  }

  return (
    <section className="card" aria-labelledby="chart-title">
      <h2 id="chart-title" className="card__title">
        {T.chartTitle}
      </h2>
      {body}
    </section>
  );
}
