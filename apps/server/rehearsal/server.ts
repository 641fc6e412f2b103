import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

// The real built server as a child process: the same entry `npm start` serves (apps/server/dist/main.js, built here
// when missing or older than its sources), its JSON log read line by line, its memory and handles read from outside.

const root = resolve(import.meta.dirname, '../../..');
const serverRoot = join(root, 'apps/server');
export const SERVER_ENTRY = join(serverRoot, 'dist/main.js');

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const name of readdirSync(path)) {
    if (name !== 'node_modules' && name !== 'dist') latest = Math.max(latest, newest(join(path, name)));
  }
  return latest;
}

/** Builds the server bundle when it is missing or older than the sources it is built from (as `npm start` does). */
export function ensureServerBuilt(): void {
  const sources = ['apps/server/src', 'apps/server/drizzle', 'packages/shared/src', 'packages/engine/src'];
  const builtAt = newest(SERVER_ENTRY);
  if (builtAt > Math.max(...sources.map((s) => newest(join(root, s))))) return;
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverRoot, stdio: 'inherit' });
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** A log line of the server (pino JSON). */
export interface LogLine {
  level: number;
  time: number;
  msg: string;
  [key: string]: unknown;
}

export const LOG_LEVEL = { warn: 40, error: 50, fatal: 60 } as const;

/** Every server process still running: killed when this process exits, however it ends (Ctrl-C included). */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export class ServerProcess {
  child: ChildProcess | null = null;
  base = '';
  port = 0;
  /** Lines at warn level and above, and every line a watcher asked for. */
  readonly notable: LogLine[] = [];
  /** Output that was not a JSON log line (a crash's stack, an unhandled rejection). */
  readonly stray: string[] = [];
  exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  private readonly watchers: ((line: LogLine) => void)[] = [];
  private ownDataDir: string | null = null;

  constructor(
    readonly name: string,
    private readonly env: Record<string, string>,
  ) {}

  /** Starts the server and resolves once /api/health answers 200. */
  async start(timeoutMs = 120_000): Promise<void> {
    // A data folder of its own unless one is given (never the repository's ./data).
    if (!this.env.DATA_DIR) {
      this.ownDataDir = mkdtempSync(join(tmpdir(), 'rankmatch-server-'));
      this.env.DATA_DIR = this.ownDataDir;
    }
    this.port = await freePort();
    this.base = `http://127.0.0.1:${this.port}`;
    const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'development',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: this.base,
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    running.add(child);
    child.on('exit', (code, signal) => {
      this.exit = { code, signal };
      running.delete(child);
    });
    const onLine = (text: string) => {
      let line: LogLine;
      try {
        line = JSON.parse(text) as LogLine;
        if (typeof line.level !== 'number') throw new Error('not a log line');
      } catch {
        if (text.trim()) this.stray.push(text);
        return;
      }
      if (line.level >= LOG_LEVEL.warn) this.notable.push(line);
      for (const watch of this.watchers) watch(line);
    };
    if (child.stdout) createInterface({ input: child.stdout }).on('line', onLine);
    if (child.stderr) createInterface({ input: child.stderr }).on('line', onLine);

    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.exit) throw new Error(`${this.name} exited at start (${this.exit.code}):\n${this.stray.join('\n')}`);
      try {
        if ((await fetch(`${this.base}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${this.name} did not answer /api/health within ${timeoutMs / 1000} s`);
  }

  /** Calls `fn` with every log line from now on. */
  watch(fn: (line: LogLine) => void): void {
    this.watchers.push(fn);
  }

  /** Resident memory in MB, read from /proc (null when the process is gone). */
  rssMb(): number | null {
    const pid = this.child?.pid;
    if (!pid || this.exit) return null;
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
      return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
    } catch {
      return null;
    }
  }

  /** CPU seconds the process has used (user + system), read from /proc. */
  cpuSeconds(): number | null {
    const pid = this.child?.pid;
    if (!pid || this.exit) return null;
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return null;
    }
  }

  /** A few gauges of /metrics (the server's own view: handles, event loop, job counters). */
  async metrics(token: string): Promise<Map<string, number>> {
    const res = await fetch(`${this.base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    const values = new Map<string, number>();
    for (const line of text.split('\n')) {
      if (line.startsWith('#') || !line.trim()) continue;
      const at = line.lastIndexOf(' ');
      values.set(line.slice(0, at), Number(line.slice(at + 1)));
    }
    return values;
  }

  /** SIGTERM and wait for a clean exit (SIGKILL after 20 s). Resolves the exit code. */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || this.exit) return this.exit?.code ?? null;
    await new Promise<void>((done) => {
      const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.once('exit', () => {
        clearTimeout(force);
        done();
      });
      child.kill('SIGTERM');
    });
    this.removeOwnData();
    return this.exitCode();
  }

  exitCode(): number | null {
    return this.exit?.code ?? null;
  }

  kill(): void {
    if (this.child && !this.exit) this.child.kill('SIGKILL');
    this.removeOwnData();
  }

  private removeOwnData(): void {
    if (this.ownDataDir) rmSync(this.ownDataDir, { recursive: true, force: true });
    this.ownDataDir = null;
  }
}
