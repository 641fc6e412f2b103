import {
  SANCTION_REASON_MAX,
  SUSPENSION_DURATION_KEYS,
  type SuspensionDuration,
  sanctionReasonSchema,
  validationErrorOf,
  visibleLength,
} from '@rankmatch/shared';
import { type FormEvent, useId, useState } from 'react';
import { useConfirm } from '../../../../components/confirm-dialog.tsx';
import { Notice } from '../../../../components/notice.tsx';
import { TRUST_FIELD_TEXTS } from '../../../../lib/texts.ts';
import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { useSuspendUser, useWarnUser } from '../../api/sanctions.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.sanctions;

/** The reason as the server takes it (the shared schema: trimmed, something visible, ≤ 200), or why not. */
function checkReason(reason: string): { value: string; error: null } | { value: null; error: string } {
  const parsed = sanctionReasonSchema.safeParse(reason);
  return parsed.success
    ? { value: parsed.data, error: null }
    : { value: null, error: validationErrorOf(parsed.error.issues[0]).message };
}

/** The reason the player will read, with its counter and the schema's message. */
function ReasonField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error: string | null;
}) {
  const id = useId();
  const length = visibleLength(value);
  return (
    <div className="field">
      <div className="field__label-row">
        <label htmlFor={id} className="field__label">
          {T.reason} <span className="field__required">{TRUST_FIELD_TEXTS.required}</span>
        </label>
        <span
          id={`${id}-counter`}
          className={length > SANCTION_REASON_MAX ? 'field__counter text-danger' : 'field__counter'}
        >
          {T.reasonCount(length, SANCTION_REASON_MAX)}
        </span>
      </div>
      <input
        id={id}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-counter ${id}-error` : `${id}-counter`}
      />
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** マッチング停止: a duration among the fixed ones and the reason, after a confirmation. */
export function SuspendForm({ userId, name }: { userId: string; name: string }) {
  const id = useId();
  const [duration, setDuration] = useState<SuspensionDuration>('24h');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const suspend = useSuspendUser(userId);
  const suspendOnce = useSingleFlight(suspend);
  const confirm = useConfirm();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkReason(reason);
    setError(checked.error);
    if (checked.value === null) return;
    suspend.reset();
    const yes = await confirm.ask({
      title: T.suspendConfirmTitle,
      message: T.suspendConfirm(name, T.durations[duration]),
      confirmLabel: T.suspendConfirmButton,
    });
    if (yes) suspendOnce({ duration, reason: checked.value }, { onSuccess: () => setReason('') });
  };

  return (
    <form className="form admin-sanctions__form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="admin-user__subsection">
        {T.suspendTitle}
      </h4>
      <div className="field">
        <label htmlFor={`${id}-duration`} className="field__label">
          {T.duration}
        </label>
        <select
          id={`${id}-duration`}
          className="input"
          value={duration}
          onChange={(e) => setDuration(SUSPENSION_DURATION_KEYS.find((d) => d === e.target.value) ?? '24h')}
        >
          {SUSPENSION_DURATION_KEYS.map((d) => (
            <option key={d} value={d}>
              {T.durations[d]}
            </option>
          ))}
        </select>
      </div>
      <ReasonField value={reason} onChange={setReason} error={error} />
      <div>
        <button type="submit" className="button button--danger" disabled={suspend.isPending}>
          {suspend.isPending ? T.suspending : T.suspend}
        </button>
      </div>
      <Outcome mutation={suspend} done={T.suspended} />
      {confirm.dialog}
    </form>
  );
}

/** 警告: the reason (shown to the player once), after a confirmation. */
export function WarnForm({ userId, name }: { userId: string; name: string }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const warn = useWarnUser(userId);
  const warnOnce = useSingleFlight(warn);
  const confirm = useConfirm();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkReason(reason);
    setError(checked.error);
    if (checked.value === null) return;
    warn.reset();
    const yes = await confirm.ask({
      title: T.warnConfirmTitle,
      message: T.warnConfirm(name),
      confirmLabel: T.warnConfirmButton,
      tone: 'primary',
    });
    if (yes) warnOnce({ reason: checked.value }, { onSuccess: () => setReason('') });
  };

  return (
    <form className="form admin-sanctions__form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="admin-user__subsection">
        {T.warnTitle}
      </h4>
      <p className="field__hint">{T.warnLead}</p>
      <ReasonField value={reason} onChange={setReason} error={error} />
      <div>
        <button type="submit" className="button button--secondary" disabled={warn.isPending}>
          {warn.isPending ? T.warning : T.warn}
        </button>
      </div>
      <Outcome mutation={warn} done={T.warned} />
      {confirm.dialog}
    </form>
  );
}

/** What the last send did: the server's refusal, or that it was recorded. */
export function Outcome({
  mutation,
  done,
}: {
  mutation: { isError: boolean; isSuccess: boolean; error: Error | null };
  done: string;
}) {
  if (mutation.isError && mutation.error) {
    return (
      <Notice tone="danger" title={T.failed} live>
        <p>{mutation.error.message}</p>
      </Notice>
    );
  }
  if (!mutation.isSuccess) return null;
  return (
    <Notice tone="success" live>
      <p>{done}</p>
    </Notice>
  );
}
