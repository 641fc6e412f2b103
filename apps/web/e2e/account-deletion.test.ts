import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
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
  screenshotDir,
} from './support.ts';

// My page → アカウントの削除 on a phone (issue 38) in Chromium against the built site: the card says what goes and
// what stays, the request needs the box ticked and a double tap asks once, the pending state survives a reload and
// cancels; the privacy page says the same. The deletion itself waits a week on the real clock: the server suite runs
// it on a moved clock (apps/server/test/account-deletion.test.ts). Test account of its own: dummy_leave_01.

const ACCOUNT = 'dummy_leave_01';

interface Deletion {
  requested_at: number | null;
  due_at: number | null;
}

describe.skipIf(!chromiumPath)('account deletion', () => {
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('asks once, shows the grace period, cancels, and fits a phone', async () => {
    const token = (await dummyLogin(ACCOUNT)).access_token;
    context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(loginUrl(token, ACCOUNT, 'mypage'));
    const card = page.getByRole('region', { name: 'アカウントの削除' });
    const request = card.getByRole('button', { name: 'アカウントの削除を申請する' });
    await request.waitFor({ timeout: 20_000 });
    await card.getByText(/名前は「退会したプレイヤー」と表示され/).waitFor();
    expect(await request.isDisabled()).toBe(true);
    await card.getByRole('checkbox', { name: /アカウントの削除を申請します/ }).check();
    await card.scrollIntoViewIfNeeded();
    await expectFitsViewport(page, 'my page (アカウントの削除)');
    await card.screenshot({ path: join(screenshotDir, 'account-deletion-phone.png') });

    await request.dblclick();
    await card.getByText(/^アカウントの削除を申請しています。/).waitFor();
    const pending = await api<Deletion>('/api/users/me/deletion', { token });
    expect(pending.body.requested_at).not.toBeNull();
    const joined = await api<{ code: string }>('/api/queue/join', { method: 'POST', body: {}, token });
    expect(joined.body.code).toBe('QUEUE_DELETION_PENDING');
    await expectFitsViewport(page, 'my page (削除を申請中)');
    await card.screenshot({ path: join(screenshotDir, 'account-deletion-pending-phone.png') });

    // The server's state, not the page's: still pending after a reload.
    await page.reload();
    await card.getByRole('button', { name: '削除を取り消す' }).dblclick({ timeout: 20_000 });
    await card.getByText('削除を取り消しました。アカウントはそのまま残ります。').waitFor();
    expect((await api<Deletion>('/api/users/me/deletion', { token })).body).toEqual({
      requested_at: null,
      due_at: null,
    });

    await page.goto(`${baseUrl}/privacy`);
    await page.getByText(/マイページの「アカウントの削除」からいつでも申請できます/).waitFor();
    await expectFitsViewport(page, 'privacy');
  });
});
