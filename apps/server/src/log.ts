import { Writable } from 'node:stream';

/**
 * What an error log may say: its kind, codes and where it happened, never its message or the query parameters
 * (a database error's message carries the statement and the values the request sent).
 */
export function loggableError(err: unknown) {
  const e = err as Error & { code?: unknown; cause?: unknown };
  const cause = (e?.cause ?? {}) as { name?: string; code?: unknown; constraint?: unknown; routine?: unknown };
  return {
    type: e?.name ?? typeof err,
    code: typeof e?.code === 'string' ? e.code : undefined,
    cause: e?.cause
      ? { type: cause.name, code: cause.code, constraint: cause.constraint, routine: cause.routine }
      : undefined,
    stack:
      typeof e?.stack === 'string'
        ? e.stack
            .split('\n')
            .filter((line) => line.startsWith('    at '))
            .slice(0, 8)
            .join('\n')
        : undefined,
  };
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** pino's own fields, and the ones every line carries: not repeated after the message. */
const QUIET_KEYS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId']);

/**
 * One JSON log line as a person reads it in a terminal: `12:34:56 INFO  message key=value …` (times in Japan time,
 * the site's own). Production keeps JSON (machines read it); `npm start` in development prints these.
 */
export function readableLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time + 9 * 3600_000).toISOString().slice(11, 19) : '';
  const level = (LEVELS[Number(entry.level)] ?? String(entry.level)).padEnd(5);
  const fields = Object.entries(entry)
    .filter(([key]) => !QUIET_KEYS.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return [time, level, String(entry.msg ?? ''), ...fields].filter(Boolean).join(' ');
}

/** A stream for the server's logger that writes readable lines to stdout. */
export function readableLogStream(out: NodeJS.WritableStream = process.stdout): NodeJS.WritableStream {
  return new Writable({
    write(chunk, _encoding, done) {
      const lines = String(chunk).split('\n').filter(Boolean);
      out.write(`${lines.map(readableLogLine).join('\n')}\n`);
      done();
    },
  });
}
