import { VALIDATION_CODES as V, type ValidationCode, visibleLength, z } from './validation.ts';

// One text primitive for every free text a person types (names, bios, descriptions, markdown): ill-formed Unicode and
// C0/C1 control characters are refused (PostgreSQL refuses NUL and lone surrogates outright; the others break layouts
// and logs); names may not carry characters that show nothing nor bidi overrides that turn the text around, and a
// name without anything visible counts as empty.

/** C0 and C1 controls and DEL; multi-line texts keep tab (9), line feed (10) and carriage return (13). */
function isControl(codePoint: number, multiline: boolean): boolean {
  if (codePoint >= 0x7f && codePoint <= 0x9f) return true;
  if (codePoint >= 0x20) return false;
  return !(multiline && (codePoint === 9 || codePoint === 10 || codePoint === 13));
}
/** Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/**
 * A lone UTF-16 surrogate: with the u flag a surrogate pair is one code point and does not match, so only a half of
 * one does. JSON's "\ud800" escape carries it; it is no character, and PostgreSQL refuses the text (22P02).
 */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const LONE_SURROGATES = /[\uD800-\uDFFF]/gu;
/**
 * Characters that show nothing in a name: format characters (Cf: zero-width spaces, joiners and non-joiners, word
 * joiner and invisible operators U+2060–U+2064, BOM, soft hyphen, bidi marks, Mongolian vowel separator U+180E, tags),
 * the other default-ignorable code points (variation selectors, combining grapheme joiner, the Hangul fillers U+115F,
 * U+1160, U+3164, U+FFA0) and the blank glyphs U+2800 (braille blank) and U+1D159 (null notehead).
 */
const HIDDEN = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800\u{1D159}]/u;
const HIDDEN_ALL = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800\u{1D159}]/gu;
/**
 * Emoji sequences, where joiners, variation selectors, the keycap mark and tags belong to one picture (a red heart
 * with U+FE0F, a technologist with a skin tone joined by U+200D, the rainbow flag, keycap 1, the flag of England): a
 * name may carry those characters there and nowhere else.
 */
const EMOJI_SEQUENCE =
  /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}|[0-9#*]\uFE0F?\u20E3|\p{Extended_Pictographic}(?:[\uFE0E\uFE0F]|\p{Emoji_Modifier})?(?:\u200D\p{Extended_Pictographic}(?:[\uFE0E\uFE0F]|\p{Emoji_Modifier})?)*|\p{Emoji}[\uFE0E\uFE0F]/gu;
/** What shows by itself: a letter, number, punctuation mark or symbol (not a combining mark, not a space). */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** No lone surrogate: every UTF-16 code unit belongs to a character (String.prototype.isWellFormed). */
export const isWellFormedText = (value: string) => !LONE_SURROGATE.test(value);

/** Each lone surrogate replaced by U+FFFD (String.prototype.toWellFormed): for text we store but cannot refuse. */
export const toWellFormedText = (value: string) => value.replace(LONE_SURROGATES, '\uFFFD');

/**
 * Where an input (a parsed JSON body, a query, route parameters) holds a string, or an object key, that is not
 * well-formed: its path (`a.b.0`; '' for the input itself), or null. Iterative, so any nesting depth is safe.
 */
export function illFormedTextPath(input: unknown): string | null {
  interface Entry {
    value: unknown;
    key: string | null;
    parent: Entry | null;
  }
  const pathOf = (entry: Entry) => {
    const keys: string[] = [];
    for (let e: Entry | null = entry; e && e.key !== null; e = e.parent) keys.push(e.key);
    return keys.reverse().join('.');
  };
  const stack: Entry[] = [{ value: input, key: null, parent: null }];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { value } = entry;
    if (typeof value === 'string') {
      if (!isWellFormedText(value)) return pathOf(entry);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: String(i), parent: entry });
    } else if (value !== null && typeof value === 'object') {
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) continue; // a Buffer (raw bodies), a Date…
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        const child: Entry = { value: (value as Record<string, unknown>)[key], key, parent: entry };
        if (!isWellFormedText(key)) return pathOf(child);
        stack.push(child);
      }
    }
  }
  return null;
}

export function hasControlCharacters(value: string, multiline = false): boolean {
  for (let i = 0; i < value.length; i++) if (isControl(value.charCodeAt(i), multiline)) return true;
  return false;
}

/** A character that shows nothing (see HIDDEN) outside an emoji sequence. */
export const hasHiddenCharacters = (value: string) => HIDDEN.test(value.replace(EMOJI_SEQUENCE, ''));

/** At least one letter, number, punctuation mark or symbol that shows (not one of HIDDEN). */
export const hasVisibleCharacter = (value: string) => VISIBLE.test(value.replace(HIDDEN_ALL, ''));

interface TextOptions {
  /** Required: a value with nothing visible (empty, spaces, lone combining marks) gets this code. */
  required?: ValidationCode;
  /** At most this many characters as people count them (code points); a longer value gets this code. */
  max?: { length: number; message: ValidationCode };
  /**
   * Characters that show nothing are let through (not a name but a search word, which may look for a name stored
   * before they were refused).
   */
  allowHidden?: boolean;
}

/**
 * A one-line name (trainer name, season name): trimmed; well-formed; no controls, no bidi overrides; no character that
 * shows nothing (HIDDEN: refused, never stripped, so what is stored is what was typed) except inside an emoji
 * sequence; and, when required, at least one visible character (a name of spaces or lone combining marks is empty).
 */
export function nameText(options: TextOptions = {}) {
  let schema = z
    .string(options.required)
    .trim()
    .refine(isWellFormedText, V.TEXT_ILL_FORMED)
    .refine((v) => !hasControlCharacters(v), V.TEXT_CONTROL_CHARACTERS)
    .refine((v) => !BIDI_CONTROL.test(v), V.TEXT_BIDI_CONTROL);
  if (!options.allowHidden) schema = schema.refine((v) => !hasHiddenCharacters(v), V.TEXT_INVISIBLE_CHARACTERS);
  if (options.required) schema = schema.refine(hasVisibleCharacter, options.required);
  if (options.max) {
    const { length, message } = options.max;
    schema = schema.refine((v) => visibleLength(v) <= length, message);
  }
  return schema;
}

/** A multi-line text (bio, description, markdown): line breaks and tabs allowed, other controls refused. */
export function longText(options: TextOptions = {}) {
  let schema = z
    .string(options.required)
    .refine(isWellFormedText, V.TEXT_ILL_FORMED)
    .refine((v) => !hasControlCharacters(v, true), V.TEXT_CONTROL_CHARACTERS);
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
    .refine(isWellFormedText, V.TEXT_ILL_FORMED)
    .refine((v) => !hasControlCharacters(v), V.TEXT_CONTROL_CHARACTERS);

/** A date as unix seconds between 2000-01-01 and 2100-01-01 (UTC). */
export const DATE_MIN_SECONDS = 946_684_800;
export const DATE_MAX_SECONDS = 4_102_444_800;
export const dateSecondsSchema = z
  .number(V.DATE_OUT_OF_RANGE)
  .int(V.DATE_OUT_OF_RANGE)
  .min(DATE_MIN_SECONDS, V.DATE_OUT_OF_RANGE)
  .max(DATE_MAX_SECONDS, V.DATE_OUT_OF_RANGE);
