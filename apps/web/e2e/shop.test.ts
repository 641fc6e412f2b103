import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, chromiumPath, expectFitsViewport, launchChromium, PHONE_WIDTH, screenshotDir } from './support.ts';

// The badge shop in Chromium against the real server in development mode, whose shop uses the built-in test
// payment (see global-setup.ts): a visitor is asked to log in; a test account buys サポーター ブロンズ through the
// confirmation modal, pays on the テスト決済 page with the test card, comes back to the success message and equips
// the badge from the my page. Screenshots go to e2e/screenshots/shop-*.png at 1280×800 and 390×844.

// Nobody else buys with these two accounts.
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800, account: 'dummy_25' },
  { name: 'phone', width: 390, height: 844, account: 'dummy_26' },
] as const;

const BADGE = { id: 'badge_099', display: 'サポーター ブロンズ', price: '￥500' } as const;

describe.skipIf(!chromiumPath)('the badge shop in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of VIEWPORTS) {
    it(`buys and equips a badge with the test payment at ${viewport.width}×${viewport.height}`, async () => {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        locale: 'ja-JP',
        timezoneId: 'Asia/Tokyo',
      });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (err) => pageErrors.push(err.message));
      // Every state: a screenshot, and on the phone nothing wider than the screen.
      const shot = async (step: string) => {
        await page.screenshot({
          path: join(screenshotDir, `shop-${viewport.name}-${step}.png`),
          fullPage: false,
          animations: 'disabled',
        });
        if (viewport.width <= PHONE_WIDTH) await expectFitsViewport(page, step);
      };
      const badgeCard = page.getByRole('article', { name: BADGE.display });

      // A visitor sees the shop in test mode and is asked to log in to buy.
      await page.goto(`${baseUrl}/shop`);
      await page.getByRole('heading', { level: 1, name: 'バッジショップ' }).waitFor();
      await page.getByText('テストモード（実際の請求は発生しません）').waitFor();
      await badgeCard.getByText(BADGE.price, { exact: true }).waitFor();
      await badgeCard.getByRole('button', { name: '購入する' }).click();
      const loginDialog = page.getByRole('dialog', { name: '購入にはログインが必要です' });
      await loginDialog.waitFor();
      await shot('01-visitor');

      // The dialog leads to the my page; log in there with the test account dropdown, then back to the shop.
      await loginDialog.getByRole('link', { name: 'マイページでログイン' }).click();
      await page.waitForURL(/\?tab=mypage$/);
      await page.getByLabel('テストアカウントを選択').selectOption(viewport.account);
      await page.getByRole('button', { name: 'テストアカウントでログイン' }).click();
      await page.getByRole('button', { name: 'プロフィール編集' }).waitFor();
      // A profile card is 120–300 px wide (spec 000 §9): on the my page and in the shop (issue 36).
      const cardWidth = (selector: string) =>
        page.locator(selector).evaluate((el) => Math.round(el.getBoundingClientRect().width));
      expect(await cardWidth('.profile-card')).toBeLessThanOrEqual(300);
      await page.getByRole('navigation', { name: 'サイト' }).getByRole('link', { name: 'ショップ' }).click();
      // Signed in: the own profile above the grid.
      await page.getByRole('figure', { name: 'あなたのプロフィール' }).waitFor();
      const previewWidth = await cardWidth('.profile-preview');
      expect(previewWidth).toBeGreaterThanOrEqual(120);
      expect(previewWidth).toBeLessThanOrEqual(300);
      await badgeCard.getByRole('button', { name: '購入する' }).waitFor();
      await shot('02-shop');

      // The confirmation modal, then the built-in test payment page.
      await badgeCard.getByRole('button', { name: '購入する' }).click();
      const dialog = page.getByRole('dialog', { name: '購入内容の確認' });
      await dialog.getByRole('figure', { name: '装備したときのイメージ（バッジ1）' }).waitFor();
      await dialog.getByText('テスト決済ページへ移動します', { exact: false }).waitFor();
      await shot('03-confirm');
      await dialog.getByRole('button', { name: '購入する' }).click();

      await page.waitForURL(/\/shop\/test-checkout\/cs_test_local_/);
      await page.getByRole('heading', { level: 1, name: 'テスト決済' }).waitFor();
      await page.getByText('テストモード').waitFor();
      await page.getByText(BADGE.price).waitFor();
      await expect(page.getByLabel('カード番号').inputValue()).resolves.toBe('4242 4242 4242 4242');
      await shot('04-test-checkout');
      await page.getByRole('button', { name: '支払う' }).click();

      // Back in the shop: the grant is confirmed, the address cleaned, the badge owned.
      await page.getByText('バッジを付与しました！マイページで装備できます').waitFor({ timeout: 20_000 });
      expect(new URL(page.url()).pathname).toBe('/shop');
      expect(new URL(page.url()).search).toBe('');
      await badgeCard.getByRole('button', { name: '購入済み' }).waitFor();
      await shot('05-granted');

      // The my page lists the purchase, and still fits the phone (the history table scrolls in its own box).
      await page.getByRole('link', { name: 'マイページを開く' }).click();
      const history = page.getByRole('region', { name: '購入履歴' });
      await history.getByText(BADGE.display).first().waitFor();
      await history.scrollIntoViewIfNeeded();
      await shot('05b-mypage-history');
      if (viewport.width <= PHONE_WIDTH) {
        // The tab bar is whole on screen and its ランキング tab takes a tap.
        const tabs = await page.getByRole('tablist', { name: 'メニュー' }).boundingBox();
        expect(tabs && tabs.x >= 0 && tabs.x + tabs.width <= viewport.width).toBe(true);
        await page.getByRole('tab', { name: 'ランキング' }).click({ trial: true });
      }

      // The badge can be equipped at once from the my page.
      await page.getByRole('button', { name: 'バッジ1を変更' }).click();
      const picker = page.getByRole('dialog', { name: 'バッジ1を選択' });
      await picker.getByRole('button', { name: new RegExp(BADGE.display) }).click();
      await shot('06-badge-picker');
      await picker.getByRole('button', { name: '装備する' }).click();
      await picker.waitFor({ state: 'detached' });
      const me = await page.evaluate(async () => {
        const token = localStorage.getItem('rankmatch.access_token');
        const response = await fetch('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
        return (await response.json()) as { current_badge: string | null; owned_badges: string[] };
      });
      expect(me).toMatchObject({ current_badge: BADGE.id });
      expect(me.owned_badges).toContain(BADGE.id);
      await shot('07-equipped');

      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
