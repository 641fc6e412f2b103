import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BOOT_KEYS, SIGNED_IN_COOKIE } from '@rankmatch/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  RENDER_CACHE_MS,
  RENDER_TIMEOUT_MS,
  RENDERS_IN_FLIGHT,
  RENDERS_PER_ADDRESS,
} from '../src/site/server-render.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { activeSeason } from './helpers/match.ts';

// Public pages rendered on the server (issue 25): index.html carries the page's markup in #root, the queries it read
// and its JavaScript in the boot data (preloaded by the entry after the first paint, so no modulepreload links), and
// no data preloads. The web app's renderer is replaced here by a small module beside the build that speaks its
// interface (renderPage(url, api, boot)): it reads the API through the function the server hands it, and a global
// switch makes it slow or fail. The real renderer is checked in the browser suite (apps/web/e2e/ssr.test.ts).

const ENTRY = 'assets/index-BQ3x9_aZ.js';
const START = 'assets/start-Cx1_ab2Z.js';
const ABOUT = 'assets/about-page-D4aa_b1Q.js';

interface RendererControl {
  calls: string[];
  mode: 'ok' | 'slow' | 'fail' | 'hang';
  release: (() => void)[];
  apiStatus: number[];
}
declare global {
  var rankmatchRenderer: RendererControl;
}

const RENDERER = `
export async function renderPage(url, api, boot) {
  const control = globalThis.rankmatchRenderer;
  control.calls.push(url);
  if (control.mode === 'fail') throw new Error('render failed');
  if (control.mode === 'hang') await new Promise((resolve) => control.release.push(resolve));
  const reply = await api('/api/site');
  control.apiStatus.push(reply.status);
  const site = await reply.json();
  let refused = null;
  try { await api('/api/queue/join', { method: 'POST' }); } catch (error) { refused = error.message; }
  return {
    rootStyle: "--theme:#123456",
    html: '<main><h1>rendered ' + url.replace(/</g, '&lt;') + '</h1><p>' + typeof site + ' ' + refused + '</p></main>',
    queries: { mutations: [], queries: [{ queryKey: ['site'], state: { data: site } }] },
    season: boot['${BOOT_KEYS.season}'] ? 'season' : 'none',
  };
}
`;

function builtWebApp(): string {
  const root = mkdtempSync(join(tmpdir(), 'rankmatch-web-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(root, 'dist-server'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html lang="ja"><head><title>t</title><script type="module" crossorigin src="/${ENTRY}"></script></head><body><div id="root"></div></body></html>`,
  );
  for (const file of [ENTRY, START, ABOUT]) writeFileSync(join(dist, file), 'export {};');
  // The entry's start-up step (its dynamic import) and the about page, a dynamic import of that step.
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: ENTRY, name: 'index', isEntry: true, dynamicImports: ['src/start.tsx'] },
      'src/start.tsx': {
        file: START,
        name: 'start',
        isDynamicEntry: true,
        dynamicImports: ['src/features/static/components/about-page.tsx'],
      },
      'src/features/static/components/about-page.tsx': { file: ABOUT, name: 'about-page', isDynamicEntry: true },
    }),
  );
  writeFileSync(join(root, 'dist-server', 'entry-server.js'), RENDERER);
  return dist;
}

const bootData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="boot-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as Record<
    string,
    unknown
  >;

describe('public pages rendered on the server', () => {
  let t: TestApp;
  let clock = 0;

  beforeAll(async () => {
    t = await createTestApp({ webDist: builtWebApp(), env: { RATE_LIMIT_PER_MINUTE: '30' } });
    await activeSeason(t);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    globalThis.rankmatchRenderer = { calls: [], mode: 'ok', release: [], apiStatus: [] };
    // Each test asks for its own address (the render cache keeps an address for RENDER_CACHE_MS).
    clock++;
  });

  it('writes the page into #root, its queries and JavaScript into the boot data, and preloads neither', async () => {
    const res = await t.request({ method: 'GET', url: `/about?v=${clock}`, remoteAddress: '203.0.113.10' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<div id="root"><main><h1>rendered /about?v=${clock}</h1><p>object `);
    // The season's colours are on <html>, so the page paints in them before the app applies them.
    expect(res.body).toContain('<html lang="ja" style="--theme:#123456">');
    // The renderer reads the API only with GET.
    expect(res.body).toContain("not a page's read: /api/queue/join");
    const boot = bootData(res.body);
    expect(boot[BOOT_KEYS.queries]).toMatchObject({ queries: [{ queryKey: ['site'] }] });
    expect(boot[BOOT_KEYS.modules]).toEqual([`/${START}`, `/${ABOUT}`]);
    expect(boot[BOOT_KEYS.season]).toBeTruthy();
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(res.body).not.toContain('as="fetch"');
  });

  it('an address rendered within a few seconds is not rendered again', async () => {
    const url = `/about?v=${clock}`;
    const first = await t.request({ method: 'GET', url });
    const second = await t.request({ method: 'GET', url });
    expect(globalThis.rankmatchRenderer.calls).toEqual([url]);
    expect(second.body).toContain(`rendered /about?v=${clock}`);
    expect(first.body).toContain(`rendered /about?v=${clock}`);
    expect(RENDER_CACHE_MS).toBeLessThanOrEqual(10_000);
  });

  it('a render that fails or takes too long leaves the page to the browser (index.html with its preloads)', async () => {
    globalThis.rankmatchRenderer.mode = 'fail';
    const failed = await t.request({ method: 'GET', url: `/about?v=${clock}` });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<div id="root"></div>');
    expect(failed.body).toContain(`<link rel="modulepreload" crossorigin href="/${START}" />`);
    expect(bootData(failed.body)[BOOT_KEYS.queries]).toBeUndefined();

    globalThis.rankmatchRenderer.mode = 'hang';
    const started = Date.now();
    const late = await t.request({ method: 'GET', url: `/about?v=${clock}-late` });
    expect(Date.now() - started).toBeGreaterThanOrEqual(RENDER_TIMEOUT_MS - 100);
    expect(late.body).toContain('<div id="root"></div>');
    for (const release of globalThis.rankmatchRenderer.release.splice(0)) release();
  });

  it(`renders at most ${RENDERS_IN_FLIGHT} pages at once: the others get index.html at once`, async () => {
    globalThis.rankmatchRenderer.mode = 'hang';
    const pending = Array.from({ length: RENDERS_IN_FLIGHT }, (_, i) =>
      t.request({ method: 'GET', url: `/about?v=${clock}-${i}` }),
    );
    await expect.poll(() => globalThis.rankmatchRenderer.calls.length).toBe(RENDERS_IN_FLIGHT);
    const started = Date.now();
    const extra = await t.request({ method: 'GET', url: `/about?v=${clock}-extra` });
    expect(Date.now() - started).toBeLessThan(RENDER_TIMEOUT_MS / 2);
    expect(extra.body).toContain('<div id="root"></div>');
    expect(globalThis.rankmatchRenderer.calls).toHaveLength(RENDERS_IN_FLIGHT);
    for (const release of globalThis.rankmatchRenderer.release.splice(0)) release();
    await Promise.all(pending);
  });

  it(`renders at most ${RENDERS_PER_ADDRESS} pages a minute for one address (ever new queries), then leaves them to the browser`, async () => {
    const flooder = '192.0.2.66';
    for (let i = 0; i < RENDERS_PER_ADDRESS; i++) {
      await t.request({ method: 'GET', url: `/about?flood=${clock}-${i}`, remoteAddress: flooder });
    }
    expect(globalThis.rankmatchRenderer.calls).toHaveLength(RENDERS_PER_ADDRESS);
    const over = await t.request({ method: 'GET', url: `/about?flood=${clock}-over`, remoteAddress: flooder });
    expect(over.statusCode).toBe(200);
    expect(over.body).toContain('<div id="root"></div>');
    // A page already rendered is still served from the cache; another visitor is rendered as usual.
    const cached = await t.request({ method: 'GET', url: `/about?flood=${clock}-0`, remoteAddress: flooder });
    expect(cached.body).toContain(`rendered /about?flood=${clock}-0`);
    const other = await t.request({ method: 'GET', url: `/about?flood=${clock}-other`, remoteAddress: '192.0.2.67' });
    expect(other.body).toContain(`rendered /about?flood=${clock}-other`);
    expect(globalThis.rankmatchRenderer.calls).toHaveLength(RENDERS_PER_ADDRESS + 1);
  });

  it("the renderer's API calls count against the visitor's address", async () => {
    const address = '198.51.100.77';
    for (let i = 0; i < 31; i++) await t.request({ method: 'GET', url: '/api/site', remoteAddress: address });
    const res = await t.request({ method: 'GET', url: `/about?v=${clock}`, remoteAddress: address });
    expect(res.statusCode).toBe(200);
    expect(globalThis.rankmatchRenderer.apiStatus).toEqual([429]);
  });

  it("leaves a signed-in player's page to the browser (the web app's cookie says so)", async () => {
    const res = await t.request({
      method: 'GET',
      url: `/about?v=${clock}`,
      headers: { cookie: `other=1; ${SIGNED_IN_COOKIE}=1` },
    });
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain(`<link rel="modulepreload" crossorigin href="/${START}" />`);
    expect(res.headers.vary).toBe('Cookie');
    // Not "1": a visitor.
    const visitor = await t.request({
      method: 'GET',
      url: `/about?v=${clock}`,
      headers: { cookie: `${SIGNED_IN_COOKIE}=` },
    });
    expect(visitor.body).toContain(`rendered /about?v=${clock}`);
    expect(globalThis.rankmatchRenderer.calls).toEqual([`/about?v=${clock}`]);
  });

  it('renders neither the tools nor a missing page', async () => {
    await t.request({ method: 'GET', url: '/admin' });
    const missing = await t.request({ method: 'GET', url: '/players/nobody_here' });
    expect(missing.statusCode).toBe(404);
    const unknown = await t.request({ method: 'GET', url: '/no/such/page' });
    expect(unknown.statusCode).toBe(404);
    expect(globalThis.rankmatchRenderer.calls).toEqual([]);
    // The 404 is written into the page: the browser shows "not found" without asking the API again (issue 36).
    expect(bootData(missing.body)[BOOT_KEYS.notFound]).toBe('/players/nobody_here');
    const match = await t.request({ method: 'GET', url: '/matches/999999' });
    expect(match.statusCode).toBe(404);
    expect(bootData(match.body)[BOOT_KEYS.notFound]).toBe('/matches/999999');
  });
});
