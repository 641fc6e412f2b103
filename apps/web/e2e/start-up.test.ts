import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, chromiumPath, expectAnimationsOffMainThread, launchChromium } from './support.ts';

// Short tasks while a public page starts (issue 25, TBT): the entry imports nothing itself and evaluates the start-up
// chunks one per task, the start-up chunks carry V8's compile hint, and costly pictures load as they come near the
// screen rather than all while the page starts; placeholders shine on the compositor.

const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

async function text(path: string): Promise<string> {
  const reply = await fetch(`${baseUrl}${path}`);
  expect(reply.status, path).toBe(200);
  return reply.text();
}

describe.skipIf(!chromiumPath)('a public page starts in short tasks', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the entry imports no chunk itself; React, the router, the query cache, zod and the app carry the compile hint', async () => {
    const html = await text('/about');
    const entry = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"/.exec(html)?.[1];
    expect(entry, html.slice(0, 2000)).toBeDefined();
    const code = await text(entry!);
    // A static import would evaluate that chunk (and all it imports) before the entry runs: one long task.
    expect(code).not.toMatch(/(^|[;\n])\s*import\s*[{*\w]/);
    const steps = [...code.matchAll(/import\([`"']\.\/([\w-]+?)-[\w-]{8}\.js[`"']\)/g)].map((m) => m[1]);
    expect(steps).toEqual([
      'react',
      'router',
      'query',
      'zod',
      'shared',
      'badges',
      'roster',
      'schemas',
      'community-schemas',
      'match-schemas',
      'live-schemas',
      'start',
    ]);
    for (const match of code.matchAll(/import\([`"']\.\/((react|router|query|zod|start)-[\w-]{8}\.js)[`"']\)/g)) {
      expect((await text(`/assets/${match[1]}`)).startsWith(`${COMPILE_HINT}\n`), match[1]).toBe(true);
    }
    const shared = /import\([`"']\.\/(shared-[\w-]{8}\.js)[`"']\)/.exec(code)?.[1];
    expect((await text(`/assets/${shared}`)).startsWith(COMPILE_HINT)).toBe(false);
  });

  it("the shop's badge art past the first row loads as its card comes near the screen, in its reserved box", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    const page = await context.newPage();
    const art: string[] = [];
    page.on('request', (request) => {
      if (/\/badges\/badge_\d+-card\.svg$/.test(request.url())) art.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl}/shop`);
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    const cards = page.locator('.shop-grid > li');
    const total = await cards.count();
    const withArt = await page.locator('.shop-grid .badge-chip--image').count();
    expect(withArt).toBeGreaterThan(8);
    // The first row and what is within a short scroll of the screen, not the whole grid.
    const first = art.length;
    expect(first).toBeGreaterThanOrEqual(2);
    expect(first).toBeLessThan(withArt);
    const placeholders = page.locator('.shop-grid .badge-chip__pending');
    expect(await placeholders.count()).toBe(withArt - first);
    // A placeholder keeps the card's art box: the card does not change height when the picture arrives.
    const last = cards.nth(total - 1);
    const before = await last.boundingBox();
    for (let i = 0; i < total; i++) await cards.nth(i).scrollIntoViewIfNeeded();
    await expect.poll(() => placeholders.count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(art.length).toBe(withArt);
    expect(new Set(art).size).toBe(art.length);
    const after = await last.boundingBox();
    expect(after?.height).toBe(before?.height);
    await context.close();
  });

  it("placeholders shine without the page's main thread, on a rendered page and while data loads", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    const page = await context.newPage();
    // /stats comes rendered with its charts' placeholders (the charts draw as they come near the screen).
    await page.goto(`${baseUrl}/stats`);
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    const shining = () =>
      page.evaluate(() =>
        document.getAnimations().some((a) => (a as CSSAnimation).animationName === 'skeleton-shimmer'),
      );
    expect(await shining()).toBe(true);
    await expectAnimationsOffMainThread(page, '/stats');
    // A player's page opened in the app while its data is held: its skeleton.
    await page.route('**/api/players/**', () => undefined);
    await page.getByRole('link', { name: '統計' }).first().waitFor();
    await page.evaluate(() => {
      window.history.pushState(null, '', '/players/dummy_01');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.locator('.players-skeleton').waitFor();
    expect(await shining()).toBe(true);
    await expectAnimationsOffMainThread(page, 'a player page loading');
    await context.close();
  });
});
