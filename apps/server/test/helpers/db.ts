import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../src/db/client.ts';

// One database per test worker, shared by the files it runs (vitest `isolate: false`) and emptied between files.
// TEST_DB=pglite: an in-memory PGlite migrated once per worker. TEST_DB=postgres: a database of the worker's own beside
// TEST_DATABASE_URL's (`<name>_w<worker>`, made anew when the worker starts), so two workers run files side by side.

const holder = globalThis as typeof globalThis & { __rankmatchTestDbs?: Map<string, Promise<Database>> };

export function testDatabase(): Promise<Database> {
  const kind = process.env.TEST_DB ?? 'pglite';
  holder.__rankmatchTestDbs ??= new Map();
  let database = holder.__rankmatchTestDbs.get(kind);
  if (!database) {
    if (kind === 'postgres') {
      const url = process.env.TEST_DATABASE_URL;
      if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
      database = workerDatabase(url).then((own) => openPostgres(own, 20));
    } else {
      database = openPglite(null);
    }
    holder.__rankmatchTestDbs.set(kind, database);
  }
  return database;
}

/** Creates (afresh) this worker's database on the server of `url` and returns its URL. */
async function workerDatabase(url: string): Promise<string> {
  const base = new URL(url);
  const name = `${decodeURIComponent(base.pathname.slice(1))}_w${process.env.VITEST_POOL_ID ?? '1'}`;
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`TEST_DATABASE_URL: a database name of [a-z0-9_] please (${name})`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const own = new URL(base);
  own.pathname = `/${name}`;
  return own.toString();
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
