import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, chromiumPath, expectFitsViewport, launchChromium, PHONE_WIDTH } from './support.ts';

// Public pages come rendered by the server (issue 25): the page and its data are in the HTML, so a phone shows them
// before any JavaScript has run; the app then takes the page over (hydration) without rendering it again, without
// asking again for the data the page came with, and without a word in the console (a server page the browser renders
// differently is said as a warning: none may appear). Signed-in players get their own page rendered in the browser.

async function someMatchId(): Promise<string> {
  const page = await api<{ recent_matches: { match_id: string }[] }>('/api/players/dummy_01');
  const match = page.body.recent_matches[0];
  if (!match) throw new Error('dummy_01 has no match in the demo data');
  return match.match_id;
}

/** The title and description in a page's HTML as the server sends it. */
async function servedHead(path: string): Promise<{ title: string; description: string }> {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
  if (title === undefined || description === undefined) throw new Error(`${path}: no title or description`);
  const text = (escaped: string) =>
    escaped.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) =>
      name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
    );
  return { title: text(title), description: text(description) };
}

/** Each public page and a text its server-rendered HTML shows. */
async function publicPages(): Promise<[string, string][]> {
  return [
    ['/', 'ランキング'],
    ['/?tab=ranking', 'ランキング'],
    // A tab of its own chunk: loaded before the server renders it (a part that suspended there came as its fallback).
    ['/?tab=mypage', 'ログイン'],
    ['/stats', '統計'],
    ['/players/dummy_01', 'ランキングへ'],
    [`/matches/${await someMatchId()}`, '試合 #'],
    ['/shop', 'バッジショップ'],
    ['/about', 'このサイトについて'],
    ['/terms', '利用規約'],
    ['/privacy', 'プライバシーポリシー'],
    ['/commercial', '特定商取引法に基づく表記'],
  ];
}

describe.skipIf(!chromiumPath)('public pages rendered on the server', () => {
  let browser: Browser;
  let pages: [string, string][];

  beforeAll(async () => {
    browser = await launchChromium();
    pages = await publicPages();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows each page with its data before any JavaScript runs', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: PHONE_WIDTH, height: 844 },
    });
    const page = await context.newPage();
    try {
      for (const [path, text] of pages) {
        await page.goto(`${baseUrl}${path}`);
        const main = page.locator('#root main');
        await expect.poll(() => main.count(), { message: path }).toBe(1);
        expect(await main.innerText(), path).toContain(text);
        // Not a skeleton: the page's own content (at least a few lines of it).
        expect((await main.innerText()).length, path).toBeGreaterThan(60);
        await expectFitsViewport(page, `${path} without JavaScript`);
      }
    } finally {
      await context.close();
    }
  });

  it('takes each page over without rendering it again, asking again for its data, or a word in the console', async () => {
    const context = await browser.newContext({ viewport: { width: PHONE_WIDTH, height: 844 } });
    const page = await context.newPage();
    const said: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') said.push(`${page.url()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => said.push(`${page.url()}: ${e.message}`));
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
    });
    try {
      for (const [path] of pages) {
        asked.length = 0;
        const served = await servedHead(path);
        await page.goto(`${baseUrl}${path}`);
        // Marks the server's markup: hydration keeps these very elements; a render in the browser would replace them.
        await page.evaluate(() => {
          const heading = document.querySelector('#root main h1, #root main h2');
          if (heading) heading.setAttribute('data-from-server', '1');
        });
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        expect(await page.locator('[data-from-server]').count(), `${path}: the server's page was replaced`).toBe(1);
        // The app keeps the title and description the server wrote (the page's own, not its route's generic one).
        expect(await page.title(), path).toBe(served.title);
        expect(await page.locator('meta[name="description"]').getAttribute('content'), path).toBe(served.description);
        // The shell's own data came with the page.
        expect(asked, path).not.toContain('/api/site');
      }
      expect(said).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a tap on a button before the app has taken the page over is not lost', async () => {
    const page = await browser.newPage({ viewport: { width: PHONE_WIDTH, height: 844 } });
    try {
      // The app's code arrives 1.5 s late: the page is on screen, its buttons not yet the app's.
      await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.goto(`${baseUrl}/shop`, { waitUntil: 'domcontentloaded' });
      const buy = page
        .getByRole('article')
        .filter({ has: page.getByRole('button', { name: '購入する' }) })
        .first();
      await buy.getByRole('button', { name: '購入する' }).click();
      expect(await page.evaluate(() => document.documentElement.dataset.app ?? null)).toBeNull();
      await page.getByRole('dialog', { name: '購入にはログインが必要です' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.app)).toBe('ready');
    } finally {
      await page.close();
    }
  });

  it('is the app once taken over: a link opens the next page in place', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`${baseUrl}/about`);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => {
        (window as unknown as { stayed: boolean }).stayed = true;
      });
      await page.getByRole('link', { name: '統計' }).first().click();
      await page.waitForURL(`${baseUrl}/stats`);
      await expect.poll(() => page.locator('main h1').innerText(), { timeout: 10_000 }).toContain('統計');
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    } finally {
      await page.close();
    }
  });
});
