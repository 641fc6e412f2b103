import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from '../../rehearsal/server.ts';

// Debian's nginx with the deployment's own cache configuration (deploy/nginx/http.conf and site.conf, included as
// they are) in front of origins on this machine: a temporary prefix (cache, temporary files, logs), a free port, one
// worker, in the foreground as a child of this process, stopped by its handle. Used by the cache test and bench:api.

/** deploy/nginx, found upwards: bench:api runs this file bundled into apps/server/dist. */
function deployDir(): string {
  for (let dir = import.meta.dirname; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'deploy/nginx/site.conf'))) return join(dir, 'deploy/nginx');
  }
  throw new Error('deploy/nginx not found');
}
const deploy = deployDir();
const NGINX = 'nginx';

/** Whether Debian's nginx is installed (`apt-get install nginx`; .ci/run installs it). */
export function hasNginx(): boolean {
  try {
    execFileSync(NGINX, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Every nginx still running when this process exits is stopped (its workers follow their master). */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface Nginx {
  base: string;
  /** The cache's folder: what nginx stored, byte for byte. */
  cacheDir: string;
  /** CPU seconds nginx has used so far (its master and workers, from /proc): what a reply costs, in bench:api. */
  cpuSeconds(): number;
  /** The access log so far: one line per request, with `cache=HIT|MISS|EXPIRED|UPDATING|STALE|…`. */
  accessLog(): string[];
  stop(): Promise<void>;
}

function configuration(prefix: string, port: number, origins: string[], workers: number): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `    ${kind}_temp_path ${join(prefix, kind)};`)
    .join('\n');
  return `daemon off;
worker_processes ${workers};
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 4096; }
http {
    include ${join(deploy, 'http.conf')};
    access_log ${join(prefix, 'access.log')} rankmatch;
${temp}
    upstream rankmatch {
${origins.map((o) => `        server ${o};`).join('\n')}
        keepalive 64;
    }
    proxy_cache_path ${join(prefix, 'cache')} levels=1:2 keys_zone=rankmatch:10m max_size=100m inactive=1h
                     use_temp_path=off;
    server {
        listen 127.0.0.1:${port};
        include ${join(deploy, 'site.conf')};
    }
}
`;
}

/** CPU seconds (user + system) of a process, from /proc. */
function processCpu(pid: string): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Starts nginx in front of `origins` (host:port) and resolves once it answers. */
export async function startNginx(origins: string[], options: { workers?: number } = {}): Promise<Nginx> {
  const prefix = mkdtempSync(join(tmpdir(), 'rankmatch-nginx-'));
  // Run as root, nginx's workers drop to `nobody`: they must reach the folders the master creates in here.
  chmodSync(prefix, 0o755);
  const port = await freePort();
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, configuration(prefix, port, origins, options.workers ?? 1));
  const child = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', join(prefix, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  void exited.then(() => running.delete(child));
  const base = `http://127.0.0.1:${port}`;
  const errorLog = () => {
    try {
      return readFileSync(join(prefix, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGTERM: a fast shutdown of the master and its workers.
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  const cpuSeconds = () => {
    const master = child.pid ?? 0;
    const workers = readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return [String(master), ...workers].reduce((sum, pid) => sum + processCpu(pid), 0);
  };
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    try {
      await fetch(`${base}/__nginx_ready`);
      return {
        base,
        cacheDir: join(prefix, 'cache'),
        cpuSeconds,
        stop,
        accessLog: () => readFileSync(join(prefix, 'access.log'), 'utf8').split('\n'),
      };
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const why = `${stderr}${errorLog()}`;
  await stop();
  throw new Error(`nginx did not start: ${why}`);
}
