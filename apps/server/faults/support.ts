import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { expect } from 'vitest';

// The fault suite's tools: the real server as a child process (started, killed, restarted), and its HTTP API.

const root = resolve(import.meta.dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}

export class ServerProcess {
  child: ChildProcess | null = null;
  base = '';
  constructor(private readonly env: Record<string, string>) {}

  async start(): Promise<void> {
    const port = await freePort();
    this.base = `http://127.0.0.1:${port}`;
    this.child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        SEED_DEMO_DATA: 'false',
        ENABLE_DUMMY_LOGIN: 'true',
        DUMMY_LOGIN_PASSWORD: '',
        LOG_LEVEL: 'error',
        RATE_LIMIT_PER_MINUTE: '1000000',
        REDIS_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: this.base,
        ...this.env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`server exited with ${this.child.exitCode}`);
      try {
        if ((await fetch(`${this.base}/api/health`)).ok) return;
      } catch {
        // not yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not start');
  }

  kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise((done) => {
      child.once('exit', () => done());
      child.kill('SIGKILL');
    });
  }

  async call<T = Record<string, unknown>>(method: string, path: string, token?: string, body?: unknown) {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as T };
  }
}

/** Signs a test account in (created at `rate` when new). */
export async function login(server: ServerProcess, userId: string, rate?: number): Promise<string> {
  const res = await server.call<{ access_token: string }>('POST', '/api/auth/dummy/login', undefined, {
    user_id: userId,
    ...(rate ? { rate } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.access_token;
}
