import type { Achievement } from '@rankmatch/shared';
import { BadgeChip } from '../../../components/badge-chip.tsx';
import { Icon } from '../../../components/icon.tsx';
import { EmptyState, ErrorState } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useAchievements } from '../api/get-achievements.ts';
import { ACHIEVEMENT_TEXTS as T } from '../texts.ts';
import { EarnedDate } from './earned-date.tsx';
import { ProgressBar } from './progress-bar.tsx';
import './achievements.css';

/** The 実績 card: every achievement with its progress, the date it was earned and the badge it gives. */
export function AchievementsPanel({ userId }: { userId: string }) {
  const achievements = useAchievements(userId);
  return (
    <section className="card" aria-labelledby="achievements-title">
      <h2 id="achievements-title" className="card__title">
        <Icon name="trophy" className="card__title-icon" />
        {T.title}
      </h2>
      {achievements.isPending ? (
        <Skeleton lines={4} />
      ) : achievements.isError ? (
        <ErrorState message={T.loadFailed} onRetry={() => achievements.refetch()} />
      ) : achievements.data.achievements.length === 0 ? (
        <EmptyState icon={<Icon name="trophy" size={32} />}>{T.empty}</EmptyState>
      ) : (
        <ul className="achievement-list">
          {achievements.data.achievements.map((a) => (
            <AchievementItem key={`${a.id}@${a.season_id ?? ''}`} achievement={a} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AchievementItem({ achievement: a }: { achievement: Achievement }) {
  return (
    <li className={a.earned ? 'achievement achievement--earned' : 'achievement'}>
      <div className="achievement__head">
        <h3 className="achievement__name">{a.name}</h3>
        {a.earned_at !== null ? <EarnedDate at={a.earned_at} /> : <span className="muted">{T.notEarned}</span>}
      </div>
      {a.condition && <p className="achievement__condition muted">{a.condition}</p>}
      <ProgressBar current={a.progress.current} target={a.progress.target} label={T.progressLabel(a.name)} />
      {a.badge_id && (
        <p className="achievement__reward">
          <span className="muted">{T.reward}</span>
          <BadgeChip badgeId={a.badge_id} />
        </p>
      )}
    </li>
  );
}
