import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

// Browser tests run against the real server serving the built site:
// 1. build apps/web when dist is missing or older than its sources;
// 2. start the server (temporary DATA_DIR, free PORT, development mode); the tests wait for its /api/health;
// 3. hand the base URL and the Chromium path to the tests (provide/inject); stop everything at teardown.

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Debian's Chromium, or null when it is not installed (the tests then skip). */
    chromiumPath: string | null;
    /** The server's output, for a test that finds it did not start (support.ts serverReady). */
    serverLog: string;
  }
}

const here = dirname(fileURLToPath(import.meta.url));
const webRoot = resolve(here, '..');
const repoRoot = resolve(webRoot, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function buildIfStale(): void {
  const builtAt = Math.min(
    newestMtime(join(webRoot, 'dist/index.html')),
    newestMtime(join(webRoot, 'dist-server/entry-server.js')),
  );
  const sources = [
    join(webRoot, 'src'),
    join(webRoot, 'public'),
    join(webRoot, 'index.html'),
    join(webRoot, 'vite.config.ts'),
    join(repoRoot, 'packages/shared/src'),
    join(repoRoot, 'packages/engine/src'),
  ];
  const changedAt = Math.max(...sources.map(newestMtime));
  if (builtAt > changedAt) return;
  console.log('[e2e] apps/web/dist is missing or older than its sources: building it (npm run build)…');
  // Vitest runs with NODE_ENV=test; the site under test must be the production build: the app and its page renderer
  // (apps/web's build script).
  execFileSync('npm', ['run', 'build', '--silent'], {
    cwd: webRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
}

export default async function setup(project: TestProject) {
  const chromiumPath = existsSync(CHROMIUM) ? CHROMIUM : null;
  if (!chromiumPath) {
    const banner = '!'.repeat(78);
    console.error(
      `\n${banner}\n!! Chromium was not found at ${CHROMIUM}: the browser tests cannot run.\n` +
        '!! Install it with: apt-get install -y chromium fonts-ipafont-gothic\n' +
        `!! ${process.env.CI === 'true' ? 'CI=true: failing.' : 'Skipping the browser tests.'}\n${banner}\n`,
    );
    if (process.env.CI === 'true') throw new Error('Chromium is required for the e2e tests under CI');
    project.provide('chromiumPath', null);
    project.provide('baseUrl', '');
    return;
  }

  buildIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), 'rankmatch-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const contractReport = join(dataDir, 'contract-mismatches.jsonl');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      // The test accounts log in without a password; the demo season and players fill the ranking.
      ENABLE_DUMMY_LOGIN: 'true',
      DUMMY_LOGIN_PASSWORD: '',
      DISCORD_CLIENT_ID: '',
      DISCORD_CLIENT_SECRET: '',
      // Every reply the browser gets is checked against the API document; mismatches are written to this file.
      API_CONTRACT_CHECK: '1',
      API_CONTRACT_REPORT: contractReport,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const serverLog = join(dataDir, 'server.log');
  const keep = (chunk: Buffer) => appendFileSync(serverLog, chunk);
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('close', (code, signal) => appendFileSync(serverLog, `\n[e2e] the server exited (${code ?? signal})\n`));

  // Not waited for here: the start (migrations, the demo's data) takes 10–20 s, in which the suites that need no
  // browser already run; each browser test waits for /api/health before it starts (support.ts serverReady).
  project.provide('baseUrl', baseUrl);
  project.provide('chromiumPath', chromiumPath);
  project.provide('serverLog', serverLog);

  return async () => {
    await stop(child);
    const mismatches = existsSync(contractReport) ? readFileSync(contractReport, 'utf8').trim() : '';
    rmSync(dataDir, { recursive: true, force: true });
    // A reply that broke the API document fails the run.
    if (mismatches) throw new Error(`Replies that do not match the API document:\n${mismatches}`);
  };
}
