import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { errorAt, type ImportError, type SourceRef } from './issues.ts';
import { parseJsonLines, parseJsonText } from './json-text.ts';
import {
  badgeRowSchema,
  matchRowSchema,
  recordRowSchema,
  seasonRowSchema,
  settingRowSchema,
  userRowSchema,
} from './rows.ts';
import { addRow, emptyDump, keyText, plainObject, type UnitemateDump } from './rows-parse.ts';
import { type ImportedTable, isImportedTable, tableOfName, type UnitemateTable } from './tables.ts';

// Reads a folder of Unitemate data as it leaves its database: the plain JSON its scripts write (a JSON array per
// table, e.g. backend/export_matches_*.json) and DynamoDB's own exports to S3 (a folder with manifest-summary.json,
// manifest-files.json and data/*.json.gz of {"Item": …} lines). Reports bad input with its file and line; reads only.

export interface ReadFile {
  file: string;
  table: UnitemateTable | null;
  format: 'json' | 'dynamodb';
  rows: number;
}

export interface ReadResult {
  dump: UnitemateDump;
  errors: ImportError[];
  files: ReadFile[];
  /** Files in the folder that are no table's (left alone). */
  unrecognised: string[];
  /** Rows per recognised table that is not imported (rankings, queue, connections, pick simulator rooms). */
  notImported: Partial<Record<UnitemateTable, number>>;
  /** Attributes of imported tables that no part of the import reads, with how many rows had them. */
  ignoredAttributes: Record<ImportedTable, Record<string, number>>;
}

const DATA_FILE = /\.(json|jsonl)(\.gz)?$/i;

const KNOWN: Record<ImportedTable, Set<string>> = {
  users: new Set(Object.keys(userRowSchema.shape)),
  matches: new Set(Object.keys(matchRowSchema.shape)),
  records: new Set(Object.keys(recordRowSchema.shape)),
  master_data: new Set([
    ...Object.keys(settingRowSchema.shape),
    ...Object.keys(badgeRowSchema.shape),
    ...Object.keys(seasonRowSchema.shape),
  ]),
};

class Reader {
  readonly result: ReadResult = {
    dump: emptyDump(),
    errors: [],
    files: [],
    unrecognised: [],
    notImported: {},
    ignoredAttributes: { users: {}, matches: {}, records: {}, master_data: {} },
  };
  private readonly keys: Record<ImportedTable, Map<string, SourceRef>> = {
    users: new Map(),
    matches: new Map(),
    records: new Map(),
    master_data: new Map(),
  };

  constructor(private readonly root: string) {}

  name(path: string): string {
    return relative(this.root, path) || basename(path);
  }

  /** Every value of one data file, as the rows of `table`. */
  addValues(file: string, table: UnitemateTable, values: readonly { value: unknown; line: number }[]): void {
    if (!isImportedTable(table)) {
      this.result.notImported[table] = (this.result.notImported[table] ?? 0) + values.length;
      return;
    }
    for (const { value, line } of values) {
      const at = { file, line };
      const object = plainObject(value, at);
      if (!object.ok) {
        this.result.errors.push(object.error);
        continue;
      }
      this.countIgnored(table, object.data);
      const error = addRow(this.result.dump, table, object.data, at) ?? this.checkDuplicate(table, object.data, at);
      if (error) this.result.errors.push(error);
    }
  }

  private checkDuplicate(table: ImportedTable, object: Record<string, unknown>, at: SourceRef): ImportError | null {
    const key = keyText(table, object);
    const first = this.keys[table].get(key);
    if (!first) {
      this.keys[table].set(key, at);
      return null;
    }
    return errorAt('duplicate_key', at, `キー ${key} の行が ${first.file}:${first.line} にもあります`);
  }

  private countIgnored(table: ImportedTable, object: Record<string, unknown>): void {
    const counts = this.result.ignoredAttributes[table];
    for (const name of Object.keys(object)) if (!KNOWN[table].has(name)) counts[name] = (counts[name] ?? 0) + 1;
  }
}

function readText(path: string, file: string, errors: ImportError[]): string | null {
  try {
    const bytes = readFileSync(path);
    return (path.toLowerCase().endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  } catch (error) {
    errors.push(errorAt('malformed_file', { file, line: null }, `読めません（${(error as Error).message}）`));
    return null;
  }
}

/** A plain export: one file of one table (its name says which). */
function readPlainFile(reader: Reader, path: string): void {
  const file = reader.name(path);
  const table = tableOfName(basename(path));
  if (table === null) {
    reader.result.unrecognised.push(file);
    return;
  }
  const text = readText(path, file, reader.result.errors);
  if (text === null) return;
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    reader.result.errors.push(errorAt('malformed_file', { file, line: parsed.line }, parsed.message));
    return;
  }
  reader.result.files.push({ file, table, format: 'json', rows: parsed.values.length });
  reader.addValues(file, table, parsed.values);
}

interface ManifestEntry {
  key: string;
  itemCount: number;
  md5: string | null;
  line: number;
}

function manifestEntries(reader: Reader, dir: string): ManifestEntry[] | null {
  const file = reader.name(join(dir, 'manifest-files.json'));
  const text = readText(join(dir, 'manifest-files.json'), file, reader.result.errors);
  if (text === null) return null;
  const parsed = parseJsonLines(text);
  if (!parsed.ok) {
    reader.result.errors.push(errorAt('malformed_file', { file, line: parsed.line }, parsed.message));
    return null;
  }
  const entries: ManifestEntry[] = [];
  for (const { value, line } of parsed.values) {
    const v = value as { dataFileS3Key?: unknown; itemCount?: unknown; md5Checksum?: unknown };
    if (typeof v?.dataFileS3Key !== 'string' || typeof v.itemCount !== 'number') {
      reader.result.errors.push(errorAt('malformed_file', { file, line }, 'dataFileS3Key と itemCount がありません'));
      return null;
    }
    const md5 = typeof v.md5Checksum === 'string' ? v.md5Checksum : null;
    entries.push({ key: v.dataFileS3Key, itemCount: v.itemCount, md5, line });
  }
  return entries;
}

/** The table an export's manifest-summary.json names, or null after reporting why not. */
function exportTable(reader: Reader, dir: string): UnitemateTable | null {
  const file = reader.name(join(dir, 'manifest-summary.json'));
  const text = readText(join(dir, 'manifest-summary.json'), file, reader.result.errors);
  if (text === null) return null;
  let summary: { tableArn?: unknown; outputFormat?: unknown };
  try {
    summary = JSON.parse(text);
  } catch (error) {
    reader.result.errors.push(errorAt('malformed_file', { file, line: null }, (error as Error).message));
    return null;
  }
  if (summary.outputFormat !== undefined && summary.outputFormat !== 'DYNAMODB_JSON') {
    const message = `出力形式 ${String(summary.outputFormat)} には対応していません（DYNAMODB_JSON で書き出してください）`;
    reader.result.errors.push(errorAt('malformed_file', { file, line: null }, message));
    return null;
  }
  const table = typeof summary.tableArn === 'string' ? tableOfName(summary.tableArn.split('/').pop() ?? '') : null;
  if (table === null) {
    reader.result.errors.push(errorAt('malformed_file', { file, line: null }, 'tableArn からテーブルが分かりません'));
  }
  return table;
}

/** A DynamoDB export to S3, as downloaded: the manifests and data/ beside them. */
function readDynamoExport(reader: Reader, dir: string): void {
  const table = exportTable(reader, dir);
  const entries = table === null ? null : manifestEntries(reader, dir);
  if (table === null || entries === null) return;
  const manifest = reader.name(join(dir, 'manifest-files.json'));
  for (const entry of entries) {
    const path = join(dir, 'data', basename(entry.key));
    const file = reader.name(path);
    const at = { file: manifest, line: entry.line };
    if (!existsSync(path)) {
      reader.result.errors.push(errorAt('manifest_mismatch', at, `データファイル ${file} がありません`));
      continue;
    }
    if (entry.md5 !== null && createHash('md5').update(readFileSync(path)).digest('base64') !== entry.md5) {
      reader.result.errors.push(errorAt('manifest_mismatch', at, `${file} の md5Checksum が一致しません`));
      continue;
    }
    const text = readText(path, file, reader.result.errors);
    if (text === null) continue;
    const parsed = parseJsonLines(text);
    if (!parsed.ok) {
      reader.result.errors.push(errorAt('malformed_file', { file, line: parsed.line }, parsed.message));
      continue;
    }
    if (parsed.values.length !== entry.itemCount) {
      const message = `${file} の行数 ${parsed.values.length} が itemCount ${entry.itemCount} と一致しません`;
      reader.result.errors.push(errorAt('manifest_mismatch', at, message));
      continue;
    }
    reader.result.files.push({ file, table, format: 'dynamodb', rows: parsed.values.length });
    reader.addValues(file, table, parsed.values);
  }
}

function walk(reader: Reader, dir: string): void {
  if (existsSync(join(dir, 'manifest-summary.json'))) {
    readDynamoExport(reader, dir);
    return;
  }
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(reader, path);
    else if (DATA_FILE.test(name)) readPlainFile(reader, path);
    else reader.result.unrecognised.push(reader.name(path));
  }
}

/**
 * Reads every table file under `folder` (recursively, in name order). A file or a DynamoDB export folder that is
 * not a table's is listed as unrecognised; a folder path that is itself one file is read as that file.
 */
export function readUnitemateFolder(folder: string): ReadResult {
  const reader = new Reader(statSync(folder).isDirectory() ? folder : join(folder, '..'));
  if (statSync(folder).isDirectory()) walk(reader, folder);
  else readPlainFile(reader, folder);
  return reader.result;
}
