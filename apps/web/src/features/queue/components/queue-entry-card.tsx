import {
  DECK_TYPE_LABELS,
  DECK_TYPES,
  type QueueEntry,
  ROLE_LABELS,
  type Role,
  type UserProfile,
} from '@rankmatch/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { ErrorState, Notice } from '../../../components/notice.tsx';
import { RoleIcon } from '../../../components/role-icon.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { formatCountdown } from '../../../lib/format.ts';
import { type QueuePreferences, useJoinQueue } from '../api/join-queue.ts';
import { useLeaveQueue } from '../api/leave-queue.ts';
import type { QueueFeed } from '../hooks/use-queue-feed.ts';
import { joinBlock } from '../join-block.ts';
import { QUEUE_TEXTS as T } from '../texts.ts';
import { RolePicker } from './role-picker.tsx';

type DeckType = (typeof DECK_TYPES)[number];

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
          {inQueue && <EntrySummary entry={entry} now={now} />}
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

function EntrySummary({ entry, now }: { entry: QueueEntry | null; now: number }) {
  if (!entry) return <p className="queue-entry__lead">{T.inQueueText}</p>;
  return (
    <div className="queue-entry__summary" role="status">
      <span className="queue-entry__pulse" aria-hidden="true" />
      <div>
        <p className="queue-entry__lead">{T.inQueueText}</p>
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

function PreferencesForm({
  profile,
  entry,
  inQueue,
  seasonActive,
  now,
  join,
  leave,
  done,
  setDone,
}: {
  profile: UserProfile | undefined;
  entry: QueueEntry | null;
  inQueue: boolean;
  seasonActive: boolean | undefined;
  now: number;
  join: ReturnType<typeof useJoinQueue>;
  leave: ReturnType<typeof useLeaveQueue>;
  done: string | null;
  setDone: (text: string | null) => void;
}) {
  const [deck, setDeck] = useState<DeckType | null>(entry?.deck_type ?? null);
  const [roles, setRoles] = useState<Role[]>(entry?.roles ?? []);

  const block = profile ? joinBlock(profile, seasonActive, now) : null;
  const busy = join.isPending || leave.isPending;
  const error = join.error ?? leave.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (block || !profile || busy) return;
    leave.reset();
    setDone(null);
    const preferences: QueuePreferences = { deck_type: deck, roles };
    join.mutate(preferences, { onSuccess: () => setDone(inQueue ? T.updatedNotice : T.joinedNotice) });
  };

  const onLeave = () => {
    join.reset();
    setDone(null);
    leave.mutate();
  };

  return (
    <form className="form queue-form" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor="queue-deck">
          {T.deck}
        </label>
        <select
          id="queue-deck"
          className="input queue-form__deck"
          value={deck ?? ''}
          onChange={(e) => setDeck(e.target.value === '' ? null : (e.target.value as DeckType))}
          aria-describedby="queue-deck-hint"
        >
          <option value="">{DECK_TYPE_LABELS.none}</option>
          {DECK_TYPES.map((d) => (
            <option key={d} value={d}>
              {DECK_TYPE_LABELS[d]}
            </option>
          ))}
        </select>
        <p id="queue-deck-hint" className="field__hint">
          {T.deckHint}
        </p>
      </div>
      <RolePicker value={roles} onChange={setRoles} />

      {error && (
        <Notice tone="danger" live>
          <p>{error.message}</p>
        </Notice>
      )}
      {done && !error && (
        <Notice tone="success" live>
          <p>{done}</p>
        </Notice>
      )}

      <div className="queue-form__actions">
        <span className="queue-form__join" title={block?.message}>
          <button
            type="submit"
            className="button button--primary button--large"
            disabled={block !== null || !profile || busy}
            aria-describedby={block ? 'queue-join-block' : undefined}
            title={block?.message}
          >
            <Icon name={inQueue ? 'refresh' : 'swords'} size={18} />
            {join.isPending ? (inQueue ? T.updating : T.joining) : inQueue ? T.update : T.join}
          </button>
        </span>
        {inQueue && (
          <button type="button" className="button button--danger-ghost" onClick={onLeave} disabled={busy}>
            {leave.isPending ? T.leaving : T.leave}
          </button>
        )}
      </div>
      {block && (
        <p className="join-block" data-kind={block.kind}>
          <Icon name="lock" size={16} />
          <span id="queue-join-block">{block.message}</span>
          {block.kind === 'no_trainer_name' && <Link to="/?tab=mypage">{T.toProfile}</Link>}
        </p>
      )}
    </form>
  );
}
