import { getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { type Executor, rowsOf } from './client.ts';

// Upserts for imports from another site: a row is inserted, updated when it differs, or left as it is, so that an
// import run twice changes nothing and one stopped half-way continues where it stopped. Owners call it for their
// tables (one writer per table); db/ is below every owner.

/** What one upsert did. */
export interface UpsertCount {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface UpsertOptions<T extends PgTable> {
  /** The primary key's columns (the conflict target). */
  key: PgColumn[];
  /**
   * Columns an existing row keeps and that are not compared: stamps of the import itself (its time), so a later run
   * with another clock changes nothing.
   */
  keep?: (keyof T['$inferInsert'])[];
}

/** Rows per statement: they travel as one JSON parameter (json_to_recordset), so a statement stays short. */
const CHUNK = 5000;

/** The type a column is read from the JSON as (a serial is its integer type). */
function recordType(column: PgColumn): string {
  const type = column.getSQLType();
  if (type === 'bigserial') return 'bigint';
  if (type === 'serial') return 'integer';
  return type;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function upsertRows<T extends PgTable>(
  db: Executor,
  table: T,
  rows: readonly T['$inferInsert'][],
  options: UpsertOptions<T>,
): Promise<UpsertCount> {
  const count: UpsertCount = { inserted: 0, updated: 0, unchanged: 0 };
  if (rows.length === 0) return count;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keyNames = new Set(options.key.map((c) => c.name));
  const kept = new Set((options.keep ?? []).map(String));
  // The columns the rows carry (a partial row, such as a badge's sales count, leaves the others as they are); every
  // row carries the same ones, or a column would be set on some rows and defaulted on others.
  const given = new Set(Object.keys(rows[0] as object));
  const mixed = rows.find(
    (row) => Object.keys(row).length !== given.size || Object.keys(row).some((k) => !given.has(k)),
  );
  if (mixed) throw new Error(`upsertRows: rows of one call must carry the same columns (${Object.keys(mixed)})`);
  const carried = Object.entries(columns).filter(([field]) => given.has(field));
  const updatable = carried.filter(([field, c]) => !keyNames.has(c.name) && !kept.has(field));
  const tableName = quoted(getTableConfig(table).name);
  const list = sql.raw(carried.map(([, c]) => quoted(c.name)).join(', '));
  const types = sql.raw(carried.map(([, c]) => `${quoted(c.name)} ${recordType(c)}`).join(', '));
  const target = options.key.map((c) => quoted(c.name)).join(', ');
  const current = updatable.map(([, c]) => `${tableName}.${quoted(c.name)}`).join(', ');
  const incoming = updatable.map(([, c]) => `excluded.${quoted(c.name)}`).join(', ');
  const set = updatable.map(([, c]) => `${quoted(c.name)} = excluded.${quoted(c.name)}`).join(', ');
  // A row is returned only when inserted or changed (an unchanged row is left alone: no new row version); xmax = 0
  // tells an insert from an update.
  const conflict = sql.raw(
    updatable.length > 0
      ? `on conflict (${target}) do update set ${set} where (${current}) is distinct from (${incoming})`
      : `on conflict (${target}) do nothing`,
  );
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK).map((row) => {
      const values = row as Record<string, unknown>;
      return Object.fromEntries(carried.map(([field, c]) => [c.name, values[field] ?? null]));
    });
    const written = rowsOf<{ inserted: boolean }>(
      await db.execute(
        sql`insert into ${sql.raw(tableName)} (${list}) select ${list} from json_to_recordset(${JSON.stringify(chunk)}::json)
          as x(${types}) ${conflict} returning (xmax = 0) as inserted`,
      ),
    );
    const inserted = written.filter((w) => w.inserted).length;
    count.inserted += inserted;
    count.updated += written.length - inserted;
    count.unchanged += chunk.length - written.length;
  }
  return count;
}

export function addCounts(a: UpsertCount, b: UpsertCount): UpsertCount {
  return { inserted: a.inserted + b.inserted, updated: a.updated + b.updated, unchanged: a.unchanged + b.unchanged };
}
