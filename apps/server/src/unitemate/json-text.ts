// JSON text with line numbers: a top-level array split into its elements (each parsed on its own, with the line
// where it starts), and JSON lines. So a bad row is reported at its line, not just "the file is bad".

export interface LocatedValue {
  value: unknown;
  line: number;
}

export type ParsedText = { ok: true; values: LocatedValue[] } | { ok: false; line: number; message: string };

const WHITESPACE = new Set([' ', '\t', '\n', '\r', '\uFEFF']);

/** The offset just past one JSON value starting at `start` (strings and nesting skipped), or -1 if it never ends. */
function valueEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      if (depth === 0) return i;
      depth--;
    } else if (c === ',' && depth === 0) return i;
  }
  return inString || depth > 0 ? -1 : text.length;
}

class LineCounter {
  private offset = 0;
  private line = 1;
  constructor(private readonly text: string) {}
  /** The 1-based line of `offset` (offsets asked in increasing order). */
  at(offset: number): number {
    for (let i = this.offset; i < offset; i++) if (this.text[i] === '\n') this.line++;
    this.offset = offset;
    return this.line;
  }
}

function skipWhitespace(text: string, from: number): number {
  let i = from;
  while (i < text.length && WHITESPACE.has(text[i] as string)) i++;
  return i;
}

/** A file holding one JSON array (Unitemate's scripts: json.dump of a table scan). */
export function parseJsonArray(text: string): ParsedText {
  const lines = new LineCounter(text);
  let i = skipWhitespace(text, 0);
  if (text[i] !== '[') return { ok: false, line: lines.at(i), message: 'JSON の配列ではありません' };
  const values: LocatedValue[] = [];
  i = skipWhitespace(text, i + 1);
  if (text[i] === ']') return trailing(text, i + 1, lines, values);
  for (;;) {
    const start = skipWhitespace(text, i);
    const end = valueEnd(text, start);
    const line = lines.at(start);
    if (end < 0 || end >= text.length) return { ok: false, line, message: 'JSON が途中で終わっています' };
    try {
      values.push({ value: JSON.parse(text.slice(start, end)), line });
    } catch (error) {
      return { ok: false, line, message: `JSON として読めません（${(error as Error).message}）` };
    }
    if (text[end] === ']') return trailing(text, end + 1, lines, values);
    i = end + 1;
  }
}

function trailing(text: string, from: number, lines: LineCounter, values: LocatedValue[]): ParsedText {
  const rest = skipWhitespace(text, from);
  if (rest < text.length) return { ok: false, line: lines.at(rest), message: '配列の後に余分な内容があります' };
  return { ok: true, values };
}

/** JSON lines: one value per non-blank line (a DynamoDB export's data files). */
export function parseJsonLines(text: string): ParsedText {
  const values: LocatedValue[] = [];
  const rows = text.split('\n');
  for (let index = 0; index < rows.length; index++) {
    const row = (rows[index] as string).replace(/^\uFEFF/, '').trim();
    if (row === '') continue;
    try {
      values.push({ value: JSON.parse(row), line: index + 1 });
    } catch (error) {
      return { ok: false, line: index + 1, message: `JSON として読めません（${(error as Error).message}）` };
    }
  }
  return { ok: true, values };
}

/** An array file, or JSON lines when the text does not start with `[`. */
export function parseJsonText(text: string): ParsedText {
  const first = text[skipWhitespace(text, 0)];
  return first === '[' ? parseJsonArray(text) : parseJsonLines(text);
}
