import { join } from 'node:path';
import type { AvoidList } from '@rankmatch/shared';
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

// マッチングを避けるプレイヤー on a phone (issue 33, item 6) in Chromium against the built site: my page's section
// searches by trainer name and adds with 避ける (x/10 follows), takes a player off with 外す, and the player page's
// このプレイヤーを避ける adds; long names never make the page wider than 390 px. Accounts of its own: dummy_avoid_*.

const ME = 'dummy_avoid_01';
/** 32 characters, the longest trainer name: the rows must cut it, not grow. */
const LONG = 'アボイド確認用のとても長いトレーナー名ですＡＢＣＤＥＦＧＨＩＪＫ';
const OTHERS = [
  { user_id: 'dummy_avoid_02', trainer_name: LONG },
  { user_id: 'dummy_avoid_03', trainer_name: 'アボイド確認の相手' },
];

const login = async (userId: string, trainerName?: string) => (await dummyLogin(userId, trainerName)).access_token;

describe.skipIf(!chromiumPath)('avoid list', () => {
  let browser: Browser;
  let context: BrowserContext;
  let token: string;

  beforeAll(async () => {
    browser = await launchChromium();
    for (const other of OTHERS) await login(other.user_id, other.trainer_name);
    token = await login(ME);
    // A rerun against the same server starts from an empty list.
    for (const other of OTHERS) await api(`/api/users/me/avoids/${other.user_id}`, { method: 'DELETE', token });
  });
  afterAll(async () => {
    for (const other of OTHERS) await api(`/api/users/me/avoids/${other.user_id}`, { method: 'DELETE', token });
    await context?.close();
    await browser?.close();
  });

  it('searches, adds, removes on my page and adds from a player page, fitting a phone', async () => {
    expect(LONG).toHaveLength(32);
    context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(loginUrl(token, ME, 'mypage'));
    const card = page.getByRole('region', { name: /マッチングを避けるプレイヤー/ });
    await card.getByText('0/10人').waitFor({ timeout: 20_000 });

    await card.getByLabel('トレーナー名で探す').fill('アボイド確認');
    await card.getByRole('button', { name: '検索' }).click();
    const results = card.getByRole('list', { name: '検索結果' });
    await results.getByText(LONG).waitFor();
    await card.scrollIntoViewIfNeeded();
    await expectFitsViewport(page, 'my page (avoid search results)');

    await results.getByRole('button', { name: `${LONG}を避けるプレイヤーに追加` }).click();
    await card.getByText('1/10人').waitFor();
    await results.getByText('登録済み').waitFor();
    expect((await api<AvoidList>('/api/users/me/avoids', { token })).body.players.map((p) => p.user_id)).toEqual([
      'dummy_avoid_02',
    ]);
    await expectFitsViewport(page, 'my page (avoid list with a 32-character name)');
    await card.screenshot({ path: join(screenshotDir, 'avoid-list-phone.png') });

    // The player page's button.
    await page.goto(`${baseUrl}/players/dummy_avoid_03`);
    const add = page.getByRole('button', { name: 'アボイド確認の相手を避けるプレイヤーに追加' });
    await add.waitFor({ timeout: 20_000 });
    await expectFitsViewport(page, 'player page (このプレイヤーを避ける)');
    await add.click();
    await page.getByRole('button', { name: '避けるのをやめる' }).waitFor();
    expect((await api<AvoidList>('/api/users/me/avoids', { token })).body.players).toHaveLength(2);

    // Back on my page: 外す takes the long-named player off.
    await page.getByRole('link', { name: 'マイページで管理' }).click();
    await card.getByText('2/10人').waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: `${LONG}を避けるプレイヤーから外す` }).click();
    await card.getByText('1/10人').waitFor();
    expect((await api<AvoidList>('/api/users/me/avoids', { token })).body.players.map((p) => p.user_id)).toEqual([
      'dummy_avoid_03',
    ]);
    await expectFitsViewport(page, 'my page (after 外す)');
  });
});
