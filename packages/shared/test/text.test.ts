import { describe, expect, it } from 'vitest';
import {
  dateSecondsSchema,
  ERRORS,
  longText,
  matchReportSchema,
  nameText,
  profileUpdateSchema,
  returnToSchema,
  seasonCreateSchema,
  trainerNameSchema,
  VALIDATION_CODES as V,
  VALIDATION_MESSAGES,
  validationErrorOf,
  z,
} from '../src/index.ts';

// The text primitive: control characters, invisible-only names, bidi overrides, date bounds, return_to paths; and
// how a zod issue becomes a stable code and the Japanese message.

/** The stable code of the first problem, through the one shared mapping. */
const firstCode = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : validationErrorOf(result.error?.issues[0]).code;

describe('nameText', () => {
  const name = nameText({ required: V.SEASON_NAME_REQUIRED, max: { length: 5, message: V.SEASON_NAME_TOO_LONG } });

  it('refuses NUL and every other control character', () => {
    for (const bad of ['a\u0000b', 'a\u0007', 'a\tb', 'a\nb', '\u007f', 'x\u0085']) {
      expect(firstCode(name.safeParse(bad)), JSON.stringify(bad)).toBe('TEXT_CONTROL_CHARACTERS');
    }
  });

  it('treats names made only of invisible characters as empty', () => {
    for (const invisible of ['\u200b', '\u200b\u200d\ufeff', '\u3000', ' \u2060 ', '\u00ad']) {
      expect(firstCode(name.safeParse(invisible)), JSON.stringify(invisible)).toBe('SEASON_NAME_REQUIRED');
    }
    expect(name.safeParse('a\u200b').success).toBe(true);
  });

  it('refuses bidi overrides and isolates', () => {
    for (const bidi of ['abc\u202e', '\u2066x', 'x\u202ay']) {
      expect(firstCode(name.safeParse(bidi))).toBe('TEXT_BIDI_CONTROL');
    }
  });

  it('trims and counts code points', () => {
    expect(name.parse('  ピカ  ')).toBe('ピカ');
    expect(name.safeParse('😀😀😀😀😀').success).toBe(true);
    expect(firstCode(name.safeParse('123456'))).toBe('SEASON_NAME_TOO_LONG');
  });

  it('is what trainer names use', () => {
    expect(firstCode(trainerNameSchema.safeParse('\u200b'))).toBe('TRAINER_NAME_REQUIRED');
    expect(firstCode(trainerNameSchema.safeParse('ユナイト\u0000'))).toBe('TEXT_CONTROL_CHARACTERS');
  });
});

describe('longText', () => {
  it('keeps line breaks and tabs, refuses the other controls', () => {
    const text = longText();
    expect(text.safeParse('一行目\n二行目\r\n\tタブ').success).toBe(true);
    expect(firstCode(text.safeParse('a\u0000'))).toBe('TEXT_CONTROL_CHARACTERS');
    expect(firstCode(text.safeParse('a\u001b[31m'))).toBe('TEXT_CONTROL_CHARACTERS');
  });
});

describe('dates and seasons', () => {
  it('bounds dates to the years 2000–2100', () => {
    expect(dateSecondsSchema.safeParse(946_684_799).success).toBe(false);
    expect(dateSecondsSchema.safeParse(946_684_800).success).toBe(true);
    expect(dateSecondsSchema.safeParse(4_102_444_800).success).toBe(true);
    expect(firstCode(dateSecondsSchema.safeParse(99_999_999_999))).toBe('DATE_OUT_OF_RANGE');
  });

  it('applies to the season form', () => {
    const season = { id: 's1', name: 'シーズン', start_date: 1_800_000_000, end_date: 1_900_000_000 };
    expect(seasonCreateSchema.safeParse(season).success).toBe(true);
    expect(firstCode(seasonCreateSchema.safeParse({ ...season, name: 'S\u0000' }))).toBe('TEXT_CONTROL_CHARACTERS');
    expect(firstCode(seasonCreateSchema.safeParse({ ...season, description: '\u0000' }))).toBe(
      'TEXT_CONTROL_CHARACTERS',
    );
    expect(firstCode(seasonCreateSchema.safeParse({ ...season, end_date: 1e13 }))).toBe('DATE_OUT_OF_RANGE');
    expect(firstCode(seasonCreateSchema.safeParse({ ...season, image_url: 'https://x/\u0000' }))).toBe(
      'TEXT_CONTROL_CHARACTERS',
    );
  });
});

describe('returnToSchema', () => {
  it('accepts same-site paths only', () => {
    for (const ok of ['/', '/?tab=mypage', '/shop?checkout=success#x', '/a/b']) {
      expect(returnToSchema.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of [
      '//evil.example',
      '/\t/evil.example',
      '/\n/evil',
      '/\\evil',
      '/\\\\evil',
      'https://x',
      'x',
      '/a b',
      '/\u0000',
    ]) {
      expect(returnToSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('validation codes', () => {
  it('carry the code on the issue; validationErrorOf gives the code and its Japanese message', () => {
    const cases: [{ success: boolean; error?: { issues: { message: string }[] } }, keyof typeof VALIDATION_MESSAGES][] =
      [
        // z.string().min / refine
        [trainerNameSchema.safeParse(''), 'TRAINER_NAME_REQUIRED'],
        [trainerNameSchema.safeParse('あ'.repeat(100)), 'TRAINER_NAME_TOO_LONG'],
        // the type check's own error (z.number(code))
        [dateSecondsSchema.safeParse('soon'), 'DATE_OUT_OF_RANGE'],
        // refine with a path
        [
          profileUpdateSchema.safeParse({
            trainer_name: 'ピカ',
            current_badge: 'badge_001',
            current_badge_2: 'badge_001',
          }),
          'BADGE_SLOTS_SAME',
        ],
        // superRefine's ctx.addIssue
        [
          matchReportSchema.safeParse({
            result: 'A-win',
            banned_pokemon: '',
            picked_pokemon: '',
            pokemon_move1: '',
            pokemon_move2: '',
            violation_report: '',
          }),
          'REPORT_PICKED_REQUIRED',
        ],
      ];
    for (const [result, code] of cases) {
      expect(result.success, code).toBe(false);
      const issue = result.error?.issues[0];
      expect(issue?.message, code).toBe(code);
      expect(validationErrorOf(issue)).toEqual({ code, message: VALIDATION_MESSAGES[code] });
    }
  });

  it("give VALIDATION_ERROR with zod's Japanese message for zod's own problems", () => {
    const result = z.object({ a: z.number() }).safeParse({ a: 'text' });
    expect(result.success).toBe(false);
    const problem = validationErrorOf(result.error?.issues[0]);
    expect(problem.code).toBe('VALIDATION_ERROR');
    expect(problem.message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(problem.message).not.toBe(ERRORS.VALIDATION_ERROR.message);
    expect(validationErrorOf(undefined)).toEqual({
      code: 'VALIDATION_ERROR',
      message: ERRORS.VALIDATION_ERROR.message,
    });
  });

  it('are their own values, each with a message that is not a code', () => {
    expect(Object.keys(V)).toEqual(Object.keys(VALIDATION_MESSAGES));
    for (const [code, message] of Object.entries(VALIDATION_MESSAGES)) {
      expect(V[code as keyof typeof V]).toBe(code);
      expect(message).not.toMatch(/^[A-Z_]+$/);
    }
    // a message text is not a code: it maps to nothing of ours
    expect(validationErrorOf({ message: VALIDATION_MESSAGES.TRAINER_NAME_REQUIRED }).code).toBe('VALIDATION_ERROR');
    expect(validationErrorOf({ message: 'constructor' }).code).toBe('VALIDATION_ERROR');
  });

  it('say the limits the constants define', async () => {
    const { TRAINER_NAME_MAX, BIO_MAX } = await import('../src/index.ts');
    expect(VALIDATION_MESSAGES.TRAINER_NAME_TOO_LONG).toContain(String(TRAINER_NAME_MAX));
    expect(VALIDATION_MESSAGES.BIO_TOO_LONG).toContain(String(BIO_MAX));
  });
});
