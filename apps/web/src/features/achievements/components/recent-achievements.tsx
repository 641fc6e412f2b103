import { BadgeChip } from '../../../components/badge-chip.tsx';
import { Icon } from '../../../components/icon.tsx';
import { EmptyState, ErrorState } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useRecentAchievements } from '../api/get-recent-achievements.ts';
import { ACHIEVEMENT_TEXTS as T } from '../texts.ts';
import { EarnedDate } from './earned-date.tsx';
import './achievements.css';

/** How many of the latest earned achievements the my page lists. */
export const RECENT_SHOWN = 5;

/** The 最近の実績 card: the latest earned achievements, newest first. */
export function RecentAchievements({ userId }: { userId: string }) {
  const recent = useRecentAchievements(userId, RECENT_SHOWN);
  return (
    <section className="card" aria-labelledby="recent-achievements-title">
      <h2 id="recent-achievements-title" className="card__title">
        <Icon name="sparkles" className="card__title-icon" />
        {T.recentTitle}
      </h2>
      {recent.isPending ? (
        <Skeleton lines={3} />
      ) : recent.isError ? (
        <ErrorState message={T.loadFailed} onRetry={() => recent.refetch()} />
      ) : recent.data.achievements.length === 0 ? (
        <EmptyState icon={<Icon name="medal" size={32} />}>{T.recentEmpty}</EmptyState>
      ) : (
        <ol className="recent-achievements">
          {recent.data.achievements.map((a) => (
            <li key={`${a.id}@${a.season_id ?? ''}`} className="recent-achievement">
              <span className="recent-achievement__name">{a.name}</span>
              {a.badge_id && <BadgeChip badgeId={a.badge_id} />}
              {a.earned_at !== null && <EarnedDate at={a.earned_at} />}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
