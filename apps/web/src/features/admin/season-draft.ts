import {
  type AdminSeason,
  DEFAULT_THEME_COLOR,
  defaultSeasonAwards,
  type SeasonAwardMap,
  seasonCreateSchema,
  seasonNumberOf,
  seasonUpdateSchema,
  validationErrorOf,
  type z,
} from '@rankmatch/shared';
import { ADMIN_TEXTS } from './texts.ts';

// The season form (spec admin §5 "Season form"): dates typed in local time (datetime-local) and sent as unix seconds;
// the rewards are the season's own map, or null for the catalogue's defaults of the season's number.

export type SeasonPayload = z.output<typeof seasonCreateSchema>;

export interface SeasonFormState {
  id: string;
  name: string;
  description: string;
  /** datetime-local values: "2025-04-01T10:00", local time. */
  start: string;
  end: string;
  image_url: string;
  theme_color: string;
  /** The season's own rewards; null: the catalogue's defaults for the number in its name (or id). */
  awards: SeasonAwardMap | null;
}

export type SeasonFormField = keyof SeasonFormState;

export type SeasonFormOutcome =
  | { ok: true; season: SeasonPayload }
  | { ok: false; errors: Partial<Record<SeasonFormField, string>> };

const pad = (n: number) => String(n).padStart(2, '0');

/** Unix seconds → a datetime-local value in the browser's time zone. */
export function toLocalInput(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (local time) → unix seconds; NaN when empty or unreadable. */
export function fromLocalInput(value: string): number {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return Number.NaN;
  return Math.floor(new Date(value).getTime() / 1000);
}

export const EMPTY_SEASON_FORM: SeasonFormState = {
  id: '',
  name: '',
  description: '',
  start: '',
  end: '',
  image_url: '',
  theme_color: DEFAULT_THEME_COLOR,
  awards: null,
};

export function seasonFormOf(season: AdminSeason): SeasonFormState {
  return {
    id: season.id,
    name: season.name,
    description: season.description,
    start: toLocalInput(season.start_date),
    end: toLocalInput(season.end_date),
    image_url: season.image_url,
    theme_color: season.theme_color || DEFAULT_THEME_COLOR,
    awards: season.awards_custom ? season.awards : null,
  };
}

/** The rewards the season will give as the form stands: its own, else the defaults of the name being typed. */
export function awardsInForce(form: SeasonFormState): SeasonAwardMap {
  return form.awards ?? defaultSeasonAwards(seasonNumberOf({ id: form.id.trim(), name: form.name }));
}

const FIELD_OF: Record<string, SeasonFormField> = { start_date: 'start', end_date: 'end' };

/**
 * A date of the form in unix seconds: the season's own when the input still shows it (the input keeps minutes only,
 * and a save that did not touch a date must not cut its seconds), else what was typed.
 */
function dateOf(value: string, saved: number | undefined): number {
  return saved !== undefined && value === toLocalInput(saved) ? saved : fromLocalInput(value);
}

/**
 * Checks the form with the shared season schema; the messages are the schema's (Japanese). `saved`: the season being
 * edited, whose untouched dates are kept to the second.
 */
export function seasonPayloadOf(
  form: SeasonFormState,
  mode: 'create' | 'edit',
  saved?: Pick<AdminSeason, 'start_date' | 'end_date'>,
): SeasonFormOutcome {
  const start_date = dateOf(form.start, saved?.start_date);
  const end_date = dateOf(form.end, saved?.end_date);
  const errors: Partial<Record<SeasonFormField, string>> = {};
  if (Number.isNaN(start_date)) errors.start = ADMIN_TEXTS.seasons.startRequired;
  if (Number.isNaN(end_date)) errors.end = ADMIN_TEXTS.seasons.endRequired;
  const input = {
    id: form.id.trim(),
    name: form.name,
    description: form.description,
    start_date,
    end_date,
    image_url: form.image_url,
    theme_color: form.theme_color,
    awards: form.awards,
  };
  const parsed = (mode === 'create' ? seasonCreateSchema : seasonUpdateSchema).safeParse(input);
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, season: { ...parsed.data, id: input.id } };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const key = String(issue.path[0] ?? 'name');
    const field = FIELD_OF[key] ?? (key as SeasonFormField);
    errors[field] ??= validationErrorOf(issue).message;
  }
  return { ok: false, errors };
}
