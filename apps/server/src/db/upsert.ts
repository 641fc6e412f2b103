import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

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

/** Rows per statement (well under PostgreSQL's 65,535 parameters for the widest table). */
const CHUNK = 500;

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
  const updatable = Object.entries(columns).filter(
    ([field, c]) => given.has(field) && !keyNames.has(c.name) && !kept.has(field),
  );
  const excluded = (c: PgColumn) => sql.raw(`excluded."${c.name}"`);
  const set = Object.fromEntries(updatable.map(([field, c]) => [field, excluded(c)])) as Record<string, SQL>;
  const current = sql.join(
    updatable.map(([, c]) => sql`${c}`),
    sql`, `,
  );
  const incoming = sql.join(
    updatable.map(([, c]) => excluded(c)),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    // A row is returned only when inserted or changed; xmax = 0 tells an insert from an update.
    const query = (updatable.length > 0
      ? db
          .insert(table)
          .values(chunk as T['$inferInsert'][])
          .onConflictDoUpdate({ target: options.key, set, setWhere: sql`(${current}) is distinct from (${incoming})` })
      : db
          .insert(table)
          .values(chunk as T['$inferInsert'][])
          .onConflictDoNothing({ target: options.key })) as unknown as {
      returning(fields: { inserted: SQL<boolean> }): Promise<{ inserted: boolean }[]>;
    };
    const written = await query.returning({ inserted: sql<boolean>`(xmax = 0)` });
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
