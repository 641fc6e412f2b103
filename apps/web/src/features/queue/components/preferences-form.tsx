import { DECK_TYPE_LABELS, DECK_TYPES, type QueueEntry, type Role, type UserProfile } from '@rankmatch/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { Notice } from '../../../components/notice.tsx';
import { SuspensionNotice } from '../../../components/suspension-notice.tsx';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { myDeletionQueryOptions } from '../../profile/api/account-deletion.ts';
import type { QueuePreferences, useJoinQueue } from '../api/join-queue.ts';
import type { useLeaveQueue } from '../api/leave-queue.ts';
import { type JoinBlock, joinBlock } from '../join-block.ts';
import { QUEUE_TEXTS as T } from '../texts.ts';
import { RolePicker } from './role-picker.tsx';

type DeckType = (typeof DECK_TYPES)[number];

/** The deck and roles to queue with; join (or update) and leave, with what the last action did or why it failed. */
export function PreferencesForm({
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

  const deletion = useQuery({ ...myDeletionQueryOptions(profile?.user_id ?? ''), enabled: profile !== undefined });
  const deletionPending = deletion.data?.requested_at != null;
  const block = profile ? joinBlock(profile, seasonActive, now, deletionPending) : null;
  const busy = join.isPending || leave.isPending;
  const sendJoin = useSingleFlight(join);
  const sendLeave = useSingleFlight(leave);
  const error = join.error ?? leave.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (block || !profile || busy) return;
    leave.reset();
    setDone(null);
    const preferences: QueuePreferences = { deck_type: deck, roles };
    sendJoin(preferences, { onSuccess: () => setDone(inQueue ? T.updatedNotice : T.joinedNotice) });
  };

  const onLeave = () => {
    join.reset();
    setDone(null);
    sendLeave(undefined);
  };

  return (
    <form className="form queue-form" onSubmit={submit} noValidate>
      <DeckField deck={deck} onChange={setDeck} />
      <RolePicker value={roles} onChange={setRoles} />

      {error && (
        <Notice tone="danger" live>
          <p>{error.message}</p>
        </Notice>
      )}
      {/* Both notices say the player is in the queue: gone once they are not (a leave in another tab). */}
      {done && !error && inQueue && (
        <Notice tone="success" live>
          <p>{done}</p>
        </Notice>
      )}

      <FormActions
        block={block}
        profile={profile}
        busy={busy}
        inQueue={inQueue}
        joining={join.isPending}
        leaving={leave.isPending}
        onLeave={onLeave}
      />
    </form>
  );
}

/**
 * Join (or why not: a suspended player is told until when and why instead of being offered the button) and leave.
 */
function FormActions({
  block,
  profile,
  busy,
  inQueue,
  joining,
  leaving,
  onLeave,
}: {
  block: JoinBlock | null;
  profile: UserProfile | undefined;
  busy: boolean;
  inQueue: boolean;
  joining: boolean;
  leaving: boolean;
  onLeave: () => void;
}) {
  const suspended = block?.kind === 'suspended';
  return (
    <>
      {suspended && <SuspensionNotice suspension={profile?.suspension ?? null} />}
      <div className="queue-form__actions">
        {!suspended && (
          <JoinButton block={block} disabled={block !== null || !profile || busy} inQueue={inQueue} joining={joining} />
        )}
        {inQueue && (
          <button type="button" className="button button--danger-ghost" onClick={onLeave} disabled={busy}>
            {leaving ? T.leaving : T.leave}
          </button>
        )}
      </div>
      {block && !suspended && <JoinBlockNote block={block} />}
    </>
  );
}

/** The deck type to queue with, or none. */
function DeckField({ deck, onChange }: { deck: DeckType | null; onChange: (deck: DeckType | null) => void }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor="queue-deck">
        {T.deck}
      </label>
      <select
        id="queue-deck"
        className="input queue-form__deck"
        value={deck ?? ''}
        onChange={(e) => onChange(DECK_TYPES.find((d) => d === e.target.value) ?? null)}
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
  );
}

/** Join (update once queued); a blocked button says why in its tooltip and is described by the note below. */
function JoinButton({
  block,
  disabled,
  inQueue,
  joining,
}: {
  block: JoinBlock | null;
  disabled: boolean;
  inQueue: boolean;
  joining: boolean;
}) {
  return (
    <span className="queue-form__join" title={block?.message}>
      <button
        type="submit"
        className="button button--primary button--large"
        disabled={disabled}
        aria-describedby={block ? 'queue-join-block' : undefined}
        title={block?.message}
      >
        <Icon name={inQueue ? 'refresh' : 'swords'} size={18} />
        {joining ? (inQueue ? T.updating : T.joining) : inQueue ? T.update : T.join}
      </button>
    </span>
  );
}

/** Why joining is not possible now (the join button is described by it), with a link to the profile when that helps. */
function JoinBlockNote({ block }: { block: JoinBlock }) {
  return (
    <p className="join-block" data-kind={block.kind}>
      <Icon name="lock" size={16} />
      <span id="queue-join-block">{block.message}</span>
      {block.kind === 'no_trainer_name' && <Link to="/?tab=mypage">{T.toProfile}</Link>}
    </p>
  );
}
