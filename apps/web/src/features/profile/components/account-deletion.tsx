import {
  ACCOUNT_DELETION_GRACE_DAYS,
  DELETED_PLAYER_NAME,
  type MyDeletion,
  ORDER_RECORD_RETENTION_YEARS,
} from '@rankmatch/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Icon } from '../../../components/icon.tsx';
import { ErrorState, Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useCancelDeletion, useMyDeletion, useRequestDeletion } from '../api/account-deletion.ts';
import { PROFILE_TEXTS as T } from '../texts.ts';
import './account-deletion.css';

/**
 * アカウントの削除: what goes and what stays, then a ticked box and one press to ask (a double tap asks once); while
 * the grace period runs, when the deletion is due and the one press that cancels it.
 */
export function AccountDeletion({ userId }: { userId: string }) {
  const state = useMyDeletion(userId);
  // Said once after a cancellation, until the page is left.
  const [cancelled, setCancelled] = useState(false);
  return (
    <section className="card account-deletion" aria-labelledby="account-deletion-title">
      <h2 id="account-deletion-title" className="card__title">
        <Icon name="alert" className="card__title-icon" />
        {T.deletionTitle}
      </h2>
      <DeletionBody
        userId={userId}
        state={state}
        cancelled={cancelled}
        onCancelled={() => setCancelled(true)}
        onRequested={() => setCancelled(false)}
      />
    </section>
  );
}

function DeletionBody({
  userId,
  state,
  cancelled,
  onCancelled,
  onRequested,
}: {
  userId: string;
  state: UseQueryResult<MyDeletion>;
  cancelled: boolean;
  onCancelled: () => void;
  onRequested: () => void;
}) {
  if (state.isPending) return <Skeleton lines={3} />;
  if (state.isError) return <ErrorState message={T.deletionLoadFailed} onRetry={() => state.refetch()} />;
  if (state.data.due_at !== null)
    return <PendingDeletion userId={userId} due={state.data.due_at} onDone={onCancelled} />;
  return (
    <>
      {cancelled && (
        <Notice tone="success" live>
          <p>{T.deletionCancelled}</p>
        </Notice>
      )}
      <DeletionFacts />
      <DeletionRequest userId={userId} onDone={onRequested} />
    </>
  );
}

/** What the deletion removes, what it keeps and why, the grace period and what a later sign-in does. */
function DeletionFacts() {
  return (
    <div className="account-deletion__facts">
      <h3 className="account-deletion__heading">{T.deletionRemovedTitle}</h3>
      <ul className="account-deletion__list">
        {T.deletionRemoved.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <h3 className="account-deletion__heading">{T.deletionKeptTitle}</h3>
      <ul className="account-deletion__list">
        {T.deletionKept(DELETED_PLAYER_NAME, ORDER_RECORD_RETENTION_YEARS).map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>{T.deletionGrace(ACCOUNT_DELETION_GRACE_DAYS)}</p>
      <p>{T.deletionAfter}</p>
    </div>
  );
}

function DeletionRequest({ userId, onDone }: { userId: string; onDone: () => void }) {
  const request = useRequestDeletion(userId);
  const requestOnce = useSingleFlight(request);
  const [confirmed, setConfirmed] = useState(false);
  return (
    <div className="account-deletion__request">
      <label className="account-deletion__confirm">
        <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
        <span>{T.deletionConfirm}</span>
      </label>
      <button
        type="button"
        className="button button--danger"
        disabled={!confirmed || request.isPending}
        onClick={() => requestOnce(undefined, { onSuccess: onDone })}
      >
        {request.isPending ? T.deletionRequesting : T.deletionRequest}
      </button>
      {request.error && (
        <Notice tone="danger" live>
          <p>{request.error.message}</p>
        </Notice>
      )}
    </div>
  );
}

function PendingDeletion({ userId, due, onDone }: { userId: string; due: number; onDone: () => void }) {
  const cancel = useCancelDeletion(userId);
  const cancelOnce = useSingleFlight(cancel);
  return (
    <div className="account-deletion__pending">
      <Notice tone="warning" live>
        <p>{T.deletionPending(formatDateTime(due))}</p>
        <p>{T.deletionPendingHint}</p>
      </Notice>
      <button
        type="button"
        className="button button--primary"
        disabled={cancel.isPending}
        onClick={() => cancelOnce(undefined, { onSuccess: onDone })}
      >
        {cancel.isPending ? T.deletionCancelling : T.deletionCancel}
      </button>
      {cancel.error && (
        <Notice tone="danger" live>
          <p>{cancel.error.message}</p>
        </Notice>
      )}
    </div>
  );
}
