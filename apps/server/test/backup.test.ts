import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { backupEmbedded, restoreEmbedded } from '../src/db/backup.ts';
import { openPglite } from '../src/db/client.ts';

// Back up, wipe, restore, same data: the embedded folder through npm run backup's functions, and PostgreSQL through
// the pg_dump / pg_restore commands the README gives.

const count = async (run: (q: ReturnType<typeof sql>) => Promise<unknown>) =>
  ((await run(sql`select count(*)::int as n from users`)) as { rows: { n: number }[] }).rows[0]?.n;

describe('backups', () => {
  it('restores the embedded database and its secrets', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rankmatch-backup-'));
    const archive = join(mkdtempSync(join(tmpdir(), 'rankmatch-archive-')), 'backup.tar.gz');
    const db = await openPglite(dir);
    await db.db.execute(
      sql`insert into users (id, auth_sub, trainer_name) values ('u1', 'x|u1', 'バックアップ'), ('u2', 'x|u2', 'b')`,
    );
    writeFileSync(join(dir, 'jwt-secret'), 'secret-0123456789-0123456789-0123456789');
    // While the server has the folder open, a backup is refused.
    expect(() => backupEmbedded(dir, archive)).toThrow(/使用中/);
    await db.close();
    backupEmbedded(dir, archive);

    const wiped = await openPglite(dir);
    await wiped.db.execute(sql`delete from users`);
    expect(await count((q) => wiped.db.execute(q))).toBe(0);
    await wiped.close();

    restoreEmbedded(archive, dir);
    const restored = await openPglite(dir);
    expect(await count((q) => restored.db.execute(q))).toBe(2);
    const name = await restored.db.execute(sql`select trainer_name from users where id = 'u1'`);
    expect((name as unknown as { rows: { trainer_name: string }[] }).rows[0]?.trainer_name).toBe('バックアップ');
    await restored.close();
  }, 60_000);

  it.runIf(process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL)(
    'restores PostgreSQL with pg_dump and pg_restore',
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      const name = `rankmatch_backup_${process.pid}`;
      const admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      const target = new URL(url);
      target.pathname = `/${name}`;
      try {
        await admin.query(`drop database if exists ${name}`);
        await admin.query(`create database ${name}`);
        const db = new pg.Client({ connectionString: target.toString() });
        await db.connect();
        await db.query('create table users (id text primary key, trainer_name text)');
        await db.query("insert into users values ('u1', 'バックアップ'), ('u2', 'b')");
        const archive = join(mkdtempSync(join(tmpdir(), 'rankmatch-pgdump-')), 'backup.dump');
        execFileSync('pg_dump', ['--format=custom', `--file=${archive}`, target.toString()]);
        await db.query('delete from users');
        await db.end();
        execFileSync('pg_restore', ['--clean', '--if-exists', `--dbname=${target.toString()}`, archive]);
        const check = new pg.Client({ connectionString: target.toString() });
        await check.connect();
        const rows = await check.query('select id, trainer_name from users order by id');
        await check.end();
        expect(rows.rows).toEqual([
          { id: 'u1', trainer_name: 'バックアップ' },
          { id: 'u2', trainer_name: 'b' },
        ]);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    60_000,
  );
});
