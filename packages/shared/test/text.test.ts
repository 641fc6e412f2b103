import { describe, expect, it } from 'vitest';
import {
  dateSecondsSchema,
  longText,
  VALIDATION_MESSAGES as M,
  nameText,
  returnToSchema,
  seasonCreateSchema,
  trainerNameSchema,
} from '../src/index.ts';

// The text primitive: control characters, invisible-only names, bidi overrides, date bounds, return_to paths.

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('nameText', () => {
  const name = nameText({ required: 'required', max: { length: 5, message: 'long' } });

  it('refuses NUL and every other control character', () => {
    for (const bad of ['a\u0000b', 'a\u0007', 'a\tb', 'a\nb', '\u007f', 'x\u0085']) {
      expect(firstMessage(name.safeParse(bad)), JSON.stringify(bad)).toBe(M.TEXT_CONTROL_CHARACTERS);
    }
  });

  it('treats names made only of invisible characters as empty', () => {
    for (const invisible of ['\u200b', '\u200b\u200d\ufeff', '\u3000', ' \u2060 ', '\u00ad']) {
      expect(firstMessage(name.safeParse(invisible)), JSON.stringify(invisible)).toBe('required');
    }
    expect(name.safeParse('a\u200b').success).toBe(true);
  });

  it('refuses bidi overrides and isolates', () => {
    for (const bidi of ['abc\u202e', '\u2066x', 'x\u202ay']) {
      expect(firstMessage(name.safeParse(bidi))).toBe(M.TEXT_BIDI_CONTROL);
    }
  });

  it('trims and counts code points', () => {
    expect(name.parse('  ピカ  ')).toBe('ピカ');
    expect(name.safeParse('😀😀😀😀😀').success).toBe(true);
    expect(firstMessage(name.safeParse('123456'))).toBe('long');
  });

  it('is what trainer names use', () => {
    expect(firstMessage(trainerNameSchema.safeParse('\u200b'))).toBe(M.TRAINER_NAME_REQUIRED);
    expect(firstMessage(trainerNameSchema.safeParse('ユナイト\u0000'))).toBe(M.TEXT_CONTROL_CHARACTERS);
  });
});

describe('longText', () => {
  it('keeps line breaks and tabs, refuses the other controls', () => {
    const text = longText();
    expect(text.safeParse('一行目\n二行目\r\n\tタブ').success).toBe(true);
    expect(firstMessage(text.safeParse('a\u0000'))).toBe(M.TEXT_CONTROL_CHARACTERS);
    expect(firstMessage(text.safeParse('a\u001b[31m'))).toBe(M.TEXT_CONTROL_CHARACTERS);
  });
});

describe('dates and seasons', () => {
  it('bounds dates to the years 2000–2100', () => {
    expect(dateSecondsSchema.safeParse(946_684_799).success).toBe(false);
    expect(dateSecondsSchema.safeParse(946_684_800).success).toBe(true);
    expect(dateSecondsSchema.safeParse(4_102_444_800).success).toBe(true);
    expect(firstMessage(dateSecondsSchema.safeParse(99_999_999_999))).toBe(M.DATE_OUT_OF_RANGE);
  });

  it('applies to the season form', () => {
    const season = { id: 's1', name: 'シーズン', start_date: 1_800_000_000, end_date: 1_900_000_000 };
    expect(seasonCreateSchema.safeParse(season).success).toBe(true);
    expect(firstMessage(seasonCreateSchema.safeParse({ ...season, name: 'S\u0000' }))).toBe(M.TEXT_CONTROL_CHARACTERS);
    expect(firstMessage(seasonCreateSchema.safeParse({ ...season, description: '\u0000' }))).toBe(
      M.TEXT_CONTROL_CHARACTERS,
    );
    expect(firstMessage(seasonCreateSchema.safeParse({ ...season, end_date: 1e13 }))).toBe(M.DATE_OUT_OF_RANGE);
    expect(firstMessage(seasonCreateSchema.safeParse({ ...season, image_url: 'https://x/\u0000' }))).toBe(
      M.TEXT_CONTROL_CHARACTERS,
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

describe('validation messages', () => {
  it('are unique, so each answers with its own stable code', async () => {
    const { VALIDATION_MESSAGES, validationCodeOf } = await import('../src/index.ts');
    const messages = Object.values(VALIDATION_MESSAGES);
    expect(new Set(messages).size).toBe(messages.length);
    for (const [code, message] of Object.entries(VALIDATION_MESSAGES)) expect(validationCodeOf(message)).toBe(code);
  });

  it('say the limits the constants define', async () => {
    const { VALIDATION_MESSAGES, TRAINER_NAME_MAX, BIO_MAX } = await import('../src/index.ts');
    expect(VALIDATION_MESSAGES.TRAINER_NAME_TOO_LONG).toContain(String(TRAINER_NAME_MAX));
    expect(VALIDATION_MESSAGES.BIO_TOO_LONG).toContain(String(BIO_MAX));
  });
});
