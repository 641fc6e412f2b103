import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, login, ServerProcess } from './support.ts';

// PostgreSQL restarted under load: a PostgreSQL cluster of its own (Debian's pg_createcluster, so the shared one the
// other suites use is not touched) is restarted while requests keep coming. During the restart the server answers
// 503 DB_UNAVAILABLE (never 500), nothing committed before is lost, and it recovers by itself.

const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
const canCreateCluster = versions.length > 0 && existsSync('/usr/bin/pg_createcluster') && process.getuid?.() === 0;
const version = versions[0] ?? '';
const cluster = `rmfault${process.pid}`;

describe.runIf(canCreateCluster)('a PostgreSQL restart under load', () => {
  let port = 0;
  let server: ServerProcess;

  beforeAll(async () => {
    port = await freePort();
    execFileSync('pg_createcluster', [version, cluster, '-p', String(port), '--start', '--', '--auth=trust'], {
      stdio: 'ignore',
    });
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    await admin.query('create database rankmatch');
    await admin.end();
    server = new ServerProcess({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/rankmatch`,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'rankmatch-pgrestart-')),
    });
    await server.start();
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    execFileSync('pg_dropcluster', [version, cluster, '--stop'], { stdio: 'ignore' });
  });

  it('answers 503 while it restarts, loses nothing, and recovers by itself', async () => {
    const admin = await login(server, 'dummy_admin');
    const now = Math.floor(Date.now() / 1000);
    const created = await server.call('POST', '/api/admin/seasons', admin, {
      id: 'restart-season',
      name: '再起動試験',
      start_date: now - 3600,
      end_date: now + 86_400,
    });
    expect(created.status).toBe(200);
    expect((await server.call('POST', '/api/admin/seasons/restart-season/activate', admin)).status).toBe(200);
    const tokens = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(server, `dummy_pg_${String(i).padStart(2, '0')}`, 1500)),
    );

    // Load: players join and leave, visitors read the queue, for the whole restart.
    const statuses = new Map<number, number>();
    const codes = new Set<string>();
    let running = true;
    const load = (async () => {
      let i = 0;
      while (running) {
        const token = tokens[i % tokens.length] as string;
        const path = i % 3 === 0 ? '/api/queue/leave' : '/api/queue/join';
        const replies = await Promise.all([
          server.call('POST', path, token, {}).catch(() => ({ status: 0, body: null })),
          server.call('GET', '/api/queue').catch(() => ({ status: 0, body: null })),
        ]);
        for (const reply of replies) {
          statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
          const code = (reply.body as { code?: string } | null)?.code;
          if (code) codes.add(code);
        }
        i += 1;
      }
    })();
    await new Promise((r) => setTimeout(r, 1500));
    execFileSync('pg_ctlcluster', [version, cluster, 'restart', '-m', 'fast'], { stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, 3000));
    running = false;
    await load;

    // Back by itself.
    let health = await server.call('GET', '/api/health');
    for (let i = 0; i < 50 && health.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 200));
      health = await server.call('GET', '/api/health');
    }
    expect(health.status).toBe(200);
    // Answers were successes or the catalogued 503; never a 500.
    expect(statuses.get(500) ?? 0, JSON.stringify([...statuses])).toBe(0);
    expect(
      [...statuses.keys()].every((s) => s === 200 || s === 503),
      JSON.stringify([...statuses]),
    ).toBe(true);
    expect(
      [...codes].every((c) => c === 'DB_UNAVAILABLE'),
      [...codes].join(),
    ).toBe(true);
    // Nothing committed before the restart is lost, and the service works again.
    const active = await server.call<{ current_season: { id: string } | null }>('GET', '/api/seasons/active');
    expect(active.body.current_season?.id).toBe('restart-season');
    const join = await server.call('POST', '/api/queue/join', tokens[0], {});
    expect(join.status).toBe(200);
  }, 120_000);
});
