import { BIO_MAX, visibleLength } from '@rankmatch/shared';
import { useId } from 'react';
import { PROFILE_TEXTS as T } from '../texts.ts';

/** The ids a control is described by, space-separated; undefined when there are none. */
const describedBy = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(' ') || undefined;

interface TextFieldProps {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/** The trainer name (required), with its hint; the modal's first focus. */
export function TrainerNameField({ value, onChange, error }: TextFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <div className="field__label-row">
        <label htmlFor={id} className="field__label">
          {T.trainerName}
        </label>
        <span className="field__required" aria-hidden="true">
          {T.required}
        </span>
      </div>
      <input
        id={id}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${id}-hint`, error && `${id}-error`)}
        aria-required="true"
        autoComplete="nickname"
        data-autofocus
      />
      <p id={`${id}-hint`} className="field__hint">
        {T.trainerNameHint}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The X (Twitter) id after its @, with its hint. */
export function TwitterIdField({ value, onChange, error }: TextFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {T.twitterId}
      </label>
      <div className="input-prefix">
        <span aria-hidden="true">@</span>
        <input
          id={id}
          className="input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${id}-hint`, error && `${id}-error`)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {T.twitterHint}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The bio, with its counter of visible characters (red past BIO_MAX). */
export function BioField({ value, onChange, error }: TextFieldProps) {
  const id = useId();
  const counterId = useId();
  const length = visibleLength(value);
  return (
    <div className="field">
      <div className="field__label-row">
        <label htmlFor={id} className="field__label">
          {T.bio}
        </label>
        <span
          id={counterId}
          className={length > BIO_MAX ? 'field__counter text-danger' : 'field__counter'}
          data-testid="bio-counter"
        >
          <span aria-hidden="true">{T.bioCounter(length, BIO_MAX)}</span>
          <span className="visually-hidden">{T.bioCounterLabel(length, BIO_MAX)}</span>
        </span>
      </div>
      <textarea
        id={id}
        className="input textarea"
        rows={4}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(counterId, error && `${id}-error`)}
      />
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
