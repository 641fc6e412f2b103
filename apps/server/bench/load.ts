import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';

// The HTTP load generator of the benchmarks: keep-alive connections in a worker thread (so it does not share the
// servers' event loop), requests per second and latency of one GET route.

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
