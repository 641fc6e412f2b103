// What the Unitemate import says about its input: where a row came from, the bad input that stops the import
// (errors), the rows it leaves out on purpose (skipped) and the values it had to change or drop (warnings).

/** Where a row (or a value) was read: the file and the 1-based line where it starts. */
export interface SourceRef {
  file: string;
  line: number;
}

export const ISSUE_CODES = [
  /** The file is not JSON, not JSON lines, or not a DynamoDB export the reader knows. */
  'malformed_file',
  /** A row is not an object, or a value has the wrong type. */
  'malformed_row',
  /** A row lacks its table key (or part of it). */
  'missing_key',
  /** Two rows with the same key. */
  'duplicate_key',
  /** A DynamoDB export's manifest disagrees with its data files (item counts, checksums, missing files). */
  'manifest_mismatch',
  /** A badge id that the badge map (or the catalogue) does not know. */
  'unknown_badge',
  /** Two seasons marked active (rankmatch allows one). */
  'conflicting_seasons',
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

/** Bad input: the import refuses to write anything while one is left. */
export interface ImportError {
  code: IssueCode;
  file: string;
  /** null when the problem is the file as a whole. */
  line: number | null;
  message: string;
}

/** A row of the input that is not brought over, and why (in Japanese, for the summary). */
export interface SkippedRow {
  table: string;
  key: string;
  file: string;
  line: number;
  reason: string;
}

/** A value that was changed or dropped while its row was brought over. */
export interface ImportWarning {
  table: string;
  key: string;
  file: string;
  line: number;
  message: string;
}

export function errorAt(code: IssueCode, at: SourceRef | { file: string; line: null }, message: string): ImportError {
  return { code, file: at.file, line: at.line, message };
}

/** "file:line" (or just the file) for messages. */
export function formatWhere(at: { file: string; line: number | null }): string {
  return at.line === null ? at.file : `${at.file}:${at.line}`;
}
