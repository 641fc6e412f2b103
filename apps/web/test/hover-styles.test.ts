import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// A touch screen keeps :hover on the last element tapped (the ランキング tab stayed grey after a tap), so every hover
// rule lives under `@media (hover: hover)`: devices with a real pointer only.

const src = join(__dirname, '..', 'src');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** The selectors with :hover that are not inside an `@media (hover: hover)` block. */
function bareHoverRules(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const open: string[] = [];
  const bare: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '{') {
      const prelude = text.slice(start, i).trim();
      const guarded = open.some((p) => /^@media[^{]*\(\s*hover\s*:\s*hover\s*\)/.test(p));
      if (prelude.includes(':hover') && !prelude.startsWith('@') && !guarded) bare.push(prelude);
      open.push(prelude);
      start = i + 1;
    } else if (ch === '}') {
      open.pop();
      start = i + 1;
    } else if (ch === ';') {
      start = i + 1;
    }
  }
  return bare;
}

describe('hover styles', () => {
  it('finds a bare hover rule and accepts a guarded one', () => {
    expect(bareHoverRules('a:hover { color: red; }')).toEqual(['a:hover']);
    expect(bareHoverRules('@media (hover: hover) { a:hover { color: red; } }')).toEqual([]);
    expect(bareHoverRules('@media (max-width: 600px) { a:hover { color: red; } }')).toEqual(['a:hover']);
  });

  it('puts every :hover rule of the web app under @media (hover: hover)', () => {
    const files = cssFiles(src);
    expect(files.length).toBeGreaterThan(10);
    const bare = files.flatMap((file) =>
      bareHoverRules(readFileSync(file, 'utf8')).map((rule) => `${file.slice(src.length + 1)}: ${rule}`),
    );
    expect(bare).toEqual([]);
  });
});
