import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
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
});
