import { sql } from 'drizzle-orm';
import { type Database, openPglite, openPostgres } from '../../src/db/client.ts';

// One database per test worker, shared by the files it runs (vitest `isolate: false`) and emptied between files.
// TEST_DB=pglite: an in-memory PGlite migrated once per worker. TEST_DB=postgres: TEST_DATABASE_URL.

const holder = globalThis as typeof globalThis & { __rankmatchTestDb?: Promise<Database> };

export function testDatabase(): Promise<Database> {
  if (!holder.__rankmatchTestDb) {
    const kind = process.env.TEST_DB ?? 'pglite';
    if (kind === 'postgres') {
      const url = process.env.TEST_DATABASE_URL;
      if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
      holder.__rankmatchTestDb = openPostgres(url, 20);
    } else {
      holder.__rankmatchTestDb = openPglite(null);
    }
  }
  return holder.__rankmatchTestDb;
}

/** Empties every table (keeps the migrated schema). */
export async function resetDatabase(database: Database): Promise<void> {
  const rows = await database.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const list =
    (rows as unknown as { rows?: { tablename: string }[] }).rows ?? (rows as unknown as { tablename: string }[]);
  const names = list.map((r) => `"${r.tablename}"`).join(', ');
  if (names) await database.db.execute(sql.raw(`truncate ${names} restart identity cascade`));
}
