import { EVIDENCE_MAX_MB, EVIDENCE_TYPES, TRUST_NOTE_MAX, visibleLength } from '@rankmatch/shared';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { evidenceFileError, useObjectUrl } from '../lib/evidence.ts';
import { TRUST_FIELD_TEXTS as T } from '../lib/texts.ts';
import './choices.css';
import './trust-fields.css';

// The fields a violation report and a dispute share: a reason among fixed choices, a note with its counter and an
// optional screenshot (checked here by type and size, sent by the form when the report or dispute is sent).

/** The ids a control is described by, space-separated; undefined when there are none. */
const describedBy = (...parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(' ') || undefined;

/** One radio per reason, in cards; required, with the error under it. */
export function ReasonChoices<R extends string>({
  legend,
  reasons,
  labels,
  value,
  onChange,
  error,
}: {
  legend: string;
  reasons: readonly R[];
  labels: Record<R, string>;
  value: R | '';
  onChange: (reason: R) => void;
  error: string | null;
}) {
  const id = useId();
  return (
    <fieldset className="choice-group trust-reasons" aria-describedby={describedBy(error && `${id}-error`)}>
      <legend>
        {legend} <span className="field__required">{T.required}</span>
      </legend>
      {reasons.map((reason) => (
        <label key={reason} className="choice">
          <input
            type="radio"
            name={`${id}-reason`}
            value={reason}
            checked={value === reason}
            onChange={() => onChange(reason)}
            aria-invalid={error ? true : undefined}
          />
          <span>{labels[reason]}</span>
        </label>
      ))}
      {error && (
        <p id={`${id}-error`} className="field__error trust-reasons__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The optional note, counted as people count characters (red past TRUST_NOTE_MAX). */
export function NoteField({
  value,
  onChange,
  error,
  label = T.note,
  hint = T.noteHint,
}: {
  value: string;
  onChange: (note: string) => void;
  error: string | null;
  label?: string;
  hint?: string;
}) {
  const id = useId();
  const length = visibleLength(value);
  return (
    <div className="field">
      <div className="field__label-row">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        <span
          id={`${id}-counter`}
          className={length > TRUST_NOTE_MAX ? 'field__counter text-danger' : 'field__counter'}
          data-testid="note-counter"
        >
          <span aria-hidden="true">{T.noteCounter(length, TRUST_NOTE_MAX)}</span>
          <span className="visually-hidden">{T.noteCounterLabel(length, TRUST_NOTE_MAX)}</span>
        </span>
      </div>
      <textarea
        id={id}
        className="input textarea"
        rows={3}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${id}-hint`, `${id}-counter`, error && `${id}-error`)}
      />
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The optional screenshot: a file input for the accepted types, a preview of the chosen image and a button to take it
 * off. A file of another type or over the size limit is refused at once with the catalogue's message.
 */
export function EvidencePicker({ file, onChange }: { file: File | null; onChange: (file: File | null) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = useObjectUrl(file);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // The input is emptied each time: choosing the same file again after removing it still reports a change.
    event.target.value = '';
    if (!chosen) return;
    const problem = evidenceFileError(chosen);
    setError(problem);
    if (!problem) onChange(chosen);
  };
  const remove = () => {
    setError(null);
    onChange(null);
    input.current?.focus();
  };

  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {T.evidence}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        className="evidence-picker__input"
        accept={EVIDENCE_TYPES.join(',')}
        onChange={choose}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${id}-hint`, error && `${id}-error`)}
      />
      <p id={`${id}-hint`} className="field__hint">
        {T.evidenceHint(EVIDENCE_MAX_MB)}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
      {file && (
        <div className="evidence-picker__preview">
          {preview && <img src={preview} alt={T.evidencePreview(file.name)} />}
          <button type="button" className="button button--small" onClick={remove}>
            {T.evidenceRemove}
          </button>
        </div>
      )}
    </div>
  );
}
