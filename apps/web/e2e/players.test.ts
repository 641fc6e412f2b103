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
  reportAWin,
  screenshotDir,
} from './support.ts';

// Player pages and match summaries in Chromium against the real server (see global-setup.ts), as a visitor: the
// ranking tab → the first player's page (name and numbers) → one of their matches → both teams. The demo data has
// no matches, so when the first player has none, ten test accounts of their own (dummy_pl_00…09) play one through
// the API first and the visit continues from dummy_pl_00's page. Screenshots go to
// e2e/screenshots/players-*.png at 1280×800 and 390×844.

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const PLAYERS = Array.from({ length: 10 }, (_, i) => `dummy_pl_${String(i).padStart(2, '0')}`);

interface PlayerPageReply {
  profile: { user_id: string; trainer_name: string; rate: number; max_rate: number; match_count: number };
  recent_matches: { match_id: string }[];
}

interface LoginReply {
  access_token: string;
  user: { user_id: string };
}

async function login(userId: string, extra: Record<string, unknown> = {}): Promise<LoginReply> {
  const reply = await api<LoginReply>('/api/auth/dummy/login', { method: 'POST', body: { user_id: userId, ...extra } });
  expect(reply.status, `login ${userId}: ${JSON.stringify(reply.body)}`).toBe(200);
  return reply.body;
}

/**
 * Ten fresh test accounts at 1500 join the queue, the admin triggers a wave, and one player of each team reports the
 * same result (two agreeing reports from both teams settle a match early). Returns the settled match's id.
 */
async function playOneMatch(): Promise<string> {
  const accounts = new Map<string, string>();
  for (const [i, id] of PLAYERS.entries()) {
    const account = await login(id, { rate: 1500, trainer_name: `観戦テスト${i}` });
    accounts.set(id, account.access_token);
    const joined = await api('/api/queue/join', { method: 'POST', body: {}, token: account.access_token });
    expect(joined.status, `join ${id}: ${JSON.stringify(joined.body)}`).toBe(200);
  }
  const admin = await login('dummy_admin');
  const wave = await api('/api/debug/matchmaking/trigger', { method: 'POST', body: {}, token: admin.access_token });
  expect(wave.status, JSON.stringify(wave.body)).toBe(200);
  // The ready check is on (the site's default): the ten test accounts press 準備完了 and the match starts.
  const ready = await api('/api/debug/ready-checks/ready-all', { method: 'POST', body: {}, token: admin.access_token });
  expect(ready.status, JSON.stringify(ready.body)).toBe(200);

  const mine = await api<{
    match: { match_id: string; team_a: { players: { user_id: string }[] }; team_b: { players: { user_id: string }[] } };
  }>('/api/matches/me', { token: accounts.get(PLAYERS[0]!) });
  expect(mine.status).toBe(200);
  const match = mine.body.match;
  if (!match) throw new Error(`${PLAYERS[0]} was not matched by the wave`);
  const reporterOf = (team: { players: { user_id: string }[] }) => {
    const id = team.players.map((p) => p.user_id).find((uid) => accounts.has(uid));
    if (!id) throw new Error('no test account of ours in a team');
    return accounts.get(id)!;
  };
  for (const token of [reporterOf(match.team_a), reporterOf(match.team_b)]) {
    const sent = await reportAWin(match.match_id, token);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  }
  // Settlement runs right after the second report; wait until the public summary answers.
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if ((await api(`/api/matches/${match.match_id}/summary`)).status === 200) return match.match_id;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`match ${match.match_id} did not settle`);
}

describe.skipIf(!chromiumPath)('player pages and match summaries in Chromium', () => {
  let browser: Browser;
  let played: Promise<string> | null = null;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of VIEWPORTS) {
    it(`ranking → player → match at ${viewport.width}×${viewport.height}`, async () => {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        locale: 'ja-JP',
        timezoneId: 'Asia/Tokyo',
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      // Every API call of the visit answers; the 404s asked for at the end are checked there.
      let expect404 = false;
      page.on('response', (response) => {
        const { pathname } = new URL(response.url());
        if (pathname.startsWith('/api/') && !response.ok() && !(expect404 && response.status() === 404)) {
          errors.push(`${response.status()} ${pathname}`);
        }
      });
      // Every state: a screenshot, and on the phone nothing wider than the screen.
      const shot = async (step: string, fullPage = false) => {
        await page.screenshot({ path: join(screenshotDir, `players-${viewport.name}-${step}.png`), fullPage });
        if (viewport.width <= PHONE_WIDTH) await expectFitsViewport(page, step);
      };

      // The ranking tab as a visitor; the first row opens that player's page (a click anywhere on the row).
      await page.goto(`${baseUrl}/?tab=ranking`);
      const firstRow = page.getByRole('table').getByRole('row').nth(1);
      const firstLink = firstRow.locator('.ranking-table__link');
      await firstLink.waitFor();
      const href = await firstLink.getAttribute('href');
      expect(href).toMatch(/^\/players\//);
      await shot('01-ranking');
      // The row's middle (not the name): the name's link is stretched over the whole row.
      await firstRow.click();
      await page.waitForURL(`**${href}`);

      const userId = decodeURIComponent(href!.replace('/players/', ''));
      const reply = await api<PlayerPageReply>(`/api/players/${encodeURIComponent(userId)}`);
      expect(reply.status).toBe(200);
      const { profile } = reply.body;
      await page.getByRole('heading', { level: 1, name: profile.trainer_name }).waitFor();
      const season = page.getByRole('region', { name: '今シーズンの成績' });
      const stat = (label: string) => season.locator('.stat', { hasText: label }).locator('dd');
      await expect(stat('現在のレート').textContent()).resolves.toBe(profile.rate.toLocaleString('ja-JP'));
      await expect(stat('最高レート').textContent()).resolves.toBe(profile.max_rate.toLocaleString('ja-JP'));
      await expect(stat('試合数').textContent()).resolves.toBe(profile.match_count.toLocaleString('ja-JP'));
      await page.getByRole('region', { name: '過去シーズンの成績' }).waitFor();
      await expectFitsViewport(page, 'player page');
      await shot('02-player');
      await shot('02-player-full', true);

      // A match of this player, or of dummy_pl_00 after playing one.
      if (reply.body.recent_matches.length === 0) {
        played ??= playOneMatch();
        await played;
        await page.goto(`${baseUrl}/players/${PLAYERS[0]}`);
        await page.getByRole('heading', { level: 1, name: '観戦テスト0' }).waitFor();
      }
      const matches = page.getByRole('region', { name: '最近の試合' });
      const matchLink = matches.getByRole('link').first();
      await matchLink.scrollIntoViewIfNeeded();
      await shot('03-recent-matches');
      const matchHref = await matchLink.getAttribute('href');
      expect(matchHref).toMatch(/^\/matches\/\d+$/);
      await matchLink.click();
      await page.waitForURL(`**${matchHref}`);

      // The summary: outcome, and two teams of five — side by side on desktop, stacked on the phone.
      const matchId = matchHref!.replace('/matches/', '');
      await page.getByRole('heading', { level: 1, name: `試合 #${matchId}` }).waitFor();
      // Opened by a link from far down the player page, the summary starts at its top.
      await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
      await expect(page.getByTestId('match-outcome').textContent()).resolves.toMatch(
        /^(チームAの勝利|チームBの勝利|無効試合)$/,
      );
      const teamA = page.getByRole('region', { name: 'チームA' });
      const teamB = page.getByRole('region', { name: 'チームB' });
      await expect(teamA.getByRole('listitem').count()).resolves.toBe(5);
      await expect(teamB.getByRole('listitem').count()).resolves.toBe(5);
      const [boxA, boxB] = [await teamA.boundingBox(), await teamB.boundingBox()];
      if (!boxA || !boxB) throw new Error('teams not laid out');
      if (viewport.name === 'desktop') {
        expect(boxB.x).toBeGreaterThan(boxA.x + boxA.width - 1);
        expect(Math.abs(boxB.y - boxA.y)).toBeLessThan(2);
      } else {
        expect(boxB.y).toBeGreaterThan(boxA.y + boxA.height - 1);
      }
      await expectFitsViewport(page, 'match summary');
      await shot('04-match');
      await shot('04-match-full', true);

      // A player's name in the summary leads back to a player page.
      const someone = teamA.getByRole('link').first();
      const someoneName = await someone.textContent();
      await someone.click();
      await page.getByRole('heading', { level: 1, name: someoneName ?? '' }).waitFor();

      // Unknown player and match: a clear message and the way back.
      // The server answered 404 and says so in the page's boot data: the browser shows it without asking the API
      // again (issue 36: a second 404 and an error in the console).
      expect404 = true;
      const asked: string[] = [];
      page.on('request', (r) => {
        if (/\/api\/(players\/dummy_nobody_here|matches\/999999999)/.test(r.url()))
          asked.push(new URL(r.url()).pathname);
      });
      const takenOver = async () => {
        await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
        await page.waitForTimeout(500);
      };
      await page.goto(`${baseUrl}/players/dummy_nobody_here`);
      await page.getByRole('heading', { name: 'プレイヤーが見つかりません' }).waitFor();
      await page.getByRole('link', { name: 'ランキングに戻る' }).waitFor();
      await takenOver();
      await shot('05-player-not-found');
      await page.goto(`${baseUrl}/matches/999999999`);
      await page.getByRole('heading', { name: '試合が見つからないか、まだ集計されていません' }).waitFor();
      await takenOver();
      await shot('06-match-not-found');
      expect(await page.title()).toContain('試合が見つからないか、まだ集計されていません');
      expect(asked).toEqual([]);

      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
