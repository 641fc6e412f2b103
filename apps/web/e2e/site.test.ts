import { join } from 'node:path';
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

// The whole site in Debian's Chromium against the real server (see global-setup.ts): log in with a test account
// from the dropdown, edit the profile (with a validation error), equip two badges, look at the ranking and the
// static pages, log out. Screenshots of every step go to e2e/screenshots/ at 1280×800 and 390×844.

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800, account: 'dummy_02' },
  { name: 'phone', width: 390, height: 844, account: 'dummy_04' },
] as const;

// Badges awarded before the scenario: a gradient one and an image one (equipped), and one with a long name that the
// picker must show whole on a phone.
const BADGES = [
  { id: 'badge_001', display: 'S0 1位' },
  { id: 'badge_075', display: '第1回大会 優勝' },
] as const;
const LONG_NAMED = { id: 'badge_070', display: 'S1 ゴールドライセンス' } as const;

/** Awards the badges to a test account through the admin API (as dummy_admin). */
async function awardBadges(userId: string): Promise<void> {
  const login = await api<{ access_token: string }>('/api/auth/dummy/login', {
    method: 'POST',
    body: { user_id: 'dummy_admin' },
  });
  expect(login.status).toBe(200);
  for (const badge of [...BADGES, LONG_NAMED]) {
    const award = await api<{ ok?: boolean; error?: string }>('/api/admin/badges/award', {
      method: 'POST',
      body: { user_id: userId, badge_id: badge.id },
      token: login.body.access_token,
    });
    expect(award.status, `award ${badge.id}: ${JSON.stringify(award.body)}`).toBe(200);
  }
}

describe.skipIf(!chromiumPath)('the site in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of VIEWPORTS) {
    it(`full scenario at ${viewport.width}×${viewport.height}`, async () => {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        locale: 'ja-JP',
        timezoneId: 'Asia/Tokyo',
      });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (err) => pageErrors.push(err.message));
      // Every state the scenario shows: a screenshot, and on the phone nothing wider than the screen.
      const shot = async (step: string) => {
        await page.screenshot({ path: join(screenshotDir, `${viewport.name}-${step}.png`), fullPage: false });
        if (viewport.width <= PHONE_WIDTH) await expectFitsViewport(page, step);
      };

      await awardBadges(viewport.account);

      // Top page: season banner and the rules tab (default).
      await page.goto(baseUrl);
      await page.getByRole('heading', { name: 'ルール', exact: true }).waitFor();
      await expect(page.getByRole('tab', { name: 'ルール' }).getAttribute('aria-selected')).resolves.toBe('true');
      await page.getByRole('region', { name: 'シーズン情報' }).waitFor();
      await shot('01-rules');

      // Header links: every one reachable. On the phone the row scrolls sideways; the arrow at the faded edge
      // brings the last link into view.
      const nav = page.getByRole('navigation', { name: 'サイト' });
      const lastLink = nav.getByRole('link', { name: 'プライバシー' });
      if (viewport.name === 'phone') {
        await nav.locator('.site-nav__more--end').click();
        // At the end of the row the hint moves to the start.
        await nav.locator('.site-nav__more--start').waitFor();
        await nav.locator('.site-nav__more--end').waitFor({ state: 'detached' });
        await shot('01-header-scrolled');
      }
      const box = await lastLink.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);

      // My page, logged out: log in with a test account from the dropdown.
      await page.getByRole('tab', { name: 'マイページ' }).click();
      await page.waitForURL(/\?tab=mypage$/);
      await page.getByRole('button', { name: 'Discord でログイン' }).waitFor();
      await page.getByLabel('テストアカウントを選択').selectOption(viewport.account);
      await shot('02-login');
      await page.getByRole('button', { name: 'テストアカウントでログイン' }).click();
      await page.getByRole('button', { name: 'プロフィール編集' }).waitFor();
      // The view shows the profile from its top (its name below the sticky header), not the middle of the page.
      await expect
        .poll(async () => {
          const name = await page.locator('.profile-card').first().boundingBox();
          const header = await page.locator('.site-header').boundingBox();
          return name !== null && header !== null && name.y >= header.y + header.height - 1 && name.y < viewport.height;
        })
        .toBe(true);
      await shot('03-mypage');

      // Profile edit: an empty trainer name is refused inline, then a valid profile is saved.
      await page.getByRole('button', { name: 'プロフィール編集' }).click();
      const dialog = page.getByRole('dialog', { name: 'プロフィール編集' });
      await dialog.waitFor();
      await dialog.getByLabel('トレーナー名').fill('');
      await dialog.getByRole('button', { name: '保存する' }).click();
      await dialog.getByText('トレーナー名は必須です').waitFor();
      await shot('04-profile-validation');
      const trainerName = `E2E${viewport.name === 'desktop' ? 'デスクトップ' : 'スマホ'}`;
      await dialog.getByLabel('トレーナー名').fill(trainerName);
      await dialog.getByLabel('X（Twitter）ID').fill('@unite_e2e');
      await dialog.getByLabel('お気に入りポケモンを検索').fill('ピカ');
      await dialog.getByRole('button', { name: 'ピカチュウを追加' }).click();
      await dialog.getByLabel('自己紹介').fill('E2E テストで作ったプロフィールです。よろしくお願いします！');
      await dialog.getByRole('button', { name: '保存する' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: trainerName }).waitFor();

      // Equip two badges, one per slot.
      for (const [index, badge] of BADGES.entries()) {
        const slot = index + 1;
        await page.getByRole('button', { name: `バッジ${slot}を変更` }).click();
        const picker = page.getByRole('dialog', { name: `バッジ${slot}を選択` });
        await picker.waitFor();
        await picker.getByRole('button', { name: new RegExp(badge.display) }).click();
        if (slot === 2) {
          // Every badge name whole, however narrow the card (S1 ゴールドライセンス, not S1 ゴールドラ…).
          await picker.getByText(LONG_NAMED.display, { exact: true }).first().waitFor();
          const cut = await picker.evaluate((dialog) =>
            [...dialog.querySelectorAll<HTMLElement>('.badge-option__name, .badge-option .badge-chip')]
              .filter((el) => el.scrollWidth > el.clientWidth + 1)
              .map((el) => el.textContent),
          );
          expect(cut).toEqual([]);
          await shot('05-badge-picker');
        }
        await picker.getByRole('button', { name: '装備する' }).click();
        await picker.waitFor({ state: 'detached' });
      }
      await page.getByText(`${BADGES[0].display}、${BADGES[1].display}`).waitFor();

      // The change survives a reload (cache refreshed after own changes, server saved it).
      await page.reload();
      await page.getByRole('heading', { name: trainerName }).waitFor();
      const me = await page.evaluate(async () => {
        const token = localStorage.getItem('rankmatch.access_token');
        const response = await fetch('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
        return response.json();
      });
      expect(me).toMatchObject({
        trainer_name: trainerName,
        twitter_id: 'unite_e2e',
        favorite_pokemon: ['PIKACHU'],
        current_badge: BADGES[0].id,
        current_badge_2: BADGES[1].id,
      });
      await shot('06-mypage-badges');

      // Ranking tab.
      await page.getByRole('tab', { name: 'ランキング' }).click();
      await page.waitForURL(/\?tab=ranking$/);
      await page
        .getByRole('table')
        .or(page.getByText(/ランキングデータがありません|シーズン期間外のため、ランキングはありません/))
        .first()
        .waitFor();
      await shot('07-ranking');

      // An address the site does not have: a 404 page with the way home.
      await page.goto(`${baseUrl}/no/such/page`);
      await page.getByRole('heading', { level: 1, name: 'ページが見つかりません' }).waitFor();
      await shot('07-not-found');
      await page.getByRole('link', { name: 'トップページへ戻る' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await page.getByRole('heading', { name: 'ルール', exact: true }).waitFor();

      // Static pages.
      for (const [path, title] of [
        ['/about', 'このサイトについて'],
        ['/terms', '利用規約'],
        ['/privacy', 'プライバシーポリシー'],
        ['/commercial', '特定商取引法に基づく表記'],
      ] as const) {
        await page.goto(`${baseUrl}${path}`);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await shot(`08-static${path.replace('/', '-')}`);
      }

      // Log out from my page.
      await page.goto(`${baseUrl}/?tab=mypage`);
      await page.getByRole('button', { name: 'ログアウト' }).click();
      await page.getByRole('button', { name: 'Discord でログイン' }).waitFor();
      const stored = await page.evaluate(() => [
        localStorage.getItem('rankmatch.access_token'),
        localStorage.getItem('rankmatch.profile.static'),
      ]);
      expect(stored).toEqual([null, null]);
      await shot('09-logged-out');

      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
