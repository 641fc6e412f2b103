import { VALIDATION_CODES as V, type ValidationCode, visibleLength, z } from './validation.ts';

// One text primitive for every free text a person types (names, bios, descriptions, markdown): C0/C1 control
// characters are refused (PostgreSQL refuses NUL outright; the others break layouts and logs), names made only of
// invisible characters count as empty, and names may not carry bidi overrides that turn the text around.

/** C0 and C1 controls and DEL; multi-line texts keep tab (9), line feed (10) and carriage return (13). */
function isControl(codePoint: number, multiline: boolean): boolean {
  if (codePoint >= 0x7f && codePoint <= 0x9f) return true;
  if (codePoint >= 0x20) return false;
  return !(multiline && (codePoint === 9 || codePoint === 10 || codePoint === 13));
}
/** Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/** Format characters (zero-width spaces and joiners, BOM…) and every kind of white space. */
const INVISIBLE = /[\p{Cf}\p{White_Space}]/gu;

export function hasControlCharacters(value: string, multiline = false): boolean {
  for (let i = 0; i < value.length; i++) if (isControl(value.charCodeAt(i), multiline)) return true;
  return false;
}

/** What a name shows: without the invisible characters around and inside it. */
export const visibleText = (value: string) => value.replace(INVISIBLE, '');

interface TextOptions {
  /** Required: an empty (or invisible-only) value gets this code. */
  required?: ValidationCode;
  /** At most this many characters as people count them (code points); a longer value gets this code. */
  max?: { length: number; message: ValidationCode };
}

/** A one-line name (trainer name, season name): trimmed, no controls, no bidi overrides, not invisible-only. */
export function nameText(options: TextOptions = {}) {
  let schema = z
    .string(options.required)
    .trim()
    .refine((v) => !hasControlCharacters(v), V.TEXT_CONTROL_CHARACTERS)
    .refine((v) => !BIDI_CONTROL.test(v), V.TEXT_BIDI_CONTROL);
  if (options.required) schema = schema.refine((v) => visibleText(v).length > 0, options.required);
  if (options.max) {
    const { length, message } = options.max;
    schema = schema.refine((v) => visibleLength(v) <= length, message);
  }
  return schema;
}

/** A multi-line text (bio, description, markdown): line breaks and tabs allowed, other controls refused. */
export function longText(options: TextOptions = {}) {
  let schema = z.string(options.required).refine((v) => !hasControlCharacters(v, true), V.TEXT_CONTROL_CHARACTERS);
  if (options.max) {
    const { length, message } = options.max;
    schema = schema.refine((v) => visibleLength(v) <= length, message);
  }
  return schema;
}

/** Plain one-line input that is not a name (search words, filters, ids from outside): no control characters. */
export const plainText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !hasControlCharacters(v), V.TEXT_CONTROL_CHARACTERS);

/** A date as unix seconds between 2000-01-01 and 2100-01-01 (UTC). */
export const DATE_MIN_SECONDS = 946_684_800;
export const DATE_MAX_SECONDS = 4_102_444_800;
export const dateSecondsSchema = z
  .number(V.DATE_OUT_OF_RANGE)
  .int(V.DATE_OUT_OF_RANGE)
  .min(DATE_MIN_SECONDS, V.DATE_OUT_OF_RANGE)
  .max(DATE_MAX_SECONDS, V.DATE_OUT_OF_RANGE);
