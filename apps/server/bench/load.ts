import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';

// The HTTP load generators of the benchmarks: requests per second and latency of one GET route over keep-alive
// connections. `load` runs in a worker thread of this process (so it does not share the servers' event loop);
// `loadWithWrk` runs wrk (Debian's package, a C program), whose cost per reply is a small part of the servers': on
// 2 cores the Node client's own parsing of each reply's headers is what a fast server (nginx) is measured against.

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 1000);
export const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);

export interface LoadResult {
  rps: number;
  ok: number;
  errors: number;
  bytesPerReply: number;
  p50: number;
  p99: number;
  /** CPU seconds the server used per reply in the measured window, when a `cpu` reader was given. */
  cpuPerReply: number | null;
}

// The load generator, run as worker code (plain JavaScript): `connections` loops, each sending the next request
// when the previous reply has been read, over one keep-alive agent. Only replies completed in the measured window
// count; any status but the expected one (200, or 304 for a conditional request) is an error.
const LOAD_GENERATOR = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, connections, warmupMs, durationMs, headers, expectStatus } = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let counting = false;
let stop = false;
let ok = 0;
let errors = 0;
let bytes = 0;
const latencies = [];

function once() {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method: 'GET', agent, headers },
      (res) => {
        let size = 0;
        res.on('data', (chunk) => { size += chunk.length; });
        res.on('end', () => {
          if (counting) {
            if (res.statusCode === expectStatus) {
              ok++;
              bytes += size;
              latencies.push(performance.now() - started);
            } else {
              errors++;
            }
          }
          resolve();
        });
        res.on('error', () => { if (counting) errors++; resolve(); });
      },
    );
    req.on('error', () => { if (counting) errors++; resolve(); });
    req.end();
  });
}

async function loop() {
  while (!stop) await once();
}

(async () => {
  const loops = Array.from({ length: connections }, loop);
  await sleep(warmupMs);
  counting = true;
  parentPort.postMessage({ type: 'start' });
  const t0 = performance.now();
  await sleep(durationMs);
  counting = false;
  parentPort.postMessage({ type: 'stop' });
  const elapsed = (performance.now() - t0) / 1000;
  stop = true;
  await Promise.all(loops);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] : 0;
  parentPort.postMessage({
    type: 'result',
    rps: ok / elapsed,
    ok,
    errors,
    bytesPerReply: ok ? bytes / ok : 0,
    p50: pct(0.5),
    p99: pct(0.99),
  });
})();
`;

export interface LoadOptions {
  /** Sent with every request (an If-None-Match). */
  headers?: Record<string, string>;
  /** The status that counts as a reply (200 unless said). */
  expectStatus?: number;
  /**
   * The server's CPU seconds so far (cpuSecondsOf): read at the window's start and end, it gives the CPU each reply
   * costs, which other processes on a shared machine disturb far less than requests per second.
   */
  cpu?: () => number;
}

/** CPU seconds (user + system) of a thread or process from /proc (`self/task/<pid>` is this process's main thread). */
export function cpuSecondsOf(statPath: string): number {
  const fields = readFileSync(statPath, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export function load(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_GENERATOR, {
      eval: true,
      workerData: {
        url,
        connections: CONNECTIONS,
        warmupMs: WARMUP_MS,
        durationMs: DURATION_MS,
        headers: options.headers ?? {},
        expectStatus: options.expectStatus ?? 200,
      },
    });
    let startCpu = 0;
    let usedCpu = 0;
    worker.on('message', (message: { type: string } & Omit<LoadResult, 'cpuPerReply'>) => {
      if (message.type === 'start') startCpu = options.cpu?.() ?? 0;
      if (message.type === 'stop') usedCpu = (options.cpu?.() ?? 0) - startCpu;
      if (message.type !== 'result') return;
      const { type: _type, ...result } = message;
      resolve({ ...result, cpuPerReply: options.cpu && result.ok ? usedCpu / result.ok : null });
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

export function address(server: FastifyInstance): string {
  const info = server.server.address();
  if (!info || typeof info === 'string') throw new Error('server is not listening on TCP');
  return `http://127.0.0.1:${info.port}`;
}

/** The core wrk runs on when the servers were pinned (pinServers), else null. */
let clientCpu: string | null = null;

/**
 * Puts this process (every thread; the nginx it starts later inherits it) on the first core and the wrk it spawns
 * on the second (BENCH_PIN=0 leaves both to the scheduler). Unpinned on 2 cores, a round where the scheduler put wrk
 * beside the server measured a third less, and the origin/bare ratio of one build ranged 50–70 % in a day; pinned,
 * 72–79 %. Returns what was done, for the bench's first line.
 */
export function pinServers(): string {
  if (process.env.BENCH_PIN === '0') return 'not pinned (BENCH_PIN=0)';
  const pinned = spawnSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)]);
  if (pinned.error || pinned.status !== 0) return 'not pinned (taskset failed)';
  clientCpu = '1';
  return 'servers pinned to CPU 0, wrk to CPU 1';
}

/** Whether wrk is installed (apt-get install wrk). */
export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

function runWrk(url: string, ms: number, headers: Record<string, string>): Promise<string> {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${Math.max(1, Math.round(ms / 1000))}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  return new Promise((resolve, reject) => {
    // Not spawnSync: the servers under test run on this process's event loop.
    const child = clientCpu ? spawn('taskset', ['-c', clientCpu, 'wrk', ...args, url]) : spawn('wrk', [...args, url]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited with ${code}: ${out}`))));
  });
}

/** A duration as wrk prints it (850.00us, 1.23ms, 2.00s), in ms. */
function wrkMs(text: string | undefined): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? '');
  if (!m) return 0;
  const value = Number(m[1]);
  return m[2] === 'us' ? value / 1000 : m[2] === 'ms' ? value : m[2] === 's' ? value * 1000 : value * 60_000;
}

/** A size as wrk prints it (12.34MB), in bytes. */
function wrkBytes(text: string | undefined): number {
  const m = /^([\d.]+)([KMG]?B)$/.exec(text ?? '');
  if (!m) return 0;
  return Number(m[1]) * ({ B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[m[2] as 'B'] ?? 1);
}

/**
 * The same measurement with wrk: a warm-up run, then the measured run with the server's CPU read around it. Any
 * status but 2xx or 3xx, and any socket error, is an error; bytes per reply include the headers.
 */
export async function loadWithWrk(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  const headers = options.headers ?? {};
  await runWrk(url, WARMUP_MS, headers);
  const startCpu = options.cpu?.() ?? 0;
  const out = await runWrk(url, DURATION_MS, headers);
  const usedCpu = (options.cpu?.() ?? 0) - startCpu;
  const total = /(\d+) requests in ([\d.]+\w+), ([\d.]+\w+) read/.exec(out);
  const requests = Number(total?.[1] ?? 0);
  const bad = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  const ok = requests - bad;
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0) * (requests > 0 ? ok / requests : 0),
    ok,
    errors: bad + socketErrors,
    bytesPerReply: requests > 0 ? wrkBytes(total?.[3]) / requests : 0,
    p50: wrkMs(/\s50%\s+(\S+)/.exec(out)?.[1]),
    p99: wrkMs(/\s99%\s+(\S+)/.exec(out)?.[1]),
    cpuPerReply: options.cpu && ok > 0 ? usedCpu / ok : null,
  };
}
