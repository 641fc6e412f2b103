import { PROFILE_CACHE_DYNAMIC_MS } from '@rankmatch/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PROFILE_DYNAMIC_KEY, PROFILE_STATIC_KEY, writeProfileCache } from '../src/lib/auth/profile-cache.ts';
import { TOKEN_KEY } from '../src/lib/auth/session.ts';
import { RECONNECT_DELAY_MAX_MS } from '../src/lib/realtime/realtime-client.ts';
import { buildProfile } from '../src/testing/data.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

describe('profile cache', () => {
  it('a page load shows the server’s rate, not an older cached one (an admin may have corrected it meanwhile)', async () => {
    // Issue 21, item 2: the rate card showed the cached rate and WIN +12 for up to 5 minutes after a correction.
    const cached = buildProfile({ trainer_name: 'キャッシュの名前', rate: 1612 });
    signInAs(cached, { cacheProfile: true });
    const { server } = renderApp('/?tab=mypage', {
      'GET /api/users/me': { body: buildProfile({ trainer_name: 'サーバーの名前', rate: 1580 }) },
    });

    expect(await screen.findByRole('heading', { name: 'サーバーの名前' })).toBeInTheDocument();
    expect(screen.getByText('1,580')).toBeInTheDocument();
    expect(screen.queryByText('1,612')).toBeNull();
    expect(server.callsTo('GET /api/users/me')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(PROFILE_DYNAMIC_KEY) ?? '{}').data.rate).toBe(1580);
  });

  it('within a page, a fresh cache answers without calling the server again', async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    const { server, user } = renderApp('/?tab=mypage', {
      'GET /api/users/me': { body: buildProfile({ trainer_name: 'サーバーの名前', rate: 1580 }) },
    });
    expect(await screen.findByRole('heading', { name: 'サーバーの名前' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'ランキング' }));
    await user.click(screen.getByRole('tab', { name: 'マイページ' }));
    expect(await screen.findByRole('heading', { name: 'サーバーの名前' })).toBeInTheDocument();
    expect(server.callsTo('GET /api/users/me')).toHaveLength(1);
  });

  it('a profileChanged push reloads the rate and replaces the cached one', async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    let rate = 1600;
    const { server, sockets } = renderApp('/?tab=mypage', {
      'GET /api/users/me': () => ({ body: buildProfile({ rate, max_rate: 1700 }) }),
    });
    expect(await screen.findByText('1,600')).toBeInTheDocument();
    await vi.waitFor(() => expect(sockets.last.readyState).toBe(1));

    // An admin corrects the player's last match: the server pushes, the page reads the profile again.
    rate = 1560;
    await act(async () => sockets.push({ type: 'profileChanged', reason: 'corrected' }));

    expect(await screen.findByText('1,560')).toBeInTheDocument();
    expect(server.callsTo('GET /api/users/me')).toHaveLength(2);
    expect(JSON.parse(localStorage.getItem(PROFILE_DYNAMIC_KEY) ?? '{}').data.rate).toBe(1560);
  });

  it('after a reconnect the profile is read again (a push may have been missed while disconnected)', async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    let rate = 1600;
    const { sockets } = renderApp('/?tab=mypage', {
      'GET /api/users/me': () => ({ body: buildProfile({ rate, max_rate: 1700 }) }),
    });
    expect(await screen.findByText('1,600')).toBeInTheDocument();
    await vi.waitFor(() => expect(sockets.last.readyState).toBe(1));

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      rate = 1620;
      act(() => sockets.last.drop());
      await act(async () => vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MAX_MS + 10));
      await vi.waitFor(() => expect(sockets.sockets).toHaveLength(2));
      expect(await screen.findByText('1,620')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks the server when the dynamic part is older than 5 minutes', async () => {
    const cached = buildProfile({ trainer_name: 'キャッシュの名前' });
    signInAs(cached);
    writeProfileCache(cached, Date.now() - PROFILE_CACHE_DYNAMIC_MS - 1000);
    // The static part alone is still fresh: it is not enough.
    const staticEntry = JSON.parse(localStorage.getItem(PROFILE_STATIC_KEY) ?? '{}');
    localStorage.setItem(PROFILE_STATIC_KEY, JSON.stringify({ ...staticEntry, saved_at: Date.now() }));

    const { server } = renderApp('/?tab=mypage', {
      'GET /api/users/me': { body: buildProfile({ trainer_name: 'サーバーの名前', rate: 1705 }) },
    });

    expect(await screen.findByRole('heading', { name: 'サーバーの名前' })).toBeInTheDocument();
    expect(server.callsTo('GET /api/users/me')).toHaveLength(1);
    // The reply refreshed both parts.
    const dynamic = JSON.parse(localStorage.getItem(PROFILE_DYNAMIC_KEY) ?? '{}');
    expect(dynamic.data.rate).toBe(1705);
    expect(Date.now() - dynamic.saved_at).toBeLessThan(5000);
  });

  it('creates the user record on 404 and shows the creation prompt when that fails', async () => {
    signInAs(buildProfile());
    const { server } = renderApp('/?tab=mypage', {
      'GET /api/users/me': { status: 404, body: { error: 'ユーザー情報が見つかりません', code: 'USER_NOT_FOUND' } },
      'POST /api/users': { status: 500, body: { error: 'サーバーでエラーが発生しました' } },
    });

    expect(await screen.findByRole('heading', { name: 'ユーザー登録が必要です' })).toBeInTheDocument();
    expect(screen.getByText('サーバーでエラーが発生しました')).toBeInTheDocument();
    expect(server.callsTo('POST /api/users')).toHaveLength(1);
  });

  it('refreshes a placeholder Discord name (User_…) from Discord', async () => {
    signInAs(buildProfile());
    const { server } = renderApp('/?tab=mypage', {
      'GET /api/users/me': { body: buildProfile({ discord_username: 'User_123', is_dummy: false }) },
      'PUT /api/users/me/discord': { body: buildProfile({ discord_username: 'real_name', is_dummy: false }) },
    });

    expect(await screen.findByText('real_name')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/users/me/discord')).toHaveLength(1);
  });

  it('logout calls the server and clears the session and the profile cache', async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    const { user, server } = renderApp('/?tab=mypage');

    await user.click(await screen.findByRole('button', { name: 'ログアウト' }));

    expect(await screen.findByRole('button', { name: 'Discord でログイン' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/logout')).toHaveLength(1);
    await waitFor(() => {
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      expect(localStorage.getItem(PROFILE_STATIC_KEY)).toBeNull();
      expect(localStorage.getItem(PROFILE_DYNAMIC_KEY)).toBeNull();
    });
  });
});
