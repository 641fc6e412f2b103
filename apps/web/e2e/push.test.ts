import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  baseUrl,
  chromiumPath,
  dummyLogin,
  expectFitsViewport,
  launchChromium,
  loginUrl,
  PHONE,
  PHONE_WIDTH,
  screenshotDir,
} from './support.ts';

// The installable app (issue 24) in Chromium against the built site: the manifest is linked and valid, its icons are
// PNGs of their sizes, the service worker registers and shows a notification for a push message (delivered through
// the DevTools protocol, as DevTools' own "Push" button does: no push service involved), and the pages the feature
// adds fit a phone. Test account of its own: dummy_push_01 (a new id creates it).

const ACCOUNT = 'dummy_push_01';

interface Registration {
  registrationId: string;
  scopeURL: string;
  isDeleted: boolean;
}

/** The service worker registration of the site as DevTools sees it (its id is what deliverPushMessage needs). */
async function registrationOf(cdp: CDPSession): Promise<Registration> {
  const seen: Registration[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: Registration[] }) => {
    seen.push(...event.registrations);
  });
  await cdp.send('ServiceWorker.enable');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const found = seen.find((r) => r.scopeURL === `${baseUrl}/` && !r.isDeleted);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no service worker registration for ${baseUrl}/ (seen: ${JSON.stringify(seen)})`);
}

/** The notifications the site's service worker shows now. */
function notificationsOf(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      lang: n.lang,
      data: n.data as unknown,
    }));
  });
}

/** PNG width and height from the IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe.skipIf(!chromiumPath)('the installable app', () => {
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('links a valid manifest whose icons are PNGs of their sizes', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto(baseUrl);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe('/apple-touch-icon.png');

    // Chromium's own reading of it: no parse errors.
    const cdp = await context.newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
    expect(parsed.url).toBe(`${baseUrl}/manifest.webmanifest`);
    expect(parsed.errors).toEqual([]);
    // Nothing keeps Chromium from installing it but the test's own profile (a context is an incognito one). The worker
    // is registered after the load event.
    await page.evaluate(async () => navigator.serviceWorker.ready);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

    const response = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ short_name: 'rankmatch', lang: 'ja', start_url: '/', display: 'standalone' });
    expect(manifest.name).toContain('rankmatch');
    const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of [...manifest.icons, { src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }]) {
      const file = await fetch(`${baseUrl}${icon.src}`);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type'), icon.src).toBe('image/png');
      const bytes = new Uint8Array(await file.arrayBuffer());
      expect([...bytes.subarray(0, 4)], icon.src).toEqual([0x89, 0x50, 0x4e, 0x47]);
      const [w, h] = icon.sizes.split('x').map(Number);
      expect(pngSize(bytes), icon.src).toEqual({ width: w, height: h });
    }
    await context.close();
  });

  it('registers the service worker, which shows a pushed message as a notification', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP' });
    await context.grantPermissions(['notifications'], { origin: baseUrl });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/?tab=match`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseUrl}/`);
    // /sw.js as the browser gets it: JavaScript, asked for again on every update check.
    const worker = await fetch(`${baseUrl}/sw.js`);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');

    const cdp = await context.newCDPSession(page);
    const { registrationId } = await registrationOf(cdp);
    const payload = {
      kind: 'match_found',
      title: 'マッチングが成立しました',
      body: 'マッチ #123 の試合画面を開いてください。',
      url: '/?tab=match',
      tag: 'match_found:123',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl,
      registrationId,
      data: JSON.stringify(payload),
    });
    await expect
      .poll(() => notificationsOf(page), { timeout: 10_000 })
      .toEqual([
        {
          title: payload.title,
          body: payload.body,
          tag: payload.tag,
          icon: `${baseUrl}/icon-192.png`,
          lang: 'ja',
          data: { url: `${baseUrl}/?tab=match` },
        },
      ]);

    // A message the worker cannot read still shows something (a push must be visible), never nothing.
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl, registrationId, data: 'not json' });
    await expect
      .poll(async () => (await notificationsOf(page)).map((n) => n.title), { timeout: 10_000 })
      .toContain('rankmatch');
    await context.close();
  });

  it('does not cache API replies: only the precache (build files, shell, manifest and icons) is stored', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/?tab=ranking`);
    await page.evaluate(async () => navigator.serviceWorker.ready);
    // Controlled from the next load on (clients.claim also takes this one): load API data under the worker.
    await page.reload();
    await page.waitForLoadState('networkidle');
    const stored = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.filter((path) => path.startsWith('/api'))).toEqual([]);
    expect(
      stored.every((path) => /^\/(?:assets\/|index\.html$|manifest\.webmanifest$|[\w-]+\.png$)/.test(path)),
      stored.join('\n'),
    ).toBe(true);

    // Pages come from the server while it answers (its head for this address), the cached shell only offline.
    await page.goto(`${baseUrl}/players/dummy_01`);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toBe(`${baseUrl}/players/dummy_01`);
    await context.setOffline(true);
    const offline = await page.goto(`${baseUrl}/about`);
    expect(offline?.status()).toBe(200);
    expect(offline?.fromServiceWorker()).toBe(true);
    await page.locator('#root header').first().waitFor();
    await context.setOffline(false);
    await context.close();
  });

  it('my page (通知) and the match tab (いつ来ると良い？) fit a phone; the choices save on the server', async () => {
    const token = (await dummyLogin(ACCOUNT)).access_token;
    context = await browser.newContext(PHONE);
    await context.grantPermissions(['notifications'], { origin: baseUrl });
    const page = await context.newPage();
    await page.goto(loginUrl(token, ACCOUNT, 'mypage'));
    const card = page.getByRole('region', { name: '通知', exact: true });
    // The worker registers after the load event; then this device's state is known.
    await card.getByTestId('push-device-status').getByText('通知を受け取っていません').waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: 'この端末で通知を受け取る' }).waitFor();
    await card.getByRole('checkbox', { name: /お知らせを受け取る/ }).check();
    await card.getByLabel('お知らせする人数').selectOption('4');
    await card.getByRole('button', { name: '通知設定を保存' }).click();
    // Saved, and told at once that this device does not receive push yet (nothing else brings the alert).
    await card.getByText(/^保存しました。ただし、いまはお知らせを受け取れる端末がありません/).waitFor();
    await card.screenshot({ path: join(screenshotDir, 'push-mypage-phone.png') });
    await expectFitsViewport(page, 'my page (通知)');
    const saved = await api<{ prefs: { near_alert: { enabled: boolean; min_players: number } } }>(
      '/api/notifications/me',
      { token },
    );
    expect(saved.body.prefs.near_alert).toMatchObject({ enabled: true, min_players: 4 });

    await page.goto(`${baseUrl}/?tab=match`);
    const outlook = page.getByRole('region', { name: 'いつ来ると良い？' });
    await outlook.getByTestId('outlook-near').getByText(/\d+人/).waitFor();
    await outlook.getByText('すべての時間帯を見る').click();
    await outlook.screenshot({ path: join(screenshotDir, 'push-match-tab-phone.png') });
    await expectFitsViewport(page, 'match tab (いつ来ると良い？)');
    await context.close();

    // Signed out, the match tab shows the outlook with the countdown under the login prompt.
    context = await browser.newContext({ viewport: { width: PHONE_WIDTH, height: 844 }, locale: 'ja-JP' });
    const guest = await context.newPage();
    await guest.goto(`${baseUrl}/?tab=match`);
    const open = guest.getByRole('region', { name: 'いつ来ると良い？' });
    await open.getByTestId('outlook-waiting').getByText(/\d+人/).waitFor();
    await expectFitsViewport(guest, 'match tab signed out');
    await context.close();
  });
});
