import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Caching of the built web app (issue 21, item 27): Vite names every file under /assets/ after a hash of its content,
// so such a file never changes and is cached for a year without revalidation; index.html (and the files without a
// hash) must be asked for again, or a deploy would not reach returning visitors.

const IMMUTABLE = 'public, max-age=31536000, immutable';

function builtWebApp(): string {
  const dist = mkdtempSync(join(tmpdir(), 'rankmatch-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'badges'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>rankmatch</title><script src="/assets/index-BQ3x9_aZ.js"></script>',
  );
  writeFileSync(join(dist, 'assets', 'index-BQ3x9_aZ.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets', 'index-Dk2-Lp0q.css'), 'body{}');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'badges', 'badge_001.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("push", () => {});');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"rankmatch","start_url":"/"}');
  return dist;
}

describe('web app caching', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDist: builtWebApp() });
  });
  afterAll(async () => {
    await t.close();
  });

  it('hashed assets are immutable for a year', async () => {
    for (const url of ['/assets/index-BQ3x9_aZ.js', '/assets/index-Dk2-Lp0q.css']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(IMMUTABLE);
    }
  });

  it('index.html, the single-page fallback and files without a hash are revalidated', async () => {
    for (const url of ['/', '/index.html', '/stats', '/players/dummy_01', '/favicon.svg', '/badges/badge_001.svg']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('an asset this build lacks is a 404, not index.html, and not cached as immutable', async () => {
    const res = await t.request({ method: 'GET', url: '/assets/gone-AAAAAAAA.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
  });

  it('the service worker and the manifest (issue 24): their types, revalidated, allowed by the CSP', async () => {
    const worker = await t.request({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const csp = String(worker.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    const manifest = await t.request({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });
});

describe('a build without the service worker', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = builtWebApp();
    rmSync(join(dist, 'sw.js'));
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /sw.js with a 404, not the page (a page in its place would fail as a script)', async () => {
    const res = await t.request({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });
});
