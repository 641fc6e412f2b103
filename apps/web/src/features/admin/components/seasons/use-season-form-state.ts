import { type AdminSeason, ERRORS } from '@rankmatch/shared';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '../../../../lib/api-client.ts';
import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { useCreateSeason } from '../../api/create-season.ts';
import { useUpdateSeason } from '../../api/update-season.ts';
import {
  EMPTY_SEASON_FORM,
  type SeasonFormField,
  type SeasonFormState,
  seasonFormOf,
  seasonPayloadOf,
} from '../../season-draft.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

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

export type FieldErrors = Partial<Record<SeasonFormField, string>>;

/** A setter for one field of the form: `set('name')(value)`. */
export type SetSeasonField = <K extends SeasonFormField>(field: K) => (value: SeasonFormState[K]) => void;

/** Server refusals that belong to one field: shown beside it (the message without the operation's prefix). */
function fieldErrorOf(error: Error): FieldErrors | null {
  if (error instanceof ApiError && error.code === 'SEASON_EXISTS') return { id: ERRORS.SEASON_EXISTS.message };
  return null;
}

/** Takes the admin to the first field with an error (the submit button is far below it). */
function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors) {
  const first = FIELD_ORDER.find((field) => errors[field] !== undefined);
  const box = first && form?.querySelector<HTMLElement>(`[data-field="${first}"]`);
  if (!box) return;
  box.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  box.querySelector<HTMLElement>('input:not([disabled]), textarea, select')?.focus({ preventScroll: true });
}

/**
 * The season form's state: the values, the errors beside the fields, and the submit that validates, then creates
 * (season null) or updates, and reports the saved season's name through onDone.
 */
export function useSeasonFormState(season: AdminSeason | null, onDone: (message: string) => void) {
  const [form, setForm] = useState<SeasonFormState>(() => (season ? seasonFormOf(season) : EMPTY_SEASON_FORM));
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateSeason();
  const update = useUpdateSeason();
  const save = season ? update : create;
  const saveOnce = useSingleFlight(save);

  const set: SetSeasonField = (field) => (value) => setForm((prev) => ({ ...prev, [field]: value }));

  /** Shows the errors beside their fields and takes the admin to the first. */
  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    focusFirstError(formRef.current, next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const outcome = seasonPayloadOf(form, season ? 'edit' : 'create', season ?? undefined);
    if (!outcome.ok) {
      showErrors(outcome.errors);
      return;
    }
    setErrors({});
    saveOnce(outcome.season, {
      onSuccess: (saved) => onDone(season ? T.updated(saved.name) : T.created(saved.name)),
      onError: (error) => {
        const fieldErrors = fieldErrorOf(error);
        if (fieldErrors) showErrors(fieldErrors);
      },
    });
  };
  const errorCount = FIELD_ORDER.filter((field) => errors[field] !== undefined).length;
  const serverFieldError = save.error ? fieldErrorOf(save.error) !== null : false;

  return { form, set, errors, formRef, onSubmit, save, errorCount, serverFieldError };
}
