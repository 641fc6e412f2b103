import { MATCH_SIZE, type ReadyCheck } from '@rankmatch/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../../components/icon.tsx';
import { Notice } from '../../../components/notice.tsx';
import { formatCountdown, formatMonthDayTime } from '../../../lib/format.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { usePressReady } from '../api/press-ready.ts';
import { useReadyCheck } from '../hooks/use-ready-check.ts';
import { QUEUE_TEXTS } from '../texts.ts';

const T = QUEUE_TEXTS.ready;

/** How long after its deadline a started check still says 試合画面に切り替えています (the match screen comes first). */
const STARTED_SHOWN_SECONDS = 30;
/** The countdown turns red for the last seconds. */
const HURRY_SECONDS = 10;

/**
 * The ready check where the player waits (issue 35): open, the countdown, the 準備完了 button and the ten players'
 * marks, live; failed, what became of the player. Nothing when there is none (or it started long ago).
 */
export function ReadyCheckCard({
  userId,
  now,
  spaced = false,
  shownMatchId = null,
}: {
  userId: string;
  now: number;
  /** Outside the queue panel's grid (above a match screen): its own space below. */
  spaced?: boolean;
  /** The match on screen below: a check that started it has nothing more to say (it said 切り替えています). */
  shownMatchId?: string | null;
}) {
  const query = useReadyCheck(userId);
  const check = query.data;
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!check || dismissed === check.ready_check_id) return null;
  if (check.status === 'started' && now > check.deadline_at + STARTED_SHOWN_SECONDS) return null;
  if (check.status === 'started' && check.match_id === shownMatchId) return null;
  // One card per check: a new check starts with a fresh button (and no error of the last one's press).
  return (
    <ReadyCheckView
      key={check.ready_check_id}
      userId={userId}
      check={check}
      now={now}
      spaced={spaced}
      onDismiss={() => setDismissed(check.ready_check_id)}
    />
  );
}

function ReadyCheckView({
  userId,
  check,
  now,
  spaced,
  onDismiss,
}: {
  userId: string;
  check: ReadyCheck;
  now: number;
  spaced: boolean;
  onDismiss: () => void;
}) {
  const titleId = useId();
  const press = usePressReady(userId);
  const pressOnce = useSingleFlight(press);
  const button = useRef<HTMLButtonElement>(null);
  const done = useRef<HTMLParagraphElement>(null);
  const open = check.status === 'open';

  // The check just appeared: its button takes the focus (and comes into view) unless the player is typing somewhere.
  useEffect(() => {
    if (open && !isTyping(document.activeElement)) button.current?.focus();
  }, [open]);

  const onPress = () =>
    pressOnce(check.ready_check_id, {
      onSuccess: () => {
        // The button is gone: the focus goes to what replaced it.
        requestAnimationFrame(() => done.current?.focus());
      },
    });

  return (
    <section
      className={`card ready-check ready-check--${check.status}${spaced ? ' ready-check--spaced' : ''}`}
      aria-labelledby={titleId}
      data-testid="ready-check"
    >
      <h2 id={titleId} className="card__title">
        <Icon name={check.status === 'failed' ? 'alert' : 'users'} className="card__title-icon" />
        {check.status === 'open' ? T.title : check.status === 'started' ? T.startedTitle : failedTitle(check)}
      </h2>
      {press.isError && (
        <Notice tone="danger" title={T.pressFailed} live>
          <p>{press.error.message}</p>
        </Notice>
      )}
      {check.status === 'open' && (
        <>
          <p className="ready-check__lead">{T.lead}</p>
          <ReadyFigures check={check} now={now} />
          {check.me_ready ? (
            <p className="ready-check__done" ref={done} tabIndex={-1}>
              <Icon name="check" />
              {T.pressed}
            </p>
          ) : (
            <button
              ref={button}
              type="button"
              className="button button--primary button--large ready-check__button"
              onClick={onPress}
              disabled={press.isPending}
            >
              <Icon name="check" />
              {T.press}
            </button>
          )}
          <ReadySlots check={check} userId={userId} />
        </>
      )}
      {check.status === 'started' && (
        <p className="ready-check__lead" role="status">
          {T.started}
        </p>
      )}
      {check.status === 'failed' && <FailedOutcome check={check} onDismiss={onDismiss} />}
    </section>
  );
}

/** A field the player may be typing in (a focus not to take away). */
function isTyping(element: Element | null): boolean {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement ||
    (element instanceof HTMLElement && element.isContentEditable)
  );
}

function failedTitle(check: ReadyCheck): string {
  return check.my_outcome === 'removed' ? T.removedTitle : T.failedTitle;
}

/** The countdown to the deadline and N/10, the count a live region. */
function ReadyFigures({ check, now }: { check: ReadyCheck; now: number }) {
  const left = Math.max(0, check.deadline_at - now);
  const total = check.players.length || MATCH_SIZE;
  return (
    <div className="ready-check__figures">
      <div className="ready-check__figure">
        <span className="ready-check__figure-label" aria-hidden="true">
          {T.remaining}
        </span>
        <span
          role="timer"
          aria-label={T.timerLabel}
          className={`ready-check__big${left <= HURRY_SECONDS ? ' ready-check__big--hurry' : ''}`}
        >
          {formatCountdown(left)}
        </span>
      </div>
      <div className="ready-check__figure">
        <span className="ready-check__figure-label" aria-hidden="true">
          {T.countLabel}
        </span>
        <span role="status" aria-label={T.countLabel} className="ready-check__big" data-testid="ready-check-count">
          {T.count(check.ready_count, total)}
        </span>
      </div>
    </div>
  );
}

/** The ten players: trainer name and a ready mark (wrapping, two a row on a phone). */
function ReadySlots({ check, userId }: { check: ReadyCheck; userId: string }) {
  return (
    <ul className="ready-check__slots" aria-label={T.playersLabel}>
      {check.players.map((player) => {
        const me = player.user_id === userId;
        return (
          <li
            key={player.user_id}
            className={`ready-slot${player.ready ? ' ready-slot--ready' : ''}${me ? ' ready-slot--me' : ''}`}
          >
            <span className="ready-slot__mark">
              <Icon name={player.ready ? 'check' : 'hourglass'} size={14} />
            </span>
            <span className="ready-slot__name">{player.trainer_name || player.user_id}</span>
            {me && <span className="ready-slot__you">{T.you}</span>}
            <span className="visually-hidden">{player.ready ? T.playerReady : T.playerWaiting}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** A failed check: back in the queue (the player was ready), or out of it with the timeout or a warning only. */
function FailedOutcome({ check, onDismiss }: { check: ReadyCheck; onDismiss: () => void }) {
  const removed = check.my_outcome === 'removed';
  return (
    <>
      <Notice tone={removed ? 'warning' : 'info'} live>
        {check.my_outcome === 'requeued' && <p>{T.requeued}</p>}
        {removed && (
          <>
            <p>{T.removed}</p>
            <p className="ready-check__sanction">
              {check.timeout_until === null ? T.warningOnly : T.timeoutUntil(formatMonthDayTime(check.timeout_until))}
            </p>
          </>
        )}
        {check.my_outcome === null && <p>{T.failedOther}</p>}
      </Notice>
      <div className="ready-check__actions">
        <button type="button" className="button button--secondary" onClick={onDismiss}>
          {T.dismiss}
        </button>
      </div>
    </>
  );
}
