import { type AdminSeason, ERRORS, seasonNumberOf } from '@rankmatch/shared';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Notice } from '../../../../components/notice.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useCreateSeason } from '../../api/create-season.ts';
import { useUpdateSeason } from '../../api/update-season.ts';
import {
  awardsInForce,
  EMPTY_SEASON_FORM,
  type SeasonFormField,
  type SeasonFormState,
  seasonFormOf,
  seasonPayloadOf,
} from '../../season-draft.ts';
import { endBegan } from '../../season-status.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { SeasonAwardsFieldset } from './season-awards-fieldset.tsx';

const T = ADMIN_TEXTS.seasons;

/** The fields in the order the form shows them: the first with an error is where the admin is taken. */
const FIELD_ORDER: SeasonFormField[] = [
  'id',
  'name',
  'start',
  'end',
  'image_url',
  'theme_color',
  'description',
  'awards',
];

type FieldErrors = Partial<Record<SeasonFormField, string>>;

/** Server refusals that belong to one field: shown beside it (the message without the operation's prefix). */
function fieldErrorOf(error: Error): FieldErrors | null {
  if (error instanceof ApiError && error.code === 'SEASON_EXISTS') return { id: ERRORS.SEASON_EXISTS.message };
  return null;
}

/**
 * Create (season null) or edit a season, with its rewards; the id cannot change once created, the rewards once its end
 * began. The tab's toggle cancels.
 */
export function SeasonForm({
  season,
  adminId,
  onDone,
}: {
  season: AdminSeason | null;
  adminId: string;
  onDone: (message: string) => void;
}) {
  const [form, setForm] = useState<SeasonFormState>(() => (season ? seasonFormOf(season) : EMPTY_SEASON_FORM));
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateSeason();
  const update = useUpdateSeason();
  const save = season ? update : create;
  const titleId = useId();

  const set =
    <K extends SeasonFormField>(field: K) =>
    (value: SeasonFormState[K]) =>
      setForm((prev) => ({ ...prev, [field]: value }));

  /** Shows the errors beside their fields and takes the admin to the first (the button is far below it). */
  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = FIELD_ORDER.find((field) => next[field] !== undefined);
    const box = first && formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`);
    if (!box) return;
    box.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    box.querySelector<HTMLElement>('input:not([disabled]), textarea, select')?.focus({ preventScroll: true });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const outcome = seasonPayloadOf(form, season ? 'edit' : 'create');
    if (!outcome.ok) {
      showErrors(outcome.errors);
      return;
    }
    setErrors({});
    save.mutate(outcome.season, {
      onSuccess: (saved) => onDone(season ? T.updated(saved.name) : T.created(saved.name)),
      onError: (error) => {
        const fieldErrors = fieldErrorOf(error);
        if (fieldErrors) showErrors(fieldErrors);
      },
    });
  };
  const errorCount = FIELD_ORDER.filter((field) => errors[field] !== undefined).length;
  const serverFieldError = save.error ? fieldErrorOf(save.error) !== null : false;

  return (
    <form ref={formRef} className="admin-season-form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId} className="admin-season-form__title">
        {season ? T.editTitle(season.name) : T.createTitle}
      </h3>
      <div className="admin-form-grid">
        <Field name="id" label={T.fields.id} required error={errors.id} hint={T.fields.idHint}>
          {(props) => (
            <input
              {...props}
              className="input admin-mono"
              value={form.id}
              onChange={(e) => set('id')(e.target.value)}
              disabled={season !== null}
              autoComplete="off"
            />
          )}
        </Field>
        <Field name="name" label={T.fields.name} required error={errors.name}>
          {(props) => (
            <input {...props} className="input" value={form.name} onChange={(e) => set('name')(e.target.value)} />
          )}
        </Field>
        <Field name="start" label={T.fields.startDate} required error={errors.start}>
          {(props) => (
            <input
              {...props}
              className="input"
              type="datetime-local"
              value={form.start}
              onChange={(e) => set('start')(e.target.value)}
            />
          )}
        </Field>
        <Field name="end" label={T.fields.endDate} required error={errors.end}>
          {(props) => (
            <input
              {...props}
              className="input"
              type="datetime-local"
              value={form.end}
              onChange={(e) => set('end')(e.target.value)}
            />
          )}
        </Field>
        <Field name="image_url" label={T.fields.imageUrl} error={errors.image_url}>
          {(props) => (
            <input
              {...props}
              className="input"
              type="url"
              value={form.image_url}
              onChange={(e) => set('image_url')(e.target.value)}
              placeholder="https://"
            />
          )}
        </Field>
        <Field name="theme_color" label={T.fields.themeColor} error={errors.theme_color}>
          {(props) => (
            <span className="admin-color">
              <input
                {...props}
                className="admin-color__input"
                type="color"
                value={form.theme_color}
                onChange={(e) => set('theme_color')(e.target.value)}
              />
              <span className="admin-mono">{form.theme_color}</span>
            </span>
          )}
        </Field>
      </div>
      <Field name="description" label={T.fields.description} error={errors.description}>
        {(props) => (
          <textarea
            {...props}
            className="input textarea"
            value={form.description}
            onChange={(e) => set('description')(e.target.value)}
          />
        )}
      </Field>
      <SeasonAwardsFieldset
        adminId={adminId}
        awards={awardsInForce(form)}
        custom={form.awards !== null}
        seasonNumber={seasonNumberOf({ id: form.id.trim(), name: form.name })}
        locked={season !== null && endBegan(season)}
        error={errors.awards}
        onChange={set('awards')}
      />
      {save.isError && !serverFieldError && (
        <Notice tone="danger" live>
          <p>{save.error.message}</p>
        </Notice>
      )}
      <div className="admin-form-actions">
        {errorCount > 0 && (
          <p className="field__error" role="alert">
            {T.fixFields(errorCount)}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? T.submitting : season ? T.submitUpdate : T.submitCreate}
        </button>
      </div>
    </form>
  );
}

interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** A labelled control with its required mark, hint and error (the control gets the ids it needs). */
function Field({
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
