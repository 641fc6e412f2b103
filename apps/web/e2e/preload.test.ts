import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, chromiumPath, launchChromium } from './support.ts';

// No waterfall (issue 25): index.html names the page's chunk (modulepreload) and its first public data (preload as
// fetch), so both download with the entry; the app then uses those downloads instead of asking again.

describe.skipIf(!chromiumPath)('a public page loads its code and data with the entry', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const { path, data, chunk } of [
    { path: '/players/dummy_01', data: '/api/players/dummy_01', chunk: /\/assets\/player-page-[\w-]+\.js$/ },
    { path: '/stats', data: '/api/public/stats?band=all', chunk: /\/assets\/stats-page-[\w-]+\.js$/ },
    { path: '/', data: '/api/public/system', chunk: /\/assets\/home-page-[\w-]+\.js$/ },
  ]) {
    it(`${path}: the data and the page's chunk come from index.html's preloads, each asked for once`, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
      const page = await context.newPage();
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(`${baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
      // Who asked for each resource: "link" is the document's <link rel=preload>, "fetch" the app.
      const loads = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => {
          const url = new URL(entry.name);
          return { url: `${url.pathname}${url.search}`, by: (entry as PerformanceResourceTiming).initiatorType };
        }),
      );
      const describe = loads.map((l) => `${l.by} ${l.url}`).join('\n');
      expect(
        loads.filter((l) => l.url === data),
        describe,
      ).toEqual([{ url: data, by: 'link' }]);
      expect(
        loads.filter((l) => l.url === '/api/site'),
        describe,
      ).toEqual([{ url: '/api/site', by: 'link' }]);
      // The page's chunk (a module preload: initiator "other"), downloaded once.
      expect(
        loads.filter((l) => chunk.test(l.url)),
        describe,
      ).toHaveLength(1);
      expect(requested.filter((url) => chunk.test(url))).toHaveLength(1);
      await context.close();
    });
  }
});
