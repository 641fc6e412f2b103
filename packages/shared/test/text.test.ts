import { describe, expect, it } from 'vitest';
import {
  adminUserSearchSchema,
  dateSecondsSchema,
  ERRORS,
  illFormedTextPath,
  longText,
  matchReportSchema,
  nameText,
  parseClientMessage,
  plainText,
  profileUpdateSchema,
  returnToSchema,
  seasonCreateSchema,
  toWellFormedText,
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

  it('treats names with nothing visible as empty: spaces, lone combining marks', () => {
    for (const empty of ['', '   ', '\u3000', '\u0301', '\u0301\u0308', ' \u0301 ']) {
      expect(firstCode(name.safeParse(empty)), JSON.stringify(empty)).toBe('SEASON_NAME_REQUIRED');
    }
    // a combining mark on a letter, punctuation or a symbol alone are visible
    for (const visible of ['a\u0301', 'e\u0301\u0301', '.', '★', '7']) {
      expect(name.safeParse(visible).success, JSON.stringify(visible)).toBe(true);
    }
  });

  it('refuses characters that show nothing, alone or next to visible ones (never stored)', () => {
    const hidden = {
      'zero-width and format characters': ['\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u00ad', '\u061c'],
      'word joiner and invisible operators': ['\u2060', '\u2061', '\u2062', '\u2063', '\u2064'],
      'the Mongolian vowel separator': ['\u180e'],
      'variation selectors and the grapheme joiner': ['\ufe00', '\ufe0f', '\u{e0100}', '\u034f'],
      'tags outside a flag': ['\u{e0041}'],
      'Hangul fillers': ['\u3164', '\u115f', '\u1160', '\uffa0'],
      'blank glyphs': ['\u2800', '\u{1d159}'],
    };
    for (const [kind, characters] of Object.entries(hidden)) {
      for (const c of characters) {
        const label = `${kind}: U+${c.codePointAt(0)?.toString(16).toUpperCase()}`;
        for (const value of [c, `${c}${c}`, `ピカ${c}`, `${c}ピカ`, `ピ${c}カ`]) {
          expect(firstCode(name.safeParse(value)), `${label} in ${JSON.stringify(value)}`).toBe(
            'TEXT_INVISIBLE_CHARACTERS',
          );
        }
      }
    }
    expect(firstCode(name.safeParse('a\u200b'))).toBe('TEXT_INVISIBLE_CHARACTERS');
    expect(firstCode(name.safeParse(' \u2060 '))).toBe('TEXT_INVISIBLE_CHARACTERS');
    // the BOM is white space to trim(): cut at the ends like a space, refused inside
    expect(firstCode(name.safeParse('ピ\ufeffカ'))).toBe('TEXT_INVISIBLE_CHARACTERS');
    expect(name.parse('\ufeffピカ\ufeff')).toBe('ピカ');
    expect(firstCode(name.safeParse('\ufeff'))).toBe('SEASON_NAME_REQUIRED');
  });

  it('keeps joiners, variation selectors and tags inside emoji sequences', () => {
    for (const emoji of [
      '\u2764\ufe0f', // red heart
      '\u263a\ufe0e', // smiling face, text presentation
      '\u{1f469}\u{1f3fd}\u200d\u{1f4bb}', // technologist, skin tone
      '\u{1f3f3}\ufe0f\u200d\u{1f308}', // rainbow flag
      '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}', // family
      '1\ufe0f\u20e3', // keycap 1
      '\u{1f3f4}\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}', // flag of England
      '\u{1f1ef}\u{1f1f5}', // flag of Japan
    ]) {
      expect(trainerNameSchema.safeParse(emoji).success, JSON.stringify(emoji)).toBe(true);
      expect(trainerNameSchema.safeParse(`ユナ${emoji}`).success, JSON.stringify(emoji)).toBe(true);
    }
    // a joiner or a selector that hangs off an emoji, or joins letters, is not part of one
    for (const loose of ['\u{1f600}\u200d', '\u200d\u{1f600}', 'a\u200db', 'a\ufe0f', '\u{1f3f4}\u{e0067}']) {
      expect(firstCode(name.safeParse(loose)), JSON.stringify(loose)).toBe('TEXT_INVISIBLE_CHARACTERS');
    }
  });

  it('refuses ill-formed text (a lone surrogate) first', () => {
    for (const bad of ['\ud800', 'a\udc00', '\udc00\ud800', '\u{1f600}'.slice(0, 1)]) {
      expect(firstCode(name.safeParse(bad)), JSON.stringify(bad)).toBe('TEXT_ILL_FORMED');
      expect(firstCode(longText().safeParse(bad)), JSON.stringify(bad)).toBe('TEXT_ILL_FORMED');
      expect(firstCode(plainText(10).safeParse(bad)), JSON.stringify(bad)).toBe('TEXT_ILL_FORMED');
    }
    expect(name.safeParse('\u{1f600}').success).toBe(true);
  });

  it('lets a search word carry characters that show nothing, but not be empty', () => {
    const search = nameText({ required: V.ADMIN_SEARCH_QUERY_REQUIRED, allowHidden: true });
    expect(search.safeParse('a\u200b').success).toBe(true);
    expect(firstCode(search.safeParse('\u200b'))).toBe('ADMIN_SEARCH_QUERY_REQUIRED');
    expect(firstCode(adminUserSearchSchema.safeParse({ query: '\u3164' }))).toBe('ADMIN_SEARCH_QUERY_REQUIRED');
    expect(adminUserSearchSchema.safeParse({ query: 'ピカ\u200b' }).success).toBe(true);
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
    expect(firstCode(trainerNameSchema.safeParse('\u200b'))).toBe('TEXT_INVISIBLE_CHARACTERS');
    expect(firstCode(trainerNameSchema.safeParse('\u0301'))).toBe('TRAINER_NAME_REQUIRED');
    expect(firstCode(trainerNameSchema.safeParse('ユナイト\u0000'))).toBe('TEXT_CONTROL_CHARACTERS');
    // the issue's names: the fillers, the braille blank, the null notehead, a lone combining mark, a trailing U+200B
    for (const [value, code] of [
      ['\u3164', 'TEXT_INVISIBLE_CHARACTERS'],
      ['\u115f', 'TEXT_INVISIBLE_CHARACTERS'],
      ['\u2800', 'TEXT_INVISIBLE_CHARACTERS'],
      ['\u{1d159}', 'TEXT_INVISIBLE_CHARACTERS'],
      ['\u0301', 'TRAINER_NAME_REQUIRED'],
      ['a\u200b', 'TEXT_INVISIBLE_CHARACTERS'],
    ] as const) {
      const problem = validationErrorOf(trainerNameSchema.safeParse(value).error?.issues[0]);
      expect(problem, JSON.stringify(value)).toEqual({ code, message: VALIDATION_MESSAGES[code] });
    }
    expect(VALIDATION_MESSAGES.TEXT_INVISIBLE_CHARACTERS).toMatch(/見えない文字/);
    expect(trainerNameSchema.parse(' ユナイト太郎 ')).toBe('ユナイト太郎');
    expect(trainerNameSchema.parse('ユナイト 太郎\u2764\ufe0f')).toBe('ユナイト 太郎\u2764\ufe0f');
  });
});

describe('ill-formed text at the boundary', () => {
  it('finds a lone surrogate anywhere in parsed input, keys included, and says where', () => {
    expect(illFormedTextPath({ id: 'rules_content', value: '\ud800' })).toBe('value');
    expect(illFormedTextPath(JSON.parse('{"a":[1,{"b":"ok"},{"c":"x\\udfff"}]}'))).toBe('a.2.c');
    expect(illFormedTextPath(JSON.parse('{"\\ud800":1}'))).toBe('\ud800');
    expect(illFormedTextPath('\udc00')).toBe('');
    for (const fine of [{ a: '\u{1f600}', b: [null, 1, true, 'ピカ'] }, 'x', null, undefined, 3, Buffer.from([0xed])]) {
      expect(illFormedTextPath(fine)).toBeNull();
    }
    // any depth, without recursion
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\ud800"${']'.repeat(100_000)}`);
    expect(illFormedTextPath(deep)).toMatch(/^0(\.0)*$/);
  });

  it('refuses such a WebSocket frame whole, even in a field the schema drops', () => {
    expect(parseClientMessage('{"action":"ping"}')).toEqual({ ok: true, message: { action: 'ping' } });
    expect(parseClientMessage('{"action":"ping","x":"\\ud800"}')).toEqual({ ok: false });
    expect(parseClientMessage('{"action":"subscribeMatch","matchId":"1\\ud800"}')).toEqual({ ok: false });
  });

  it('replaces lone surrogates with U+FFFD where text cannot be refused', () => {
    expect(toWellFormedText('a\ud800b\u{1f600}')).toBe('a\ufffdb\u{1f600}');
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
