import { PROFILE_CACHE_DYNAMIC_MS } from '@rankmatch/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROFILE_DYNAMIC_KEY, PROFILE_STATIC_KEY, writeProfileCache } from '../src/lib/auth/profile-cache.ts';
import { TOKEN_KEY } from '../src/lib/auth/session.ts';
import { buildProfile } from '../src/testing/data.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

describe('profile cache', () => {
  it('uses a fresh cache (static and dynamic) without calling the server', async () => {
    const cached = buildProfile({ trainer_name: 'キャッシュの名前', rate: 1612 });
    signInAs(cached, { cacheProfile: true });
    const { server } = renderApp('/?tab=mypage', {
      'GET /api/users/me': { body: buildProfile({ trainer_name: 'サーバーの名前' }) },
    });

    expect(await screen.findByRole('heading', { name: 'キャッシュの名前' })).toBeInTheDocument();
    expect(screen.getByText('1,612')).toBeInTheDocument();
    expect(server.callsTo('GET /api/users/me')).toHaveLength(0);
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
