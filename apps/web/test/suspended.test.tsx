import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../src/lib/auth/session.ts';
import { RECONNECT_DELAY_MS } from '../src/lib/realtime/realtime-client.ts';
import { buildProfile, buildQueueEntry } from '../src/testing/data.ts';
import type { Handlers } from '../src/testing/fake-fetch.ts';
import { FakeSocketServer } from '../src/testing/fake-websocket.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

// A banned player (issue 21): every view of the signed-in site gives way to one clear state, このアカウントは利用停止中です,
// with no retry buttons, no stale queue state and no reconnect attempts; the session is forgotten.

const BANNED = { status: 403, body: { error: 'このアカウントは利用停止中です', code: 'BANNED' } };

async function expectSuspended() {
  expect(await screen.findByRole('heading', { name: 'このアカウントは利用停止中です' })).toBeInTheDocument();
  expect(screen.queryByText('認証の有効期限が切れました。再度ログインしてください。')).not.toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: '認証エラー' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: '再試行' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: '再読み込み' })).not.toBeInTheDocument();
  expect(screen.queryByText('キューに参加中')).not.toBeInTheDocument();
  expect(screen.queryByText(/再接続中/)).not.toBeInTheDocument();
  expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
}

function signedIn(url: string, handlers: Handlers, sockets?: FakeSocketServer) {
  signInAs(buildProfile(), { cacheProfile: false });
  return renderApp(url, handlers, { sockets });
}

describe('a banned player', () => {
  it('sees the suspended state instead of the my page when the profile call says BANNED', async () => {
    signedIn('/?tab=mypage', { 'GET /api/users/me': BANNED });
    await expectSuspended();
  });

  it('sees it from the top of the page: a phone scrolled down the my page would show only トップページへ (issue 36)', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    signedIn('/?tab=mypage', { 'GET /api/users/me': BANNED });
    await expectSuspended();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockRestore();
  });

  it('sees it on the match tab, where 403s are otherwise shown in place (queue and match calls)', async () => {
    signedIn('/?tab=match', {
      'GET /api/queue/me': { body: { in_queue: true, entry: buildQueueEntry() } },
      'GET /api/matches/me': BANNED,
    });
    await expectSuspended();
  });

  it('sees it when the socket is closed for the ban (4403), and the socket is not retried', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sockets = new FakeSocketServer({ autoOpen: true });
    signedIn('/?tab=match', { 'GET /api/queue/me': { body: { in_queue: true, entry: buildQueueEntry() } } }, sockets);
    expect(await screen.findByText('リアルタイム更新中')).toBeInTheDocument();
    const opened = sockets.sockets.length;
    await act(async () => {
      sockets.last.receive({ type: 'error', error: 'このアカウントは利用停止中です', code: 'BANNED' });
      sockets.last.drop(4403, 'BANNED');
    });
    await expectSuspended();
    await act(() => vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS * 6));
    expect(sockets.sockets.length).toBe(opened);
    expect(screen.queryByText(/再接続中/)).not.toBeInTheDocument();
  });

  it('leads back to the site as a visitor, and a test login of the account says the same', async () => {
    const { user } = signedIn('/?tab=mypage', {
      'GET /api/users/me': BANNED,
      'POST /api/auth/dummy/login': BANNED,
    });
    await expectSuspended();
    await user.click(screen.getByRole('link', { name: 'トップページへ' }));
    expect(await screen.findByRole('tab', { name: 'マイページ' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'マイページ' }));
    await user.selectOptions(await screen.findByLabelText('テストアカウントを選択'), 'dummy_01');
    await user.click(screen.getByRole('button', { name: 'テストアカウントでログイン' }));
    await expectSuspended();
  });

  it('an expired session still says 認証エラー (only the ban is a suspension)', async () => {
    signInAs(buildProfile(), { cacheProfile: false });
    renderApp('/?tab=mypage', { 'GET /api/users/me': { status: 401, body: { error: 'x', code: 'UNAUTHORIZED' } } });
    expect(await screen.findByRole('heading', { name: '認証エラー' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'このアカウントは利用停止中です' })).not.toBeInTheDocument();
  });
});
