import { type AdminSeason, seasonNumberOf } from '@rankmatch/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Notice } from '../../../../components/notice.tsx';
import { useCreateSeason } from '../../api/create-season.ts';
import { useUpdateSeason } from '../../api/update-season.ts';
import {
  awardsInForce,
  EMPTY_SEASON_FORM,
  type SeasonFormField,
  type SeasonFormState,
  seasonFormOf,
  seasonPayloadOf,
} from '../../season-form.ts';
import { endBegan } from '../../season-status.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { SeasonAwardsFieldset } from './season-awards-fieldset.tsx';

const T = ADMIN_TEXTS.seasons;

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
  const [errors, setErrors] = useState<Partial<Record<SeasonFormField, string>>>({});
  const create = useCreateSeason();
  const update = useUpdateSeason();
  const save = season ? update : create;
  const titleId = useId();

  const set =
    <K extends SeasonFormField>(field: K) =>
    (value: SeasonFormState[K]) =>
      setForm((prev) => ({ ...prev, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const outcome = seasonPayloadOf(form, season ? 'edit' : 'create');
    if (!outcome.ok) {
      setErrors(outcome.errors);
      return;
    }
    setErrors({});
    save.mutate(outcome.season, {
      onSuccess: (saved) => onDone(season ? T.updated(saved.name) : T.created(saved.name)),
    });
  };

  return (
    <form className="admin-season-form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId} className="admin-season-form__title">
        {season ? T.editTitle(season.name) : T.createTitle}
      </h3>
      <div className="admin-form-grid">
        <Field label={T.fields.id} required error={errors.id} hint={T.fields.idHint}>
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
        <Field label={T.fields.name} required error={errors.name}>
          {(props) => (
            <input {...props} className="input" value={form.name} onChange={(e) => set('name')(e.target.value)} />
          )}
        </Field>
        <Field label={T.fields.startDate} required error={errors.start}>
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
        <Field label={T.fields.endDate} required error={errors.end}>
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
        <Field label={T.fields.imageUrl} error={errors.image_url}>
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
        <Field label={T.fields.themeColor} error={errors.theme_color}>
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
      <Field label={T.fields.description} error={errors.description}>
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
      {save.isError && (
        <Notice tone="danger" live>
          <p>{save.error.message}</p>
        </Notice>
      )}
      <div className="admin-form-actions">
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
  label,
  required = false,
  error,
  hint,
  children,
}: {
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
    <div className="field">
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
