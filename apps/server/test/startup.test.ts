import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../faults/support.ts';

// `npm start` as a newcomer meets it: the real server process (src/main.ts), on an embedded database of its own.

const root = resolve(import.meta.dirname, '../../..');

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(port: number, env: Record<string, string>): Run {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

function occupy(port: number): Promise<Server> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done(server));
  });
}

const running: ChildProcess[] = [];
const blockers: Server[] = [];
afterEach(async () => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(blockers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

describe('start-up', () => {
  it('a port in use stops the start at once, before the database and the demo, with the PORT= fix in Japanese', {
    timeout: 60_000,
  }, async () => {
    const port = await freePort();
    blockers.push(await occupy(port));
    const dataDir = join(mkdtempSync(join(tmpdir(), 'rankmatch-start-')), 'data');
    const started = Date.now();
    const run = startServer(port, { DATA_DIR: dataDir, SEED_DEMO_DATA: 'true' });
    running.push(run.child);

    expect(await run.exited).toBe(1);
    const output = run.output();
    expect(output).toContain(`ポート ${port} は別のプログラムが使用中です`);
    expect(output).toContain(`PORT=${port + 1} npm start`);
    // No stack trace and no raw error code: the explanation is the whole message.
    expect(output).not.toContain('EADDRINUSE');
    expect(output).not.toMatch(/\n\s+at /);
    // Checked first: no database was opened, no demo simulated.
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    // Nor a secret generated into a new data folder.
    expect(existsSync(dataDir)).toBe(false);
    expect(output).not.toContain('デモシーズン');
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('once it says it is serving, the statistics of the demo season are there (not an empty first reply)', {
    timeout: 120_000,
  }, async () => {
    const port = await freePort();
    const dataDir = join(mkdtempSync(join(tmpdir(), 'rankmatch-start-')), 'data');
    const run = startServer(port, { DATA_DIR: dataDir, SEED_DEMO_DATA: 'true' });
    running.push(run.child);
    const deadline = Date.now() + 100_000;
    while (!run.output().includes('rankmatch is serving')) {
      if (run.child.exitCode !== null) throw new Error(`server exited: ${run.output()}`);
      if (Date.now() > deadline) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 50));
    }

    const reply = await fetch(`http://127.0.0.1:${port}/api/public/stats`);
    const body = (await reply.json()) as { season: { season_name: string } | null; matches: number };
    expect(body.season?.season_name).toBe('デモシーズン2');
    expect(body.matches).toBeGreaterThan(100);
  });
});
