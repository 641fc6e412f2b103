import { type ReactNode, useId } from 'react';
import type { SeasonFormField } from '../../season-draft.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.seasons;

/** What a field gives its control: the id its label points at, and the error state and message it is described by. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** A labelled control with its required mark, hint and error (the control gets the ids it needs). */
export function Field({
  name,
  label,
  required = false,
  error,
  hint,
  children,
}: {
  name: SeasonFormField;
  label: string;
  required?: boolean;
  error: string | undefined;
  hint?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const messageId = useId();
  const message = error ?? hint;
  return (
    <div className="field" data-field={name}>
      <div className="field__label-row">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        {required && <span className="field__required">{T.required}</span>}
      </div>
      {children({ id, 'aria-invalid': error !== undefined, 'aria-describedby': message ? messageId : undefined })}
      {message && (
        <p id={messageId} className={error ? 'field__error' : 'field__hint'}>
          {message}
        </p>
      )}
    </div>
  );
}
