import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FIXTURE_ROOT, generateUnitemateFixtures } from '../scripts/unitemate-fixtures.ts';
import { DynamoJsonError, unmarshallItem } from '../src/unitemate/dynamo-json.ts';
import { parseJsonArray, parseJsonText } from '../src/unitemate/json-text.ts';
import { readUnitemateFolder } from '../src/unitemate/reader.ts';
import type { UnitemateDump } from '../src/unitemate/rows-parse.ts';

// The Unitemate reader (issue 38): both export formats, rows with their file and line, and bad input refused with
// where it is. Pure: reads the committed fixtures, touches no database.

const fixture = (...path: string[]) => join(FIXTURE_ROOT, ...path);

/** The 1-based line of the first occurrence of `needle` in a fixture file. */
function lineOf(path: string, needle: string, from = 0): number {
  const text = readFileSync(fixture(path), 'utf8');
  const at = text.indexOf(needle, from);
  if (at < 0) throw new Error(`${needle} not in ${path}`);
  return text.slice(0, at).split('\n').length;
}

/** The lines where the rows of a plain (indent=2) export start. */
function rowLines(path: string): number[] {
  const lines = readFileSync(fixture(path), 'utf8').split('\n');
  return lines.flatMap((line, i) => (line === '  {' ? [i + 1] : []));
}

function byKey(dump: UnitemateDump) {
  const sort = <T>(rows: { data: T }[], key: (d: T) => string) =>
    rows.map((r) => r.data).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return {
    users: sort(dump.users, (d) => d.user_id),
    matches: sort(dump.matches, (d) => String(d.match_id)),
    records: sort(dump.records, (d) => `${d.match_id}#${d.user_id}`),
    master: sort(dump.master, (d) => `${d.data_type}#${d.id}`),
  };
}

describe('DynamoDB JSON', () => {
  it('unmarshalls every attribute type, numbers kept as their text', () => {
    const item = unmarshallItem({
      s: { S: 'x' },
      n: { N: '1500' },
      b: { BOOL: false },
      z: { NULL: true },
      l: { L: [{ S: 'a' }, { N: '2' }] },
      m: { M: { inner: { SS: ['p', 'q'] } } },
      ns: { NS: ['1', '2'] },
      bin: { B: 'AAE=' },
      bs: { BS: ['AAE='] },
    });
    expect(item).toEqual({
      s: 'x',
      n: '1500',
      b: false,
      z: null,
      l: ['a', '2'],
      m: { inner: ['p', 'q'] },
      ns: ['1', '2'],
      bin: 'AAE=',
      bs: ['AAE='],
    });
  });

  it('refuses an unknown type descriptor or a value of the wrong type', () => {
    expect(() => unmarshallItem({ a: { X: '1' } })).toThrow(DynamoJsonError);
    expect(() => unmarshallItem({ a: { N: 1 } })).toThrow(DynamoJsonError);
    expect(() => unmarshallItem({ a: { S: 'x', N: '1' } })).toThrow(DynamoJsonError);
  });
});

describe('JSON text with lines', () => {
  it('gives each element of an array the line it starts on', () => {
    const parsed = parseJsonArray('[\n  {"a": 1},\n  {\n    "b": "[,]"\n  }, 3\n]');
    expect(parsed).toEqual({
      ok: true,
      values: [
        { value: { a: 1 }, line: 2 },
        { value: { b: '[,]' }, line: 3 },
        { value: 3, line: 5 },
      ],
    });
  });

  it('reports where a broken array breaks, and reads JSON lines', () => {
    expect(parseJsonArray('[\n {"a": 1},\n {"b": }\n]')).toMatchObject({ ok: false, line: 3 });
    expect(parseJsonArray('[\n {"a": 1},\n {"b": 2')).toMatchObject({ ok: false, line: 3 });
    expect(parseJsonArray('[1]\n2')).toMatchObject({ ok: false, line: 2 });
    expect(parseJsonText('{"a":1}\n\n{"b":2}\n')).toEqual({
      ok: true,
      values: [
        { value: { a: 1 }, line: 1 },
        { value: { b: 2 }, line: 3 },
      ],
    });
    expect(parseJsonText('{"a":1}\n{oops}\n')).toMatchObject({ ok: false, line: 2 });
  });
});

describe('reading the fixture community', () => {
  const plain = readUnitemateFolder(fixture('plain'));
  const dynamo = readUnitemateFolder(fixture('dynamodb'));

  it('reads every table of the plain export, with no error', () => {
    expect(plain.errors).toEqual([]);
    expect(plain.unrecognised).toEqual([]);
    expect(plain.dump.users).toHaveLength(119);
    expect(plain.dump.matches).toHaveLength(240);
    expect(plain.dump.master.length).toBeGreaterThan(30);
    expect(plain.notImported).toEqual({ queue: 4, rankings: 20 });
    expect(plain.files.map((f) => f.table).sort()).toEqual(
      ['master_data', 'matches', 'queue', 'rankings', 'records', 'users'].sort(),
    );
  });

  it('keeps each row’s file and line', () => {
    const second = plain.dump.matches[1];
    expect(second?.source).toEqual({ file: 'export_matches_20251220_120000.json', line: expect.any(Number) });
    const id = String(second?.data.match_id);
    const file = 'plain/export_matches_20251220_120000.json';
    // The row starts on the line before its first attribute (match_id).
    expect(second?.source.line).toBe(lineOf(file, `"match_id": "${id}"`) - 1);
  });

  it('reads numbers written as strings (default=str) and as numbers alike', () => {
    const user = plain.dump.users.find((u) => u.data.match_count > 0)?.data;
    expect(typeof user?.rate).toBe('number');
    const text = readFileSync(fixture('plain/users.json'), 'utf8');
    expect(text).toContain(`"rate": "${user?.rate}"`);
    expect(readFileSync(fixture('plain/records.json'), 'utf8')).toMatch(/"rate_delta": -?\d+/);
    expect(plain.dump.records.every((r) => Number.isInteger(r.data.rate_delta))).toBe(true);
  });

  it('reads the DynamoDB export of the same tables into the same rows', () => {
    expect(dynamo.errors).toEqual([]);
    expect(dynamo.files.every((f) => f.format === 'dynamodb')).toBe(true);
    expect(dynamo.files.map((f) => f.file)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^users\/AWSDynamoDB\/[^/]+\/data\/[a-z0-9]+\.json\.gz$/)]),
    );
    expect(byKey(dynamo.dump)).toEqual(byKey(plain.dump));
  });

  it('names the attributes no part of the import reads', () => {
    expect(plain.ignoredAttributes.users).toEqual({});
    expect(plain.ignoredAttributes.master_data).toHaveProperty('start_color');
  });
});

describe('bad input is refused with its file and line', () => {
  it('a file cut off mid-row', () => {
    const { errors } = readUnitemateFolder(fixture('bad/malformed-json'));
    const secondRow = rowLines('bad/malformed-json/users.json')[1];
    expect(errors).toEqual([
      { code: 'malformed_file', file: 'users.json', line: secondRow, message: 'JSON が途中で終わっています' },
    ]);
  });

  it('a file that is not JSON', () => {
    const { errors } = readUnitemateFolder(fixture('bad/not-json'));
    expect(errors).toMatchObject([{ code: 'malformed_file', file: 'records.json', line: 1 }]);
  });

  it('a row without its key', () => {
    const { errors, dump } = readUnitemateFolder(fixture('bad/missing-key'));
    const second = rowLines('bad/missing-key/export_matches_20251220_120000.json')[1];
    expect(errors).toMatchObject([{ code: 'missing_key', file: 'export_matches_20251220_120000.json', line: second }]);
    expect(errors[0]?.message).toContain('match_id');
    expect(dump.matches).toHaveLength(1);
  });

  it('the same key twice', () => {
    const { errors } = readUnitemateFolder(fixture('bad/duplicate-key'));
    const [first, , third] = rowLines('bad/duplicate-key/records.json');
    expect(errors).toMatchObject([{ code: 'duplicate_key', file: 'records.json', line: third }]);
    expect(errors[0]?.message).toContain(`records.json:${first}`);
  });

  it('a DynamoDB export whose manifest does not match its data', () => {
    const { errors, dump } = readUnitemateFolder(fixture('bad/manifest-count'));
    expect(errors).toMatchObject([
      { code: 'manifest_mismatch', file: expect.stringMatching(/manifest-files\.json$/), line: 1 },
    ]);
    expect(dump.users).toEqual([]);
  });

  it('a DynamoDB item with an unknown type, at its data file’s line', () => {
    const { errors, dump } = readUnitemateFolder(fixture('bad/dynamodb-type'));
    expect(errors).toMatchObject([
      { code: 'malformed_row', file: expect.stringMatching(/data\/[a-z0-9]+\.json\.gz$/), line: 2 },
    ]);
    expect(errors[0]?.message).toContain('X');
    expect(dump.matches).toHaveLength(1);
  });
});

describe('the fixtures', () => {
  it('are the generator’s output (npx tsx apps/server/scripts/unitemate-fixtures.ts)', () => {
    const files = generateUnitemateFixtures();
    for (const [path, bytes] of files) {
      const committed = readFileSync(fixture(path));
      if (path.endsWith('.gz')) expect(gunzipSync(committed).equals(gunzipSync(bytes)), path).toBe(true);
      else if (path.endsWith('manifest-files.json') || path.endsWith('.checksum')) continue;
      else expect(committed.equals(bytes), path).toBe(true);
    }
  });

  it('hold no personal data: generated ids, names, avatars and X ids only', () => {
    const text = readFileSync(fixture('plain/users.json'), 'utf8');
    const ids = [...text.matchAll(/"user_id": "(\d+)"/g)].map((m) => m[1] as string);
    expect(ids.length).toBeGreaterThan(100);
    // Snowflakes of the 2080s: no Discord account has one yet.
    expect(ids.every((id) => id.length === 19 && id.startsWith('9000000000000'))).toBe(true);
    const avatars = [...text.matchAll(/"discord_avatar_url": "([^"]*)"/g)].map((m) => m[1] as string);
    expect(avatars.every((url) => /^https:\/\/cdn\.discordapp\.com\/embed\/avatars\/\d\.png$/.test(url))).toBe(true);
    const handles = [...text.matchAll(/"twitter_id": "([^"]+)"/g)].map((m) => m[1] as string);
    expect(handles.every((h) => /^@?twitterfx\d{3}$/.test(h))).toBe(true);
    const usernames = [...text.matchAll(/"discord_username": "([^"]*)"/g)].map((m) => m[1] as string);
    expect(usernames.every((u) => /^fixture\.\.\d{3}$/.test(u))).toBe(true);
  });
});
