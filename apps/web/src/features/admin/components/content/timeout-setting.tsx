import { settingUpdateSchema, validationErrorOf } from '@rankmatch/shared';
import { type FormEvent, useId, useState } from 'react';
import { Notice } from '../../../../components/notice.tsx';
import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { useUpdateSetting } from '../../api/update-setting.ts';
import { parseInteger } from '../../parse-integer.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { SaveButton } from '../save-button.tsx';

const T = ADMIN_TEXTS.content;

/**
 * One setting in seconds, within its range (spec admin §5 "Timeouts"; the ready check's time, issue 35), saved on its
 * own and checked with the shared settingUpdateSchema (its message) before any request.
 */
export function TimeoutSetting({
  id,
  label,
  range,
  saved,
  hint = T.timeoutRange(range.min, range.max),
  failed = T.timeoutFailed,
}: {
  id: 'lobby_create_timeout' | 'lobby_join_timeout' | 'ready_check_seconds';
  label: string;
  /** What the field accepts (its min and max attributes). */
  range: { min: number; max: number };
  saved: number;
  /** The allowed values in words (default: the range). */
  hint?: string;
  /** The title of the server's refusal. */
  failed?: string;
}) {
  const [value, setValue] = useState(String(saved));
  const [invalid, setInvalid] = useState<string | null>(null);
  const [unchanged, setUnchanged] = useState(false);
  const update = useUpdateSetting();
  const updateOnce = useSingleFlight(update);
  const inputId = useId();
  const hintId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.reset();
    const seconds = parseInteger(value);
    const same = seconds === saved;
    const parsed = same ? null : settingUpdateSchema.safeParse({ id, value: seconds });
    setUnchanged(same);
    setInvalid(parsed && !parsed.success ? validationErrorOf(parsed.error.issues[0]).message : null);
    if (parsed?.success) updateOnce({ id, value: seconds });
  };

  return (
    <form className="admin-timeout" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={inputId} className="field__label">
          {label}
        </label>
        <div className="admin-timeout__row">
          <input
            id={inputId}
            className="input admin-timeout__input"
            type="number"
            min={range.min}
            max={range.max}
            step={1}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={invalid !== null}
            aria-describedby={hintId}
          />
          <SaveButton pending={update.isPending} />
        </div>
        <p id={hintId} className={invalid ? 'field__error' : 'field__hint'}>
          {invalid ?? hint}
        </p>
      </div>
      {unchanged && (
        <Notice tone="info" live>
          <p>{ADMIN_TEXTS.noChanges}</p>
        </Notice>
      )}
      {update.isSuccess && (
        <Notice tone="success" live>
          <p>{ADMIN_TEXTS.saved}</p>
        </Notice>
      )}
      {update.isError && (
        <Notice tone="danger" title={failed} live>
          <p>{update.error.message}</p>
        </Notice>
      )}
    </form>
  );
}
