import { DISCORD_ANNOUNCE_KIND_LABELS, getBadge, ORDER_STATUS_LABELS } from '@rankmatch/shared';
import { formatDateTime, formatDelta, formatInteger } from '../../lib/format.ts';
import { ADMIN_TEXTS } from './texts.ts';

// How an audit entry's before/after reads: one line per field that changed, by its Japanese name, before → after;
// every field of what was created or removed. Values in words: dates in Japan time (never unix seconds), はい/いいえ,
// badge names, rating corrections per player; raw JSON only for a shape nobody foresaw.

const T = ADMIN_TEXTS.audit;

export interface AuditLine {
  key: string;
  label: string;
  /** The value before (null: created) … */
  before: string | null;
  /** … and after (null: removed). */
  after: string | null;
}

export type AuditChange =
  | { kind: 'diff'; lines: AuditLine[] }
  | { kind: 'created'; lines: AuditLine[] }
  | { kind: 'removed'; lines: AuditLine[] }
  | { kind: 'replaced'; before: string; after: string };

const MAX_LENGTH = 160;

const cut = (text: string) => (text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text);

/** One-line JSON, cut at 160 characters (only for values of an unforeseen shape). */
export function compactJson(value: unknown): string {
  return cut(value === undefined ? '-' : JSON.stringify(value));
}

/** Unix seconds by these keys are dates. */
const DATE_KEYS = new Set([
  'start_date',
  'end_date',
  'ended_at',
  'ending_started_at',
  'created_at',
  'updated_at',
  'fulfilled_at',
  'settled_at',
  'started_at',
  'last_penalty_time',
  'penalty_timeout_until',
  'starts_at',
  'ends_at',
  'lifted_at',
  'deletion_requested_at',
  'due_at',
]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const KIND_LABELS: Record<string, string> = DISCORD_ANNOUNCE_KIND_LABELS;

/** The words of a code by its field (the server writes codes; the log reads them in Japanese). */
const STRING_WORDS: Record<string, Record<string, string>> = {
  result: T.results,
  reason: T.waveReasons,
  outcome: T.orderOutcomes,
  status: ORDER_STATUS_LABELS,
  problem: ADMIN_TEXTS.shop.problems,
};

/** A test account the queue fill passed over: dummy_01（理由）. */
function skippedLine(item: unknown): string | null {
  if (!isRecord(item) || typeof item.user_id !== 'string' || typeof item.reason !== 'string') return null;
  return T.skippedAccount(item.user_id, item.reason);
}

/** A rating correction's player line: dummy_01: +12 → +0. */
function correctionLine(item: unknown): string | null {
  if (!isRecord(item) || typeof item.user_id !== 'string') return null;
  if (typeof item.old_delta !== 'number' || typeof item.new_delta !== 'number') return null;
  return `${item.user_id}: ${formatDelta(item.old_delta)} → ${formatDelta(item.new_delta)}`;
}

/** A field's value in words. */
export function auditValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return T.valueNone;
  if (typeof value === 'boolean') return value ? T.valueYes : T.valueNo;
  if (typeof value === 'number') {
    if (DATE_KEYS.has(key) && value > 0) return formatDateTime(value);
    return key.endsWith('_delta') ? formatDelta(value) : formatInteger(value);
  }
  if (typeof value === 'string') {
    if (key === 'badge_id') return getBadge(value)?.display ?? value;
    if (key === 'settle_reason') return ADMIN_TEXTS.matches.settleReasons[value] ?? value;
    if (key === 'winner') return value === 'A' || value === 'B' ? T.winnerTeam(value) : T.winnerNone;
    const words = STRING_WORDS[key]?.[value];
    if (words) return words;
    return cut(value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return T.valueNone;
    if (value.every((v) => typeof v === 'string')) {
      const word = (v: string) =>
        key.includes('badge') ? (getBadge(v)?.display ?? v) : key.endsWith('matches') ? T.matchId(v) : v;
      return cut(value.map(word).join(T.listSeparator));
    }
    const skipped = value.map(skippedLine);
    if (skipped.every((line): line is string => line !== null)) return cut(skipped.join(T.listSeparator));
    const corrections = value.map(correctionLine);
    if (corrections.every((line): line is string => line !== null)) return corrections.join(T.listSeparator);
  }
  // The Discord announcements chosen: { queue: true, season: false, … } → the chosen kinds' names.
  if (key === 'kinds' && isRecord(value)) {
    const on = Object.entries(value).filter(([, v]) => v === true);
    return on.length === 0 ? T.valueNone : on.map(([k]) => KIND_LABELS[k] ?? k).join(T.listSeparator);
  }
  return compactJson(value);
}

const labelOf = (key: string) => T.fields[key] ?? key;

function linesOf(value: Record<string, unknown>, side: 'before' | 'after'): AuditLine[] {
  return Object.entries(value).flatMap(([key, v]) => {
    // Rating corrections are one line per player, after the result line.
    if (key === 'changes' && Array.isArray(v)) {
      return v.map((item, i) => ({
        key: `${key}.${i}`,
        label: labelOf(key),
        before: null,
        after: correctionLine(item) ?? compactJson(item),
      }));
    }
    const text = auditValue(key, v);
    return [
      { key, label: labelOf(key), before: side === 'before' ? text : null, after: side === 'after' ? text : null },
    ];
  });
}

export function auditChange(before: unknown, after: unknown): AuditChange {
  const none = (v: unknown) => v === null || v === undefined;
  if (none(before)) {
    return isRecord(after)
      ? { kind: 'created', lines: linesOf(after, 'after') }
      : { kind: 'replaced', before: T.valueNone, after: compactJson(after) };
  }
  if (none(after)) {
    return isRecord(before)
      ? { kind: 'removed', lines: linesOf(before, 'before') }
      : { kind: 'replaced', before: compactJson(before), after: T.valueNone };
  }
  if (!isRecord(before) || !isRecord(after)) {
    return { kind: 'replaced', before: compactJson(before), after: compactJson(after) };
  }
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const lines = keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .flatMap((key): AuditLine[] => {
      // A correction's per-player changes exist only after: one line each.
      if (key === 'changes' && before[key] === undefined && Array.isArray(after[key])) {
        return linesOf({ changes: after[key] }, 'after');
      }
      return [{ key, label: labelOf(key), before: auditValue(key, before[key]), after: auditValue(key, after[key]) }];
    });
  return { kind: 'diff', lines };
}
