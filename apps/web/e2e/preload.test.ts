import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, chromiumPath, launchChromium } from './support.ts';

// No waterfall (issue 25). A public page comes rendered with its data (apps/web/e2e/ssr.test.ts): the browser never
// asks for that data, and the page's code (the start-up steps and the page's chunk, named in the boot data) is
// preloaded all at once after the first paint, each file once. A page the server does not render (the admin's tools)
// names its code (modulepreload) and the shell's data (preload as fetch) in index.html, so both download with the
// entry and the app uses those downloads instead of asking again.

interface Load {
  url: string;
  by: string;
  start: number;
}

/** Every resource the page loaded, who asked for it ("link": a <link> of index.html) and when. */
async function loadsOf(page: Page): Promise<Load[]> {
  return page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => {
      const url = new URL(entry.name);
      return {
        url: `${url.pathname}${url.search}`,
        by: (entry as PerformanceResourceTiming).initiatorType,
        start: entry.startTime,
      };
    }),
  );
}

describe.skipIf(!chromiumPath)('a page loads its code and data without a waterfall', () => {
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
    it(`${path}: the data comes with the page; the code after the first paint, each file once`, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
      const page = await context.newPage();
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(`${baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
      const loads = await loadsOf(page);
      const describe = loads.map((l) => `${l.by} ${l.url} @${Math.round(l.start)}`).join('\n');
      expect(
        loads.filter((l) => l.url === data || l.url === '/api/site'),
        describe,
      ).toEqual([]);
      const chunkLoads = loads.filter((l) => chunk.test(l.url));
      expect(chunkLoads, describe).toHaveLength(1);
      expect(requested.filter((url) => chunk.test(url))).toHaveLength(1);
      const scripts = requested.filter((url) => url.endsWith('.js'));
      expect(new Set(scripts).size, scripts.join('\n')).toBe(scripts.length);
      // The page was on screen before its code was asked for.
      const painted = await page.evaluate(
        () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY,
      );
      expect(chunkLoads[0]!.start, describe).toBeGreaterThanOrEqual(painted);
      await context.close();
    });
  }

  it("a page the server does not render: its code and the shell's data come from index.html's preloads, once", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${baseUrl}/match_test`);
    await page.waitForLoadState('networkidle');
    const loads = await loadsOf(page);
    const describe = loads.map((l) => `${l.by} ${l.url}`).join('\n');
    expect(
      loads.filter((l) => l.url === '/api/site').map((l) => l.by),
      describe,
    ).toEqual(['link']);
    // A module preload's initiator is "other" (a <script>'s would be "script").
    const start = loads.filter((l) => /\/assets\/start-[\w-]+\.js$/.test(l.url));
    expect(
      start.map((l) => l.by),
      describe,
    ).toEqual(['other']);
    expect(requested.filter((url) => /\/assets\/start-[\w-]+\.js$/.test(url))).toHaveLength(1);
    await context.close();
  });

  it("a signed-in player's top page preloads only what the app then asks for (no unused-preload warning)", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(`${page.url()}: ${message.text()}`);
    });
    await page.goto(`${baseUrl}/?tab=mypage`);
    await page.getByLabel('テストアカウントを選択').selectOption('dummy_16');
    await page.getByRole('button', { name: 'テストアカウントでログイン' }).click();
    await page.getByRole('button', { name: 'プロフィール編集' }).waitFor();
    for (const path of ['/', '/?tab=ranking']) {
      // 'load', not 'networkidle': Chromium revalidates /api/public/system in the background (stale-while-revalidate)
      // and holds that request open for about 30 s, which the idle wait counted.
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
      // Chromium says so a few seconds after the load when a preload went unused.
      await page.waitForTimeout(3500);
    }
    expect(warnings).toEqual([]);
    await context.close();
  });
});
