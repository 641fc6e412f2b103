import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
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

// The admin panel in Chromium against the real server, at 1280×800 and 390×844: visitors and players are sent to /;
// the admin searches a player, edits their rate and badges and bans them (the player's next call gets 403), creates,
// activates and deletes a season, edits the rules and sees them on the rules tab, runs a whole test match on
// /match_test and changes a shop badge's sale limit. This file runs after the other browser tests (its season
// activation ends the demo season).

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800, target: 'dummy_07', season: 'e2e-desktop' },
  { name: 'phone', width: 390, height: 844, target: 'dummy_08', season: 'e2e-phone' },
] as const;

interface LoginReply {
  access_token: string;
}

interface ShopBadgesReply {
  badges: { id: string; max_sales: number }[];
}

async function token(userId: string): Promise<string> {
  const reply = await api<LoginReply>('/api/auth/dummy/login', { method: 'POST', body: { user_id: userId } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.access_token;
}

async function loginInBrowser(page: Page, userId: string): Promise<void> {
  await page.goto(`${baseUrl}/?tab=mypage`);
  await page.getByLabel('テストアカウントを選択').selectOption(userId);
  await page.getByRole('button', { name: 'テストアカウントでログイン' }).click();
  await page.getByRole('button', { name: 'プロフィール編集' }).waitFor();
}

/** datetime-local value for a unix time, in the browser's time zone (UTC in this container). */
const localInput = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 16);

describe.skipIf(!chromiumPath)('the admin panel in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of VIEWPORTS) {
    it(`lets an admin run the community from the browser (${viewport.name})`, async () => {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        locale: 'ja-JP',
      });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (err) => pageErrors.push(err.message));
      // Every confirmation is the site's own dialog: a browser dialog would be a regression.
      page.on('dialog', (dialog) => {
        pageErrors.push(`browser dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      const confirm = async (title: string, button: string) => {
        const dialog = page.getByRole('alertdialog', { name: title });
        await dialog.waitFor();
        await dialog.getByRole('button', { name: button }).click();
        await dialog.waitFor({ state: 'detached' });
      };
      // Every state: a screenshot, and on the phone nothing wider than the screen.
      const shot = async (step: string) => {
        await page.screenshot({ path: join(screenshotDir, `admin-${viewport.name}-${step}.png`), fullPage: false });
        if (viewport.width <= PHONE_WIDTH) await expectFitsViewport(page, step);
      };

      // A visitor and a player land on the top page, told why.
      await page.goto(`${baseUrl}/admin_control`);
      await page.waitForURL(`${baseUrl}/`);
      await page.getByText('管理画面を開けません').waitFor();
      await loginInBrowser(page, 'dummy_11');
      await page.goto(`${baseUrl}/admin_control`);
      await page.waitForURL(`${baseUrl}/`);
      await page.goto(`${baseUrl}/match_test`);
      await page.waitForURL(`${baseUrl}/`);
      await page.getByRole('tab', { name: 'マイページ' }).click();
      await page.getByRole('button', { name: 'ログアウト' }).click();
      // Signed out for real (the token dropped) before the next page load, which would otherwise still send it.
      await page.getByRole('button', { name: 'Discord でログイン' }).waitFor();

      // The admin signs in and opens the panel (the header has the way in).
      await loginInBrowser(page, 'dummy_admin');
      await page.getByRole('navigation', { name: 'サイト' }).getByRole('link', { name: '管理画面' }).waitFor();
      await page.goto(`${baseUrl}/admin_control`);
      await page.getByText('すべての操作は記録されます').first().waitFor();
      await page.getByRole('tab', { name: '概要・デバッグ' }).waitFor();
      await page.getByText('キューが10人になるまでテストアカウントを追加').waitFor();
      await shot('01-overview');

      // Users: search by Discord name, open the detail, edit rate and badges, then ban.
      const playerToken = await token(viewport.target);
      await page.getByRole('tab', { name: 'ユーザー管理' }).click();
      const discordName = `test_player_${viewport.target.slice(-2)}`;
      await page.getByLabel('検索キーワード').fill(discordName);
      await page.getByLabel('検索キーワード').press('Enter');
      await page.getByText('検索結果: 1件').waitFor();
      await page.getByRole('button', { name: new RegExp(discordName) }).click();
      await page.getByText('基本情報').waitFor();
      await shot('02-user-detail');

      await page.getByRole('button', { name: '編集', exact: true }).click();
      await page.getByLabel('レート', { exact: true }).fill('1650');
      await page.getByRole('button', { name: 'バッジを選択' }).click();
      const picker = page.getByRole('dialog', { name: '所持バッジを選択' });
      await picker.waitFor();
      await picker.getByLabel('バッジを検索').fill('badge_133');
      await picker.getByRole('checkbox').first().check();
      await shot('03-badge-picker');
      await picker.getByRole('button', { name: 'この内容にする' }).click();
      await picker.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: '保存', exact: true }).click();
      await page.getByText('ユーザー情報を更新しました').waitFor();
      const edited = await api<{ rate: number; owned_badges: string[] }>(`/api/admin/users/${viewport.target}`, {
        token: await token('dummy_admin'),
      });
      expect(edited.body.rate).toBe(1650);
      expect(edited.body.owned_badges).toContain('badge_133');

      // The player watches their match tab meanwhile (live over the socket).
      const playerContext = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        locale: 'ja-JP',
      });
      const playerPage = await playerContext.newPage();
      await loginInBrowser(playerPage, viewport.target);
      await playerPage.getByRole('tab', { name: 'マッチング' }).click();
      await playerPage.getByText('リアルタイム更新中').waitFor();
      // Scrolled down, as a phone is on its match tab: the suspended state must still open at its top (issue 36).
      await playerPage.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      if (viewport.width <= PHONE_WIDTH) expect(await playerPage.evaluate(() => window.scrollY)).toBeGreaterThan(0);

      await page.getByRole('button', { name: '編集', exact: true }).click();
      await page.getByLabel('利用停止にする').check();
      await page.getByRole('button', { name: '保存', exact: true }).click();
      await confirm('利用停止', '利用停止にする');
      await page.getByText('利用停止中').first().waitFor();
      await shot('04-user-banned');
      const next = await api<{ code: string }>('/api/users/me', { token: playerToken });
      expect(next.status).toBe(403);
      expect(next.body.code).toBe('BANNED');
      // The banned player's page shows one clear suspended state at once: no 認証エラー, no retries, no reconnecting.
      await playerPage.getByRole('heading', { name: 'このアカウントは利用停止中です' }).waitFor({ timeout: 15_000 });
      expect(await playerPage.evaluate(() => window.scrollY)).toBe(0);
      await playerPage.waitForTimeout(4000);
      await expect(playerPage.getByText(/再接続中|認証の有効期限|キューに参加中/).count()).resolves.toBe(0);
      await expect(playerPage.getByRole('button', { name: '再試行' }).count()).resolves.toBe(0);
      await playerPage.screenshot({ path: join(screenshotDir, `admin-${viewport.name}-04b-player-suspended.png`) });
      if (viewport.width <= PHONE_WIDTH) await expectFitsViewport(playerPage, 'suspended player');
      await playerContext.close();

      // Content: the rules change shows on the rules tab.
      await page.getByRole('tab', { name: 'コンテンツ管理' }).click();
      const rules = page.getByLabel('ルール（Markdown）');
      await rules.waitFor();
      const heading = `E2E ルール ${viewport.name}`;
      await rules.fill(`# ${heading}\n\n管理画面から更新しました。`);
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.getByRole('button', { name: '保存', exact: true }).first().click();
      await page.getByText('保存しました').first().waitFor();
      await shot('05-content');

      // Seasons: create one and activate it (the running season ends), create another and delete it.
      await page.getByRole('tab', { name: 'シーズン管理' }).click();
      const now = Math.floor(Date.now() / 1000);
      for (const id of [viewport.season, `${viewport.season}-x`]) {
        await page.getByRole('button', { name: '新規作成' }).click();
        await page.getByLabel('シーズン ID').fill(id);
        await page.getByLabel('シーズン名').fill(`E2E ${id}`);
        await page.getByLabel('開始日時').fill(localInput(now - 3600));
        await page.getByLabel('終了日時').fill(localInput(now + 30 * 86_400));
        await page.getByRole('button', { name: '作成する' }).click();
        await page.getByText(`シーズン「E2E ${id}」を作成しました`).waitFor();
      }
      const row = (id: string) =>
        page
          .getByRole('listitem')
          .filter({ hasText: `E2E ${id}` })
          .first();
      await row(viewport.season).getByRole('button', { name: '有効化' }).click();
      await page.getByRole('alertdialog', { name: 'シーズンを有効化' }).waitFor();
      await shot('06-season-confirm');
      await confirm('シーズンを有効化', '有効化する');
      await page.getByText(`シーズン「E2E ${viewport.season}」を有効にしました`).waitFor();
      await row(`${viewport.season}-x`).getByRole('button', { name: '削除' }).click();
      await confirm('シーズンを削除', '削除する');
      await page.getByText(`シーズン「E2E ${viewport.season}-x」を削除しました`).waitFor();
      await shot('06-seasons');
      const active = await api<{ current_season: { id: string } | null }>('/api/seasons/active');
      expect(active.body.current_season?.id).toBe(viewport.season);

      // The match test screen: ten test accounts, a wave, the match as a player sees it, reports until settled.
      await page.getByRole('tab', { name: '概要・デバッグ' }).click();
      await page.getByRole('link', { name: 'マッチテスト画面を開く' }).click();
      await page.waitForURL(`${baseUrl}/match_test`);
      await page.getByRole('heading', { name: 'マッチテスト' }).waitFor();
      await page.getByRole('button', { name: 'キューが10人になるまでテストアカウントを追加' }).click();
      await page.getByText(/人をキューに追加しました/).waitFor();
      await page.getByRole('button', { name: 'マッチングを実行', exact: true }).click();
      // The ready check is on (the site's default): the wave opened a check, the test accounts press 準備完了 here.
      await page.getByRole('button', { name: 'テストアカウントを全員準備完了にする' }).click();
      await page
        .getByText(/作成された試合/)
        .first()
        .waitFor();
      await page
        .getByText(/の試合画面/)
        .first()
        .waitFor();
      await shot('07-match-test-view');
      await page.getByRole('button', { name: '全員送信' }).click();
      await page.getByText('この試合は集計されました').waitFor();
      await shot('08-match-test-settled');

      // Matches: the list keeps each host's name on one line, even on a phone (the table scrolls sideways instead).
      await page.goto(`${baseUrl}/admin_control?tab=matches`);
      const hosts = page.locator('.admin-matches__host');
      await hosts.first().waitFor();
      const hostLines = await hosts.evaluateAll((cells) =>
        cells
          .filter((cell) => (cell.textContent ?? '').length > 1)
          .map((cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            // One box per line the text takes.
            return { name: cell.textContent, lines: new Set([...range.getClientRects()].map((r) => r.top)).size };
          }),
      );
      expect(hostLines.length).toBeGreaterThan(0);
      expect(hostLines.filter((h) => h.lines > 1)).toEqual([]);
      await shot('08b-matches');

      // The audit log: Japanese action names, Japan time (this browser runs in UTC), before → after per field, and
      // on a phone every entry's changes on screen.
      await page.goto(`${baseUrl}/admin_control?tab=audit`);
      const log = page.getByRole('list', { name: '操作ログ' });
      await log.waitFor();
      const latest = await api<{ entries: { created_at: number; action: string }[] }>('/api/admin/audit?limit=1', {
        token: await token('dummy_admin'),
      });
      const newest = latest.body.entries[0];
      if (!newest) throw new Error('the audit log is empty');
      const japanTime = new Intl.DateTimeFormat('ja-JP', {
        timeZone: 'Asia/Tokyo',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      }).format(newest.created_at * 1000);
      const first = log.getByRole('listitem').first();
      await first.getByText(japanTime, { exact: true }).waitFor();
      await expect(first.textContent()).resolves.not.toContain(newest.action);
      await log.getByText('ユーザー編集').first().waitFor();
      const offScreen = await log.evaluate((list) =>
        [...list.querySelectorAll('.admin-audit__value, .admin-audit__head')]
          .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .map((el) => el.textContent),
      );
      expect(offScreen).toEqual([]);
      await shot('08c-audit');

      // Shop: サポーター シルバー (badge_100) limited to 50; the shop's own list says so. Both runs share one server,
      // so the limit starts unlimited again first.
      const adminToken = await token('dummy_admin');
      const silverLimit = async () =>
        (await api<ShopBadgesReply>('/api/shop/badges')).body.badges.find((b) => b.id === 'badge_100')?.max_sales;
      if ((await silverLimit()) !== 0) {
        const reset = await api('/api/admin/badges/badge_100', {
          method: 'PUT',
          body: { max_sales: 0 },
          token: adminToken,
        });
        expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      }
      await page.goto(`${baseUrl}/admin_control`);
      await page.getByRole('tab', { name: 'ショップ' }).click();
      await page.waitForURL(`${baseUrl}/admin_control?tab=shop`);
      await page.getByRole('button', { name: 'サポーター シルバー を編集' }).click();
      const badgeForm = page.getByRole('form', { name: 'サポーター シルバー の販売設定' });
      await badgeForm.getByLabel('販売上限').fill('50');
      await badgeForm.getByRole('button', { name: '保存', exact: true }).click();
      await page.getByText('「サポーター シルバー」の販売設定を更新しました').waitFor();
      await page.getByRole('button', { name: 'サポーター シルバー を編集' }).scrollIntoViewIfNeeded();
      await shot('09-shop');
      expect(await silverLimit()).toBe(50);

      // Back on the top page, the rules tab shows the new rules.
      await page.goto(baseUrl);
      await page.getByRole('heading', { name: heading }).waitFor();

      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
