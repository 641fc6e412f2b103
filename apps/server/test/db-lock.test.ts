import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client.ts';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../..');

describe('embedded database folder', () => {
  it('gives a second process a clear error instead of opening the same folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rankmatch-lock-'));
    const first = await openPglite(dir);
    try {
      const script = `import { openPglite } from './apps/server/src/db/client.ts';
        openPglite(${JSON.stringify(dir)}).then(() => { console.log('opened'); process.exit(0); },
          (e) => { console.error(e.name + ': ' + e.message); process.exit(3); });`;
      const outcome = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: root,
      }).then(
        () => ({ code: 0, stderr: '' }),
        (err: { code: number; stderr: string }) => ({ code: err.code, stderr: err.stderr }),
      );
      expect(outcome.code).toBe(3);
      expect(outcome.stderr).toContain('DatabaseLockedError');
      expect(outcome.stderr).toContain('別のプロセス');
    } finally {
      await first.close();
    }
    // Once the first process let go, the folder opens again with its data.
    const again = await openPglite(dir);
    await again.ping();
    await again.close();
  }, 60_000);

  it('takes over the lock of a killed process that is not reaped yet, or whose pid went to another process', async () => {
    // A zombie: sh starts a child that exits at once and never reaps it (exec replaces sh with sleep, which lives long
    // enough for a loaded test worker whose timers fire seconds late; it is killed at the end).
    const zombie = await new Promise<{ pid: number; stop: () => void }>((resolvePid) => {
      const child = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
      child.stdout.once('data', (chunk: Buffer) =>
        resolvePid({ pid: Number.parseInt(chunk.toString(), 10), stop: () => child.kill('SIGKILL') }),
      );
    });
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect(readFileSync(`/proc/${zombie.pid}/stat`, 'utf8')).toMatch(/\) Z /);
      for (const stamp of [String(zombie.pid), `${process.ppid} 1`]) {
        const dir = mkdtempSync(join(tmpdir(), 'rankmatch-stale-'));
        writeFileSync(join(dir, 'rankmatch.lock'), stamp);
        const db = await openPglite(dir);
        await db.ping();
        await db.close();
      }
    } finally {
      zombie.stop();
    }
  }, 60_000);
});
