import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { movesOf, PENALTY_BLOCK_THRESHOLD } from '@rankmatch/shared';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_FLAGS } from './chromium-flags.ts';

// What every browser test needs: the server started by global-setup.ts, Debian's Chromium, the screenshot folder.

export const baseUrl = inject('baseUrl');
export const chromiumPath = inject('chromiumPath');
export const screenshotDir = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');

const serverLog = inject('serverLog');
const SERVER_START_MS = 120_000;
let ready: Promise<void> | null = null;

/** The end of the server's output so far (global-setup.ts writes it to a file). */
function serverOutput(): string {
  return existsSync(serverLog) ? readFileSync(serverLog, 'utf8').slice(-20_000) : '';
}

/** Resolves once the server global-setup.ts started answers /api/health (it starts while the first suites run). */
export function serverReady(): Promise<void> {
  ready ??= (async () => {
    const deadline = Date.now() + SERVER_START_MS;
    while (Date.now() < deadline) {
      const answered = await fetch(`${baseUrl}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) return;
      const output = serverOutput();
      if (output.includes('[e2e] the server exited')) throw new Error(`[e2e] the server exited:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(
      `[e2e] the server did not answer /api/health within ${SERVER_START_MS / 1000} s:\n${serverOutput()}`,
    );
  })();
  return ready;
}

/** Headless Chromium with the flags the project uses everywhere (no sandbox, no background traffic). */
export async function launchChromium(): Promise<Browser> {
  await serverReady();
  mkdirSync(screenshotDir, { recursive: true });
  return chromium.launch({
    executablePath: chromiumPath ?? undefined,
    args: CHROMIUM_FLAGS,
  });
}

/** A JSON call to the server under test, with an optional bearer token. */
export async function api<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  await serverReady();
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** The phone the suite lays pages out on (issue 21: nothing may be wider than it). */
export const PHONE_WIDTH = 390;

export interface LoginReply {
  access_token: string;
  user: { user_id: string; trainer_name: string; rate: number };
}

/** Signs in a test account through the developer login (created when new, with the trainer name when given). */
export async function dummyLogin(userId: string, trainerName?: string): Promise<LoginReply> {
  const reply = await api<LoginReply>('/api/auth/dummy/login', {
    method: 'POST',
    body: { user_id: userId, ...(trainerName && { trainer_name: trainerName }) },
  });
  expect(reply.status, `login ${userId}: ${JSON.stringify(reply.body)}`).toBe(200);
  return reply.body;
}

/** A phone as the suite emulates it: 390 × 844, touch, a Japanese locale and Tokyo's time. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: PHONE_WIDTH, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'ja-JP',
  timezoneId: 'Asia/Tokyo',
};

/** The address that signs a page in as `userId` with `token` (the developer test login) and opens `tab`. */
export const loginUrl = (token: string, userId: string, tab?: string) =>
  `${baseUrl}/?${tab ? `tab=${tab}&` : ''}dummy_login=true&token=${token}&user=${encodeURIComponent(userId)}`;

/**
 * A page `width` wide signed in as the account through the address, at `path`. The address login says so in an
 * alert (X としてログインしました) and takes its query off first.
 */
export async function openAs(browser: Browser, account: LoginReply, path: string, width = PHONE_WIDTH) {
  const context = await browser.newContext({
    viewport: { width, height: width <= PHONE_WIDTH ? 844 : 800 },
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const said = page.waitForEvent('dialog').then((dialog) => dialog.accept());
  await page.goto(loginUrl(account.access_token, account.user.user_id));
  await said;
  await page.waitForURL((url) => !url.search.includes('dummy_login'));
  await page.goto(`${baseUrl}${path}`);
  return { context, page, errors };
}

/** Reports team A's win as a Pikachu player (its first moves), as `token`'s player of the match. */
export function reportAWin(matchId: string | number, token: string) {
  const moves = movesOf('PIKACHU');
  return api<{ status: string }>(`/api/matches/${matchId}/report`, {
    method: 'POST',
    body: {
      result: 'A-win',
      banned_pokemon: '',
      picked_pokemon: 'PIKACHU',
      pokemon_move1: moves.slot1[0],
      pokemon_move2: moves.slot2[0],
      violation_report: '',
    },
    token,
  });
}

/**
 * Whether a signed-in test account is free to queue: no match on its match screen (another file's match may still
 * wait for its report, which keeps the match screen up instead of the join button until the report window closes).
 */
export async function freeToQueue(token: string): Promise<boolean> {
  const [reply, me] = await Promise.all([
    api<{ match: unknown }>('/api/matches/me', { token }),
    api<{ effective_penalty: number; penalty_timeout_until: number | null }>('/api/users/me', { token }),
  ]);
  // The demo plays its seasons from today's date: on some days an account ends them with a penalty that blocks it.
  const blocked =
    me.body.effective_penalty >= PENALTY_BLOCK_THRESHOLD || (me.body.penalty_timeout_until ?? 0) * 1000 > Date.now();
  return reply.status === 200 && reply.body.match === null && me.status === 200 && !blocked;
}

/**
 * The page is no wider than its viewport: nothing scrolls sideways, no card is cut off, the bottom tab bar stays on
 * screen. Called for every page and state the suite visits at phone width (wide tables scroll inside their own boxes
 * instead). On failure it names the elements that stick out first (their parent still fits).
 */
export async function expectFitsViewport(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return null;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')}`;
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > width + 1;
    const first = [...document.body.querySelectorAll('*')]
      .filter((el) => sticksOut(el) && el.parentElement !== null && !sticksOut(el.parentElement))
      .slice(0, 5)
      .map((el) => `${describe(el)} (right ${Math.round(el.getBoundingClientRect().right)})`);
    return { width, scrollWidth, first };
  });
  expect(
    overflow,
    overflow
      ? `${where}: the page is ${overflow.scrollWidth}px wide in a ${overflow.width}px viewport; sticking out: ${overflow.first.join(', ')}`
      : '',
  ).toBeNull();
}

/**
 * Every CSS animation running on the page moves only `transform` and `opacity`, which the compositor runs by itself:
 * a placeholder's shine or a live mark animating anything else (a background, a shadow) makes the page's main thread
 * restyle and repaint at every frame for as long as it shows.
 */
export async function expectAnimationsOffMainThread(page: Page, where: string): Promise<void> {
  const mainThread = await page.evaluate(() =>
    document
      .getAnimations()
      .filter((a): a is CSSAnimation => a instanceof CSSAnimation && a.playState === 'running')
      .flatMap((a) => {
        const target = (a.effect as KeyframeEffect | null)?.target;
        const pseudo = (a.effect as KeyframeEffect | null)?.pseudoElement ?? '';
        const moved = new Set((a.effect as KeyframeEffect).getKeyframes().flatMap((frame) => Object.keys(frame)));
        for (const key of ['offset', 'computedOffset', 'easing', 'composite', 'transform', 'opacity'])
          moved.delete(key);
        return moved.size > 0
          ? [`${a.animationName} on .${target?.getAttribute('class')}${pseudo}: ${[...moved].join(', ')}`]
          : [];
      }),
  );
  expect(mainThread, `${where}: animations run on the main thread`).toEqual([]);
}
