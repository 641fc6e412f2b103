// Web performance benchmark: `npm run bench:web`.
// Builds the web app, starts the server (from its sources, serving the build) on a free port with a fresh data folder (development
// mode: the demo seasons), then runs Lighthouse 12.2.3 (installed in apps/web/bench/lighthouse, outside the
// workspaces) with Debian's Chromium three times on each public page: mobile emulation, simulated throttling, logged
// out. Prints the median of each figure per page, the JavaScript each page loaded, the entry chunk's compressed size
// and every target (met or not), with the machine's load (Lighthouse's simulated timings scale what the CPU did).
// Tunables: BENCH_RUNS (3), BENCH_PAGES (comma-separated paths, default the six below), BENCH_SKIP_BUILD=1,
// BENCH_URL (measure a site already running there instead of starting one), BENCH_REPORTS (a folder for the JSON
// reports), CHROME_PATH (/usr/bin/chromium). Exits 0 when every target is met, 1 otherwise.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CHROMIUM_FLAGS } from '../e2e/chromium-flags.ts';

const here = dirname(fileURLToPath(import.meta.url));
const webRoot = resolve(here, '..');
const repoRoot = resolve(webRoot, '../..');
const lighthouseDir = join(here, 'lighthouse');
const lighthouseCli = join(lighthouseDir, 'node_modules/lighthouse/cli/index.js');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const KIB = 1024;

/** The targets of issue 25. */
const TARGETS = {
  performance: 90,
  lcpMs: 2000,
  tbtMs: 150,
  cls: 0.05,
  accessibility: 100,
  seo: 100,
  bestPractices: 100,
  entryKiB: 60,
};

interface Run {
  performance: number;
  accessibility: number;
  seo: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  jsFiles: string[];
  failing: string[];
  load: number;
}

function log(message: string): void {
  process.stderr.write(`[bench:web] ${message}\n`);
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
}

/** Lighthouse lives in its own package folder (its dependencies are not the workspaces'): installed on first use. */
function ensureLighthouse(): void {
  if (existsSync(lighthouseCli)) return;
  log('installing lighthouse@12.2.3 into apps/web/bench/lighthouse (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund'], lighthouseDir);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rankmatch-bench-web-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  // The server from its sources (as the browser tests run it): its bundle in apps/server/dist is left alone.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
      // The benchmark's page loads are many requests from one address.
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-10_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = () =>
    new Promise<void>((done) => {
      const cleanup = () => {
        rmSync(dataDir, { recursive: true, force: true });
        done();
      };
      if (child.exitCode !== null) return cleanup();
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(force);
        cleanup();
      });
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the server did not answer /api/health within 120 s:\n${output}`);
}

/** fetch, once more on a network error (a kept-alive socket the server closed while Lighthouse ran). */
async function get(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

/** A settled match of the demo (the match page to measure). */
async function someMatchId(url: string): Promise<string> {
  const reply = await get(`${url}/api/players/dummy_01`);
  const page = (await reply.json()) as { recent_matches?: { match_id: string; winlose: number }[] };
  const match = page.recent_matches?.find((m) => m.winlose !== 2) ?? page.recent_matches?.[0];
  if (!match) throw new Error('dummy_01 has no match in the demo data');
  return match.match_id;
}

interface LighthouseResult {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      score: number | null;
      scoreDisplayMode: string;
      numericValue?: number;
      details?: { items?: { url?: string; resourceType?: string; transferSize?: number }[] };
    }
  >;
  runtimeError?: { message: string };
}

/**
 * Lighthouse once more when a run fails to record the page (its own flake, e.g. NO_NAVSTART: "Something went wrong
 * with recording the trace"), at most twice; a second failure is the bench's failure.
 */
function lighthouseWithRetry(url: string, reportPath: string | null): Run {
  try {
    return lighthouse(url, reportPath);
  } catch (error) {
    log(`${error instanceof Error ? error.message.split('\n').slice(0, 2).join(' ') : error}: once more`);
    return lighthouse(url, reportPath);
  }
}

function lighthouse(url: string, reportPath: string | null): Run {
  const load = loadavg()[0] ?? 0;
  const out = join(tmpdir(), `rankmatch-lighthouse-${process.pid}.json`);
  const result = spawnSync(
    process.execPath,
    [
      lighthouseCli,
      url,
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      '--form-factor=mobile',
      '--throttling-method=simulate',
      '--only-categories=performance,accessibility,best-practices,seo',
      `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}:\n${result.stderr}`);
  const text = readFileSync(out, 'utf8');
  rmSync(out, { force: true });
  if (reportPath) writeFileSync(reportPath, text);
  const report = JSON.parse(text) as LighthouseResult;
  if (report.runtimeError) throw new Error(`lighthouse on ${url}: ${report.runtimeError.message}`);
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const scripts = (report.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
  // Audits that cost points in the three all-or-nothing categories (what to fix when one is below 100).
  const failing = ['accessibility', 'seo', 'best-practices'].flatMap((category) =>
    (report.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}:${ref.id}`),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    bestPractices: score('best-practices'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    jsFiles: scripts.map((r) => new URL(r.url ?? '', url).pathname),
    failing,
    load,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The entry chunk (the module script index.html loads) and its compressed sizes, as the measured site serves it. */
async function entryChunk(url: string): Promise<{ file: string; raw: number; gzip: number; brotli: number }> {
  const html = await (await get(`${url}/`)).text();
  const src = /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('index.html has no module script');
  const code = Buffer.from(
    await (await get(`${url}${src}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
  );
  return {
    file: src,
    raw: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    brotli: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;
const mark = (ok: boolean) => (ok ? '✓' : '✗');

async function main(): Promise<void> {
  ensureLighthouse();
  if (!existsSync(CHROME)) throw new Error(`Chromium not found at ${CHROME} (apt-get install -y chromium)`);
  let url = process.env.BENCH_URL;
  let stop = async () => {};
  if (!url) {
    if (process.env.BENCH_SKIP_BUILD !== '1') {
      log('building the web app and its page renderer (npm run build)…');
      run('npm', ['run', 'build', '--silent'], webRoot);
    }
    log('starting the server…');
    ({ url, stop } = await startServer());
  }
  const reportDir = process.env.BENCH_REPORTS ? resolve(process.env.BENCH_REPORTS) : null;
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  try {
    const matchId = await someMatchId(url);
    const pages = process.env.BENCH_PAGES?.split(',') ?? [
      '/',
      '/stats',
      '/players/dummy_01',
      '/shop',
      '/about',
      `/matches/${matchId}`,
    ];
    // One unmeasured load first: the server's first replies (statistics, ranking) warm up.
    for (const page of pages) await fetch(`${url}${page}`);
    const results = new Map<string, Run[]>();
    for (let round = 0; round < RUNS; round++) {
      for (const page of pages) {
        const slug = page.replaceAll('/', '_') || '_';
        const report = reportDir ? join(reportDir, `${slug}-${round + 1}.json`) : null;
        const measured = lighthouseWithRetry(`${url}${page}`, report);
        log(
          `${page} run ${round + 1}/${RUNS}: perf ${measured.performance}, LCP ${seconds(measured.lcpMs)}, ` +
            `TBT ${Math.round(measured.tbtMs)} ms, CLS ${measured.cls.toFixed(3)} (load ${measured.load.toFixed(2)})`,
        );
        results.set(page, [...(results.get(page) ?? []), measured]);
      }
    }

    const entry = await entryChunk(url);
    const loads = [...results.values()].flat().map((r) => r.load);
    const lines: string[] = [];
    lines.push(
      `Lighthouse 12.2.3, ${RUNS} runs per page (medians), mobile, simulated throttling, logged out, ${CHROME}`,
      `load average during the runs: ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)} ` +
        `(1-minute, 2 cores; at the end: ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')})`,
      '',
      '| page | perf | FCP | LCP | TBT | CLS | a11y | SEO | BP | JS |',
      '|---|---|---|---|---|---|---|---|---|---|',
    );
    const misses: string[] = [];
    for (const [page, runs] of results) {
      const m = (pick: (r: Run) => number) => median(runs.map(pick));
      const row = {
        performance: m((r) => r.performance),
        fcpMs: m((r) => r.fcpMs),
        lcpMs: m((r) => r.lcpMs),
        tbtMs: m((r) => r.tbtMs),
        cls: m((r) => r.cls),
        accessibility: m((r) => r.accessibility),
        seo: m((r) => r.seo),
        bestPractices: m((r) => r.bestPractices),
        jsBytes: m((r) => r.jsBytes),
      };
      lines.push(
        `| \`${page}\` | ${row.performance} | ${seconds(row.fcpMs)} | ${seconds(row.lcpMs)} | ${Math.round(row.tbtMs)} ms | ` +
          `${row.cls.toFixed(3)} | ${row.accessibility} | ${row.seo} | ${row.bestPractices} | ${kib(row.jsBytes)} |`,
      );
      const checks: [boolean, string][] = [
        [row.performance >= TARGETS.performance, `performance ${row.performance} < ${TARGETS.performance}`],
        [row.lcpMs <= TARGETS.lcpMs, `LCP ${seconds(row.lcpMs)} > ${seconds(TARGETS.lcpMs)}`],
        [row.tbtMs <= TARGETS.tbtMs, `TBT ${Math.round(row.tbtMs)} ms > ${TARGETS.tbtMs} ms`],
        [row.cls <= TARGETS.cls, `CLS ${row.cls.toFixed(3)} > ${TARGETS.cls}`],
        [row.accessibility >= TARGETS.accessibility, `accessibility ${row.accessibility}`],
        [row.seo >= TARGETS.seo, `SEO ${row.seo}`],
        [row.bestPractices >= TARGETS.bestPractices, `best practices ${row.bestPractices}`],
      ];
      for (const [ok, what] of checks) if (!ok) misses.push(`${page}: ${what}`);
      const failing = [...new Set(runs.flatMap((r) => r.failing))];
      if (failing.length) misses.push(`${page}: failing audits ${failing.join(', ')}`);
    }

    lines.push('', 'JavaScript per page (transferred, compressed; from the median-sized run):');
    for (const [page, runs] of results) {
      const sorted = [...runs].sort((a, b) => a.jsBytes - b.jsBytes);
      const mid = sorted[Math.floor(sorted.length / 2)] as Run;
      lines.push(`  ${page.padEnd(24)} ${kib(mid.jsBytes).padStart(10)}  ${mid.jsFiles.length} files`);
    }
    const entryOk = entry.brotli <= TARGETS.entryKiB * KIB;
    if (!entryOk) misses.push(`entry chunk ${kib(entry.brotli)} brotli > ${TARGETS.entryKiB} KiB`);
    lines.push(
      '',
      `entry chunk ${entry.file}: ${kib(entry.raw)} minified, ${kib(entry.gzip)} gzip, ${kib(entry.brotli)} brotli ` +
        `${mark(entryOk)} (target ≤ ${TARGETS.entryKiB} KiB compressed)`,
      '',
      `targets (every page): performance ≥ ${TARGETS.performance}, LCP ≤ ${seconds(TARGETS.lcpMs)}, ` +
        `TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}, accessibility ${TARGETS.accessibility}, ` +
        `SEO ${TARGETS.seo}, best practices ${TARGETS.bestPractices}; entry chunk ≤ ${TARGETS.entryKiB} KiB compressed`,
      misses.length ? `${mark(false)} not met:\n${misses.map((m) => `  - ${m}`).join('\n')}` : `${mark(true)} all met`,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
    process.exitCode = misses.length ? 1 : 0;
  } finally {
    await stop();
  }
}

await main();
