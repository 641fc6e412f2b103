// How an audit entry's before/after reads in one table cell: the keys that changed, or the whole value when the
// entry created or removed something.

export type AuditChange =
  | { kind: 'diff'; changes: { key: string; before: string; after: string }[] }
  | { kind: 'created'; value: string }
  | { kind: 'removed'; value: string }
  | { kind: 'replaced'; before: string; after: string };

const MAX_LENGTH = 160;

/** One-line JSON, cut at 160 characters. */
export function compactJson(value: unknown): string {
  const text = value === undefined ? '-' : JSON.stringify(value);
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function auditChange(before: unknown, after: unknown): AuditChange {
  if (before === null || before === undefined) return { kind: 'created', value: compactJson(after) };
  if (after === null || after === undefined) return { kind: 'removed', value: compactJson(before) };
  if (!isRecord(before) || !isRecord(after)) {
    return { kind: 'replaced', before: compactJson(before), after: compactJson(after) };
  }
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changes = keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({ key, before: compactJson(before[key]), after: compactJson(after[key]) }));
  return { kind: 'diff', changes };
}
