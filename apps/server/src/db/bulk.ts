import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

// Bulk writes for imports (the demo season, the benchmarks): rows travel as one JSON parameter per chunk and are
// expanded by json_to_recordset, so a chunk is one short statement on PGlite and PostgreSQL alike, whatever its size.

/** Rows per statement. */
const CHUNK = 5000;

/**
 * Inserts `rows` into `table`: `columns` maps each column to its SQL type (the JSON keys are the column names).
 * `onConflict` is appended as is (e.g. sql`on conflict do nothing`).
 */
export async function bulkInsert(
  db: Executor,
  table: string,
  columns: Readonly<Record<string, string>>,
  rows: readonly Record<string, unknown>[],
  onConflict?: SQL,
): Promise<void> {
  const names = Object.keys(columns);
  const list = sql.raw(names.map((n) => `"${n}"`).join(', '));
  const types = sql.raw(names.map((n) => `"${n}" ${columns[n]}`).join(', '));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = JSON.stringify(rows.slice(i, i + CHUNK));
    await db.execute(
      sql`insert into ${sql.raw(`"${table}"`)} (${list}) select ${list} from json_to_recordset(${chunk}::json) as x(${types}) ${onConflict ?? sql``}`,
    );
  }
}
