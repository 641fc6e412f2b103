import type { z } from 'zod';
import { DynamoJsonError, isExportLine, unmarshallItem } from './dynamo-json.ts';
import { errorAt, type ImportError, type SourceRef } from './issues.ts';
import {
  type MasterRow,
  type MatchRow,
  masterSchemaOf,
  matchRowSchema,
  type RecordRow,
  recordRowSchema,
  type UserRow,
  userRowSchema,
} from './rows.ts';
import { type ImportedTable, TABLE_KEYS } from './tables.ts';

// One raw value of a file → a typed row of its table, or the error that says what is wrong with it and where.

export interface Row<T> {
  data: T;
  source: SourceRef;
}

export interface UnitemateDump {
  users: Row<UserRow>[];
  matches: Row<MatchRow>[];
  records: Row<RecordRow>[];
  master: Row<MasterRow>[];
}

export function emptyDump(): UnitemateDump {
  return { users: [], matches: [], records: [], master: [] };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; error: ImportError };

const fail = (error: ImportError): { ok: false; error: ImportError } => ({ ok: false, error });

/** A raw value as a plain object: DynamoDB's {"Item": …} lines are unmarshalled, plain objects kept. */
export function plainObject(value: unknown, at: SourceRef): Parsed<Record<string, unknown>> {
  if (isExportLine(value)) {
    try {
      return { ok: true, data: unmarshallItem(value.Item) };
    } catch (error) {
      if (error instanceof DynamoJsonError)
        return fail(errorAt('malformed_row', at, `DynamoDB JSON: ${error.message}`));
      throw error;
    }
  }
  if (!isObject(value)) return fail(errorAt('malformed_row', at, '行がオブジェクトではありません'));
  return { ok: true, data: value };
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

function zodMessage(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return '値が不正です';
  const path = first.path.length > 0 ? first.path.join('.') : '(行)';
  return `${path}: ${first.message}`;
}

function parseWith<T>(schema: z.ZodType<T>, object: Record<string, unknown>, at: SourceRef): Parsed<T> {
  const parsed = schema.safeParse(object);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : fail(errorAt('malformed_row', at, zodMessage(parsed.error)));
}

/** The row's key as text ("default#42"), used for duplicates and messages. */
export function keyText(table: ImportedTable, object: Record<string, unknown>): string {
  return TABLE_KEYS[table].map((k) => String(object[k])).join('#');
}

/** Checks the key, then the row's schema; adds the row to the dump or returns its error. */
export function addRow(
  dump: UnitemateDump,
  table: ImportedTable,
  object: Record<string, unknown>,
  at: SourceRef,
): ImportError | null {
  const missing = TABLE_KEYS[table].filter((k) => !present(object[k]));
  if (missing.length > 0) return errorAt('missing_key', at, `キー ${missing.join(', ')} がありません`);
  switch (table) {
    case 'users':
      return push(dump.users, parseWith(userRowSchema, object, at), at);
    case 'matches':
      return push(dump.matches, parseWith(matchRowSchema, object, at), at);
    case 'records':
      return push(dump.records, parseWith(recordRowSchema, object, at), at);
    case 'master_data': {
      const dataType = String(object.data_type);
      const parsed = parseWith<Record<string, unknown>>(masterSchemaOf(dataType), object, at);
      if (!parsed.ok) return parsed.error;
      const kind = dataType === 'SETTING' || dataType === 'BADGE' || dataType === 'SEASON' ? dataType : 'OTHER';
      return push(dump.master, { ok: true, data: { kind, ...parsed.data } as MasterRow }, at);
    }
  }
}

function push<T>(rows: Row<T>[], parsed: Parsed<T>, at: SourceRef): ImportError | null {
  if (!parsed.ok) return parsed.error;
  rows.push({ data: parsed.data, source: at });
  return null;
}
