import { SIGNED_IN_COOKIE } from '@rankmatch/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, chromiumPath, expectFitsViewport, launchChromium, PHONE } from './support.ts';

// Nothing moves while a public page loads (issue 25: CLS ≤ 0.05 on a phone), also when the API answers slowly: every
// /api call is held back 1.5 s. A visitor's pages come rendered by the server with their data; a signed-in player's
// browser renders them itself, so its skeletons show first and must have the size of what replaces them. The layout
// shifts are summed as Chromium reports them (PerformanceObserver 'layout-shift', none caused by input).

const API_DELAY_MS = 1500;
const TARGET = 0.05;

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    __shifts: Shift[];
  }
}

async function someMatchId(): Promise<string> {
  const page = await api<{ recent_matches: { match_id: string }[] }>('/api/players/dummy_01');
  const match = page.body.recent_matches[0];
  if (!match) throw new Error('dummy_01 has no match in the demo data');
  return match.match_id;
}

/** Opens the page, waits until it has everything it asked for, and returns the layout shifts that happened. */
async function shiftsWhileLoading(page: Page, path: string): Promise<Shift[]> {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForLoadState('networkidle');
  // Fonts, images and the last renders.
  await page.waitForTimeout(500);
  return page.evaluate(() => window.__shifts);
}

describe.skipIf(!chromiumPath)('public pages do not move while they load', () => {
  let browser: Browser;
  let pages: string[];

  beforeAll(async () => {
    browser = await launchChromium();
    // /?tab=match signed out: the login prompt and the queue's outlook (issue 24), whose rows stand while it loads.
    pages = [
      '/',
      '/?tab=ranking',
      '/?tab=match',
      '/stats',
      '/players/dummy_01',
      `/matches/${await someMatchId()}`,
      '/shop',
      '/about',
    ];
  });
  afterAll(async () => {
    await browser?.close();
  });

  // As a visitor (pages rendered by the server, the API slow or not) and as a signed-in player's browser, which renders
  // the pages itself (the web app's SIGNED_IN_COOKIE; the session itself is not needed for these pages) from a slow API.
  for (const { slow, rendered } of [
    { slow: true, rendered: 'server' },
    { slow: false, rendered: 'server' },
    { slow: true, rendered: 'browser' },
  ]) {
    it(`CLS ≤ ${TARGET} on a phone, pages rendered by the ${rendered}, with ${slow ? `an API that answers after ${API_DELAY_MS / 1000} s` : 'the API as it is'}`, async () => {
      const context = await browser.newContext(PHONE);
      await context.addInitScript(() => {
        window.__shifts = [];
        const describe = (node: Node | null) => {
          if (!(node instanceof Element)) return String(node?.nodeName ?? 'unknown');
          return `${node.tagName.toLowerCase()}${[...node.classList].map((c) => `.${c}`).join('')}`;
        };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node: Node | null }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            window.__shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => describe(s.node)) });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      if (rendered === 'browser') {
        await context.addCookies([{ name: SIGNED_IN_COOKIE, value: '1', url: baseUrl }]);
      }
      if (slow) {
        await context.route(
          (url) => url.pathname.startsWith('/api/'),
          async (route) => {
            await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
            await route.continue();
          },
        );
      }
      const page = await context.newPage();
      const problems: string[] = [];
      for (const path of pages) {
        const shifts = await shiftsWhileLoading(page, path);
        const total = shifts.reduce((sum, s) => sum + s.value, 0);
        if (total > TARGET) {
          const worst = [...shifts].sort((a, b) => b.value - a.value).slice(0, 3);
          problems.push(
            `${path}: CLS ${total.toFixed(3)} (${worst.map((s) => `${s.value.toFixed(3)} ${s.sources.join(' ')}`).join('; ')})`,
          );
        }
        await expectFitsViewport(page, path);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
