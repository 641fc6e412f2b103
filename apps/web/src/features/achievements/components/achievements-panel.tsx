import type { Achievement } from '@rankmatch/shared';
import { BadgeChip } from '../../../components/badge-chip.tsx';
import { Icon } from '../../../components/icon.tsx';
import { EmptyState, ErrorState } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useMyProfile } from '../../../lib/auth/user.ts';
import { useAchievements } from '../api/get-achievements.ts';
import { ACHIEVEMENT_TEXTS as T } from '../texts.ts';
import { EarnedDate } from './earned-date.tsx';
import { ProgressBar } from './progress-bar.tsx';
import './achievements.css';

/** The 実績 card: every achievement with its progress, the date it was earned and the badge it gives. */
export function AchievementsPanel({ userId }: { userId: string }) {
  const achievements = useAchievements(userId);
  const penalty = useMyProfile()?.effective_penalty ?? 0;
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
            <AchievementItem key={`${a.id}@${a.season_id ?? ''}`} achievement={a} penalty={penalty} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The gold licence also needs an effective penalty of 0: at 50/50 with a penalty, that alone keeps it. */
const blockedByPenalty = (a: Achievement, penalty: number) =>
  a.id === 'gold_licence' && !a.earned && a.progress.current >= a.progress.target && penalty > 0;

function AchievementItem({ achievement: a, penalty }: { achievement: Achievement; penalty: number }) {
  return (
    <li className={a.earned ? 'achievement achievement--earned' : 'achievement'}>
      <div className="achievement__head">
        <h3 className="achievement__name">{a.name}</h3>
        {a.earned_at !== null ? <EarnedDate at={a.earned_at} /> : <span className="muted">{T.notEarned}</span>}
      </div>
      {a.condition && <p className="achievement__condition muted">{a.condition}</p>}
      <ProgressBar current={a.progress.current} target={a.progress.target} label={T.progressLabel(a.name)} />
      {blockedByPenalty(a, penalty) && <p className="achievement__blocked">{T.blockedByPenalty(penalty)}</p>}
      {a.badge_id && (
        <p className="achievement__reward">
          <span className="muted">{T.reward}</span>
          <BadgeChip badgeId={a.badge_id} />
        </p>
      )}
    </li>
  );
}
