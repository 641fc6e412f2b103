import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { schema } from './schema.ts';

const MIGRATION_LOCK_KEY = 720_001;

export type Schema = typeof schema;
/** The database handle, whichever driver is behind it (PGlite or node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a trivial query; used by /api/health. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

/** The committed migrations, next to this package's src/ (or dist/ once built). */
export function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [resolve(here, '../../drizzle'), resolve(here, '../drizzle'), resolve(here, 'drizzle')]) {
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error('マイグレーションフォルダ（drizzle/）が見つかりません');
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is single-process: a second process opening the same folder would corrupt it. A lock file holding the
 * owner's pid keeps a second process out with a clear error; a lock left by a dead process is taken over.
 */
function acquireLock(dir: string): () => void {
  const file = join(dir, 'rankmatch.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && processAlive(pid)) {
        throw new DatabaseLockedError(
          `データフォルダ ${dir} は別のプロセス（pid ${pid}）が使用中です。組み込みデータベースは1プロセスでしか開けません。` +
            '先に起動しているサーバーを停止するか、別の DATA_DIR を指定してください（複数台構成では DATABASE_URL で PostgreSQL を使います）。',
        );
      }
      rmSync(file, { force: true }); // stale lock of a dead process
    }
  }
  throw new DatabaseLockedError(`データフォルダ ${dir} のロックを取得できません`);
}

/** Opens PGlite in a folder (or in memory when dir is null) and migrates it. */
export async function openPglite(dir: string | null): Promise<Database> {
  let release = () => {};
  if (dir) {
    mkdirSync(dir, { recursive: true });
    release = acquireLock(dir);
  }
  try {
    const client = dir ? new PGlite(join(dir, 'pglite')) : new PGlite();
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
    return {
      db,
      kind: 'pglite',
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** Connects to PostgreSQL and migrates it. */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  try {
    const db = drizzlePg(pool, { schema });
    // Several instances may start together: one migrates at a time (session-level advisory lock).
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(db, { migrationsFolder: migrationsFolder() });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      lockClient.release();
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  } catch (err) {
    await pool.end();
    throw err;
  }
}

export function openDatabase(opts: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
