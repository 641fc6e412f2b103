import type { SeasonFormState } from '../../season-draft.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { Field } from './season-field.tsx';
import type { FieldErrors, SetSeasonField } from './use-season-form-state.ts';

const T = ADMIN_TEXTS.seasons;

interface FieldsProps {
  form: SeasonFormState;
  errors: FieldErrors;
  set: SetSeasonField;
}

/** The season's id (fixed once created), name and period. */
export function SeasonIdentityFields({ form, errors, set, idLocked }: FieldsProps & { idLocked: boolean }) {
  return (
    <>
      <Field name="id" label={T.fields.id} required error={errors.id} hint={T.fields.idHint}>
        {(props) => (
          <input
            {...props}
            className="input admin-mono"
            value={form.id}
            onChange={(e) => set('id')(e.target.value)}
            disabled={idLocked}
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
    </>
  );
}

/** How the season looks: its image and theme colour. */
export function SeasonLookFields({ form, errors, set }: FieldsProps) {
  return (
    <>
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
    </>
  );
}

/** The season's description (below the grid, full width). */
export function SeasonDescriptionField({ form, errors, set }: FieldsProps) {
  return (
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
  );
}
