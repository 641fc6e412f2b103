import { DECK_TYPE_LABELS, type QueueEntry, ROLE_LABELS, type UserProfile } from '@rankmatch/shared';
import { useState } from 'react';
import { Icon } from '../../../components/icon.tsx';
import { ErrorState } from '../../../components/notice.tsx';
import { RoleIcon } from '../../../components/role-icon.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { formatCountdown } from '../../../lib/format.ts';
import { useMaster } from '../../../lib/master.ts';
import { useJoinQueue } from '../api/join-queue.ts';
import { useLeaveQueue } from '../api/leave-queue.ts';
import type { QueueFeed } from '../hooks/use-queue-feed.ts';
import { QUEUE_TEXTS as T } from '../texts.ts';
import { PreferencesForm } from './preferences-form.tsx';

/** Join, update the preferences, leave; the disabled join button says why (tooltip and visible text). */
export function QueueEntryCard({
  userId,
  profile,
  feed,
  now,
}: {
  userId: string;
  profile: UserProfile | undefined;
  feed: QueueFeed;
  now: number;
}) {
  const { status } = feed;
  const entry = status.data?.in_queue ? status.data.entry : null;
  const inQueue = status.data?.in_queue === true;
  const join = useJoinQueue(userId);
  const leave = useLeaveQueue(userId);
  // The ready check's time (0: none), from the site settings the page loaded with.
  const readySeconds = useMaster(userId).data?.settings.ready_check_seconds ?? 0;
  // What the last action did ("joined", "updated"); kept here because the form restarts on a new entry.
  const [done, setDone] = useState<string | null>(null);

  return (
    <section className={`card queue-entry${inQueue ? ' queue-entry--active' : ''}`} aria-labelledby="queue-entry-title">
      <h2 id="queue-entry-title" className="card__title">
        <Icon name={inQueue ? 'hourglass' : 'controller'} className="card__title-icon" />
        {inQueue ? T.inQueueTitle : T.preferencesTitle}
      </h2>
      {status.isPending ? (
        <Skeleton lines={4} />
      ) : status.isError && feed.stop !== 'auth' ? (
        <ErrorState message={status.error.message} onRetry={() => status.refetch()} />
      ) : (
        <>
          {inQueue && <EntrySummary entry={entry} now={now} readySeconds={readySeconds} />}
          <PreferencesForm
            // A new entry from the server (join, update) starts the form from what the server stored.
            key={entry ? `${entry.joined_at}-${entry.deck_type}-${entry.roles.join()}` : 'none'}
            profile={profile}
            entry={entry}
            inQueue={inQueue}
            seasonActive={feed.info.data?.is_season_active}
            now={now}
            join={join}
            leave={leave}
            done={done}
            setDone={setDone}
          />
        </>
      )}
    </section>
  );
}

function EntrySummary({ entry, now, readySeconds }: { entry: QueueEntry | null; now: number; readySeconds: number }) {
  const lead = readySeconds > 0 ? T.inQueueReadyText(readySeconds) : T.inQueueText;
  if (!entry) return <p className="queue-entry__lead">{lead}</p>;
  return (
    <div className="queue-entry__summary" role="status">
      <span className="queue-entry__pulse" aria-hidden="true" />
      <div>
        <p className="queue-entry__lead">{lead}</p>
        <dl className="queue-entry__facts">
          <div>
            <dt>{T.waitedFor}</dt>
            <dd className="queue-entry__waited">{formatCountdown(now - entry.joined_at)}</dd>
          </div>
          {entry.waves_missed > 0 && (
            <div>
              <dt className="visually-hidden">{T.waitedFor}</dt>
              <dd>{T.wavesMissed(entry.waves_missed)}</dd>
            </div>
          )}
          <div>
            <dt>{T.entryDeck}</dt>
            <dd>{DECK_TYPE_LABELS[entry.deck_type ?? 'none']}</dd>
          </div>
          <div>
            <dt>{T.entryRoles}</dt>
            <dd className="queue-entry__roles">
              {entry.roles.length === 0
                ? T.anyRole
                : entry.roles.map((role, i) => (
                    <span key={role} className="queue-entry__role">
                      <RoleIcon role={role} size={16} decorative />
                      {i + 1}. {ROLE_LABELS[role]}
                    </span>
                  ))}
            </dd>
          </div>
        </dl>
      </div>
    </div>
  );
}
