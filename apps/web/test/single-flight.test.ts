import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('mutation buttons', () => {
  // A button disabled on isPending still takes the second click of a double click (see use-single-flight.ts): every
  // mutation goes through useSingleFlight, so a double click sends once.
  it('call a mutation only through useSingleFlight', () => {
    const direct = sources(SRC)
      .filter((path) => !path.endsWith('use-single-flight.ts'))
      .filter((path) => /\.mutate\(/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SRC, path));
    expect(direct).toEqual([]);
  });
});
