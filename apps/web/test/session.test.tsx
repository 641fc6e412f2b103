import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { writeProfileCache } from '../src/lib/auth/profile-cache.ts';
import { loadStoredSession, storeSession, TOKEN_KEY, USER_KEY } from '../src/lib/auth/session.ts';
import { browser } from '../src/lib/browser.ts';
import { buildProfile, buildToken } from '../src/testing/data.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

describe('stored session on load', () => {
  it('drops an expired token and the user info, and shows the login prompt', async () => {
    localStorage.setItem(TOKEN_KEY, buildToken({ exp: Math.floor(Date.now() / 1000) - 10 }));
    localStorage.setItem(USER_KEY, JSON.stringify(buildProfile()));

    const { server } = renderApp('/?tab=mypage');

    expect(await screen.findByRole('button', { name: 'Discord でログイン' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(server.callsTo('GET /api/users/me')).toHaveLength(0);
  });

  it('drops a token that cannot be read', () => {
    localStorage.setItem(TOKEN_KEY, 'not-a-jwt');
    localStorage.setItem(USER_KEY, '{"user_id":"dummy_02"}');
    expect(loadStoredSession()).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('keeps a token whose exp lies in the future and loads the profile with it', async () => {
    const profile = buildProfile();
    const token = signInAs(profile);
    const { server } = renderApp('/?tab=mypage', { 'GET /api/users/me': { body: profile } });

    expect(await screen.findByRole('heading', { name: 'カビゴン番長' })).toBeInTheDocument();
    expect(server.callsTo('GET /api/users/me')[0]?.authorization).toBe(`Bearer ${token}`);
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
  });

  it('shows the 認証エラー screen when the token expires while the page is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const profile = buildProfile();
    storeSession(buildToken({ exp: Math.floor(Date.now() / 1000) + 60 }), profile);
    writeProfileCache(profile);
    renderApp('/?tab=mypage');
    expect(await screen.findByRole('heading', { name: 'カビゴン番長' })).toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(61_000);
    });
    expect(screen.getByRole('heading', { name: '認証エラー' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();

    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    screen.getByRole('button', { name: '再読み込み' }).click();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('shows the 認証エラー screen when a signed-in call answers 401, and forgets the session', async () => {
    signInAs(buildProfile());
    renderApp('/?tab=mypage', {
      'GET /api/users/me': { status: 401, body: { error: '認証の有効期限が切れました。再度ログインしてください。' } },
    });

    expect(await screen.findByRole('heading', { name: '認証エラー' })).toBeInTheDocument();
    expect(screen.getByText('認証の有効期限が切れました。再度ログインしてください。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBeNull());
  });
});
