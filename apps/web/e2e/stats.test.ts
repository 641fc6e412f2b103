import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { StatsReply } from '@rankmatch/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  baseUrl,
  chromiumPath,
  expectFitsViewport,
  launchChromium,
  PHONE_WIDTH,
  screenshotDir,
} from './support.ts';

// The statistics page in Chromium against the real server: opened from the header link, it shows the active season
// and its figures (the simulated demo season's), the band switch writes the address, the lazily loaded chart library
// draws under the Content-Security-Policy, and a phone never scrolls sideways. Also the budget of the first
// screen: the entry script and its static imports stay within 250 KB gzip (the chart library is not among them).

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const INITIAL_JS_BUDGET = 250 * 1000;
const dist = join(dirname(fileURLToPath(import.meta.url)), '../dist');

/**
 * The entry script of dist/index.html, its start-up steps (the modules it imports dynamically: src/main.tsx) and every
 * module those import statically (not the pages' lazy chunks), gzipped.
 */
function initialJavaScript(): { files: string[]; gzipBytes: number } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = /<script[^>]*type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('no module entry script in dist/index.html');
  const files: string[] = [];
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (files.includes(file)) continue;
    files.push(file);
    const code = readFileSync(join(dist, file), 'utf8');
    // Static imports and re-exports: `import{a}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"` (not `import(…)`).
    for (const match of code.matchAll(/\b(?:import|export)\s*(?:[^"'`()]*?\bfrom\s*)?["'](\.\.?\/[^"']+\.js)["']/g)) {
      queue.push(posix.join(posix.dirname(file), match[1] as string));
    }
    // The entry's start-up steps: import(`./libraries-….js`).
    if (file === entry) {
      for (const match of code.matchAll(/\bimport\(\s*["'`](\.\.?\/[^"'`]+\.js)["'`]\s*\)/g)) {
        queue.push(posix.join(posix.dirname(file), match[1] as string));
      }
    }
  }
  const gzipBytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
  return { files, gzipBytes };
}

describe.skipIf(!chromiumPath)('the statistics page in Chromium', () => {
  let browser: Browser;
  let season: { id: string; name: string } | null;
  let seasonName: string | null;

  beforeAll(async () => {
    browser = await launchChromium();
    const active = await api<{ current_season: { id: string; name: string } | null }>('/api/seasons/active');
    season = active.body.current_season;
    seasonName = season?.name ?? null;
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('keeps the initial JavaScript within 250 KB gzip, without the chart library', () => {
    const { files, gzipBytes } = initialJavaScript();
    console.log(`[e2e] initial JavaScript: ${files.length} files, ${(gzipBytes / 1000).toFixed(1)} KB gzip`);
    expect(files.length).toBeGreaterThan(1);
    expect(gzipBytes).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
    for (const file of files) expect(readFileSync(join(dist, file), 'utf8')).not.toContain('uPlot');
  });

  for (const viewport of VIEWPORTS) {
    it(`opens from the header and switches the band at ${viewport.width}×${viewport.height}`, async () => {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        locale: 'ja-JP',
        timezoneId: 'Asia/Tokyo',
      });
      await context.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (event) => {
          seen.push(`${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (err) => pageErrors.push(err.message));
      // Every state: a screenshot, and on the phone nothing wider than the screen.
      const shot = async (step: string, fullPage = false) => {
        await page.screenshot({ path: join(screenshotDir, `stats-${viewport.name}-${step}.png`), fullPage });
        if (viewport.width <= PHONE_WIDTH) await expectFitsViewport(page, step);
      };

      await page.goto(baseUrl);
      await page.getByRole('heading', { name: 'ルール', exact: true }).waitFor();
      await page.getByRole('navigation', { name: 'サイト' }).getByRole('link', { name: '統計', exact: true }).click();
      await page.waitForURL(`${baseUrl}/stats`);
      await page.getByRole('heading', { level: 1, name: '統計' }).waitFor();

      // The season is named, then either its figures or the empty state.
      if (seasonName) await page.getByText(`${seasonName}・すべて`).waitFor();
      else await page.getByText('開催中のシーズンはありません').waitFor();
      const figures = page.getByRole('region', { name: '試合の概要' });
      const empty = page.getByText('まだ試合がありません', { exact: true });
      await figures.or(empty).first().waitFor();
      if (await figures.isVisible()) {
        await page.getByRole('table', { name: /ポケモン別の使用率/ }).waitFor();
        await page.getByRole('table', { name: /曜日×時間帯/ }).waitFor();
      }
      // Where a chart has data, the lazily loaded uPlot draws it on a canvas once it comes near the screen.
      const histogram = page.getByRole('region', { name: 'レート分布' });
      if (
        (await histogram.count()) > 0 &&
        (await histogram.getByText('このレート帯のプレイヤーはいません').count()) === 0
      ) {
        await histogram.scrollIntoViewIfNeeded();
        await histogram.locator('.stats-uplot canvas').first().waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
      }
      await page.waitForLoadState('networkidle');
      await shot('01-page');
      await shot('01-page-full', true);

      // Nothing wider than the screen: wide tables scroll inside their cards.
      await expectFitsViewport(page, 'statistics');

      await page.getByRole('radio', { name: '1700以上' }).check();
      await page.waitForURL(/[?&]band=ge1700(&|$)/);
      if (seasonName) await page.getByText(`${seasonName}・1700以上`).waitFor();
      await expect(page.getByRole('radio', { name: '1700以上' }).isChecked()).resolves.toBe(true);
      await page.waitForLoadState('networkidle');
      await shot('02-band');

      // The address alone brings the same view back (a shared link).
      await page.reload();
      await expect(page.getByRole('radio', { name: '1700以上' }).isChecked()).resolves.toBe(true);

      const violations = await page.evaluate(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
      );
      expect(violations).toEqual([]);
      expect(pageErrors).toEqual([]);
      await context.close();
    });

    it(`lays out the demo season's figures at ${viewport.width}×${viewport.height}`, async () => {
      // The demo season was played by the simulation: its figures are the server's own.
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        locale: 'ja-JP',
        timezoneId: 'Asia/Tokyo',
      });
      const busy = (await api<StatsReply>('/api/public/stats?band=all')).body;
      expect(busy.matches).toBeGreaterThan(100);
      expect(busy.characters.length).toBeGreaterThan(20);
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (err) => pageErrors.push(err.message));

      await page.goto(`${baseUrl}/stats`);
      await page.getByRole('region', { name: '試合の概要' }).waitFor();
      // Three charts drawn by the lazily loaded uPlot once the app has taken the server's page over and each comes
      // near the screen (on a phone none is drawn before: they are far below the first screen); tables for the
      // characters, roles and the heat map.
      if (viewport.width <= PHONE_WIDTH) {
        await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
        await page.waitForLoadState('networkidle');
        await expect(page.locator('.stats-uplot canvas').count()).resolves.toBe(0);
      }
      for (const chart of await page.locator('.stats-chart').all()) await chart.scrollIntoViewIfNeeded();
      await expect
        .poll(() => page.locator('.stats-uplot canvas').count(), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(3);
      const characters = page.getByRole('region', { name: /ポケモン別の使用率/ });
      await expect(characters.getByRole('row').count()).resolves.toBe(20 + 1);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(screenshotDir, `stats-${viewport.name}-03-figures.png`), fullPage: true });

      await expectFitsViewport(page, 'statistics, demo season');
      // On a phone the wide tables scroll inside their cards instead.
      const scrolls = await page.evaluate(() =>
        [...document.querySelectorAll('.stats-characters .stats-scroll, .stats-heat')].map((el) => {
          const box = el.closest('.stats-scroll') as HTMLElement;
          return box.scrollWidth > box.clientWidth;
        }),
      );
      expect(scrolls).toEqual(viewport.name === 'phone' ? [true, true] : [false, false]);
      // The heat map's side with more hours fades out: the end at first, the start once scrolled to the end.
      const heat = page.locator('.stats-heat__scroll');
      const marks = () => heat.evaluate((el) => [el.hasAttribute('data-more-start'), el.hasAttribute('data-more-end')]);
      await heat.scrollIntoViewIfNeeded();
      await expect.poll(marks).toEqual(viewport.name === 'phone' ? [false, true] : [false, false]);
      if (viewport.name === 'phone') {
        await heat.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
        await expect.poll(marks).toEqual([true, false]);
      }
      // A line above each of them says they scroll, on a phone only (issue 36).
      await expect
        .poll(() => page.locator('.scroll-hint').filter({ visible: true }).count())
        .toBe(viewport.name === 'phone' ? 2 : 0);

      // The whole roster on request.
      await page.getByRole('button', { name: `すべて表示（${busy.characters.length}体）` }).click();
      await expect.poll(() => characters.getByRole('row').count()).toBe(busy.characters.length + 1);
      await expectFitsViewport(page, 'statistics, whole roster');

      // Sorting by win rate puts the highest first.
      await characters.getByRole('button', { name: /^勝率/ }).click();
      const firstRate = await characters
        .getByRole('row')
        .nth(1)
        .getByRole('cell')
        .nth(2)
        .locator('.stats-figure')
        .textContent();
      // (A character only banned has no win rate: it sorts last.)
      const best = Math.max(...busy.characters.flatMap((c) => (c.win_rate === null ? [] : [c.win_rate])));
      expect(firstRate).toBe(`${Math.round(best * 1000) / 10}%`);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
