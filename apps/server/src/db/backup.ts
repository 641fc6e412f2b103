import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { acquireLock } from './client.ts';

// Backups of the embedded database: the whole data folder (PGlite's files and the generated secrets) as one
// .tar.gz. The folder's lock is taken first, so a backup or a restore never runs while a server has it open
// (stop the server: PGlite has no second connection to copy through). PostgreSQL uses pg_dump / pg_restore (README).

const LOCK_FILE = 'rankmatch.lock';

export function backupEmbedded(dataDir: string, file: string): void {
  const dir = resolve(dataDir);
  if (!existsSync(join(dir, 'pglite'))) throw new Error(`${dir} に組み込みデータベースがありません`);
  const release = acquireLock(dir);
  try {
    execFileSync('tar', ['-czf', resolve(file), '-C', dir, '--exclude', LOCK_FILE, '.']);
  } finally {
    release();
  }
}

/** Replaces the folder's contents with the backup's. */
export function restoreEmbedded(file: string, dataDir: string): void {
  const dir = resolve(dataDir);
  const archive = resolve(file);
  if (!existsSync(archive)) throw new Error(`バックアップ ${archive} が見つかりません`);
  mkdirSync(dir, { recursive: true });
  const release = acquireLock(dir);
  try {
    for (const name of readdirSync(dir))
      if (name !== LOCK_FILE) rmSync(join(dir, name), { recursive: true, force: true });
    execFileSync('tar', ['-xzf', archive, '-C', dir]);
  } finally {
    release();
  }
}
