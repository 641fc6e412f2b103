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
