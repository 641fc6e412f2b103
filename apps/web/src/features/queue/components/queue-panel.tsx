import type { UserProfile } from '@rankmatch/shared';
import type { ReactNode } from 'react';
import { useNow } from '../../../lib/use-now.ts';
import type { QueueFeed } from '../hooks/use-queue-feed.ts';
import { QueueEntryCard } from './queue-entry-card.tsx';
import { QueueStats } from './queue-stats.tsx';
import { ReadyCheckCard } from './ready-check-card.tsx';
import './queue.css';

/** The waiting screen of the match tab (spec §2 Match tab, §4 Queue), with the ready check first when there is one. */
export function QueuePanel({
  userId,
  profile,
  feed,
  onRelogin,
  children,
}: {
  userId: string;
  profile: UserProfile | undefined;
  feed: QueueFeed;
  onRelogin: () => void;
  /** More cards below the entry, composed by the app (the match-found alert settings). */
  children?: ReactNode;
}) {
  const now = useNow();
  return (
    <div className="queue-panel">
      <ReadyCheckCard userId={userId} now={now} />
      <QueueStats feed={feed} now={now} onRelogin={onRelogin} />
      <QueueEntryCard userId={userId} profile={profile} feed={feed} now={now} />
      {children}
    </div>
  );
}
