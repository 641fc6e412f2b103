import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { preparingClient, StatementNames } from './prepared.ts';
import { schema } from './schema.ts';

const MIGRATION_LOCK_KEY = 720_001;
/** How long an idle pooled PostgreSQL connection is kept. */
const POOL_IDLE_TIMEOUT_MS = 5 * 60_000;

export type Schema = typeof schema;
/** The database handle, whichever driver is behind it (PGlite or node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

/**
 * Independent reads: side by side on the pool, one after another in a transaction (its one connection runs one query
 * at a time; node-postgres queues the rest with a deprecation warning, and pg 9 refuses them).
 */
export async function readAll<T extends readonly unknown[]>(
  db: Executor,
  ...reads: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const values: unknown[] = [];
  for (const read of reads) values.push(await read());
  return values as unknown as T;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a trivial query; used by /api/health. */
  ping(): Promise<void>;
  /**
   * Runs `fn` while holding the lock `name` across every instance on this database (a PostgreSQL advisory lock held by
   * a connection of its own, so it spans transactions and dies with a crashed process; PGlite is single-process, so
   * an in-process lock). Resolves { ran: false } at once when the lock is held elsewhere.
   */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<Exclusive<T>>;
  close(): Promise<void>;
}

export type Exclusive<T> = { ran: true; value: T } | { ran: false };

/** The rows of a raw `execute` (PGlite and node-postgres both answer `{ rows }`), typed by the caller's query. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Locks of one process (PGlite, or the local half of a PostgreSQL lock). */
function localLocks() {
  const held = new Set<string>();
  return async <T>(name: string, fn: () => Promise<T>): Promise<Exclusive<T>> => {
    if (held.has(name)) return { ran: false };
    held.add(name);
    try {
      return { ran: true, value: await fn() };
    } finally {
      held.delete(name);
    }
  };
}

/** PostgreSQL advisory locks, each held by a pooled connection of its own for as long as `fn` runs. */
function advisoryLocks(pool: pg.Pool) {
  const held = new Set<string>();
  return async <T>(name: string, fn: () => Promise<T>): Promise<Exclusive<T>> => {
    if (held.has(name)) return { ran: false };
    held.add(name);
    const key = `rankmatch:${name}`;
    let client: pg.PoolClient | undefined;
    let broken = false;
    // A connection lost while the lock is held (a database restart) ends the lock; the job's own queries fail. The
    // listener goes with the lock: pooled connections live on and serve many locks.
    const onError = () => {
      broken = true;
    };
    try {
      client = await pool.connect();
      client.on('error', onError);
      const { rows } = await client.query<{ ok: boolean }>(
        'select pg_try_advisory_lock(hashtextextended($1, 0)) as ok',
        [key],
      );
      if (!rows[0]?.ok) return { ran: false };
      try {
        return { ran: true, value: await fn() };
      } finally {
        // A connection that cannot unlock is discarded: closing it ends the lock.
        await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(() => {
          broken = true;
        });
      }
    } finally {
      client?.removeListener('error', onError);
      client?.release(broken);
      held.delete(name);
    }
  };
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

/** The kernel's view of a process: its state letter and start time (clock ticks since boot), when /proc exists. */
function procStat(pid: number): { state: string; start: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields after it start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', start: fields[19] ?? '' };
  } catch {
    return null;
  }
}

/** What a lock file holds: the owner's pid and its start time (so a recycled pid is not mistaken for the owner). */
const lockStamp = (pid: number) => `${pid} ${procStat(pid)?.start ?? ''}`.trim();

/**
 * Whether the lock's owner still runs. A process killed with -9 stays a zombie until its parent reaps it, and its pid
 * may be given to another process later: neither counts as the owner.
 */
function ownerAlive(stamp: string): boolean {
  const [pidText, start] = stamp.split(' ');
  const pid = Number.parseInt(pidText ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  const stat = procStat(pid);
  if (stat) return stat.state !== 'Z' && stat.state !== 'X' && (!start || stat.start === start);
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
/** Folders this process holds (its own pid in a lock file says nothing: a restarted container reuses pid 1). */
const heldHere = new Set<string>();

export function acquireLock(dir: string): () => void {
  const file = join(dir, 'rankmatch.lock');
  if (heldHere.has(file)) {
    throw new DatabaseLockedError(`データフォルダ ${dir} はこのプロセスが使用中です。先に閉じてください。`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, lockStamp(process.pid));
      closeSync(fd);
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const stamp = readFileSync(file, 'utf8').trim();
      if (ownerAlive(stamp)) {
        throw new DatabaseLockedError(
          `データフォルダ ${dir} は別のプロセス（pid ${stamp.split(' ')[0]}）が使用中です。組み込みデータベースは1プロセスでしか開けません。` +
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
      exclusive: localLocks(),
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
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    Client: preparingClient(new StatementNames()),
    // A connection carries its prepared statements and their plans: keep it through a lull of a few minutes instead
    // of node-postgres's 10 s, so that the next burst does not start cold (new backend, parse and plan again).
    idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
  });
  // An idle connection that PostgreSQL closes (a restart, a failover) must not take the process down: the pool
  // drops it and opens a new one for the next query; the requests in flight answer 503 (DB_UNAVAILABLE).
  pool.on('error', () => {});
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
      exclusive: advisoryLocks(pool),
      close: () => pool.end(),
    };
  } catch (err) {
    await pool.end();
    throw err;
  }
}

export function openDatabase(opts: {
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
}): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.databasePoolSize) : openPglite(opts.dataDir);
}
