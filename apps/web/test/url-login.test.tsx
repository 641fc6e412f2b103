import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY, USER_KEY } from '../src/lib/auth/session.ts';
import { buildProfile, buildToken } from '../src/testing/data.ts';
import { renderApp } from '../src/testing/render-app.tsx';

describe('sign-in from the address', () => {
  it('dummy_login=true&token&user logs in, alerts the trainer name and removes the query', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const profile = buildProfile({ user_id: 'dummy_05', trainer_name: 'サーナイト姫' });
    const token = buildToken({ sub: 'dummy_05' });
    const query = `dummy_login=true&token=${token}&user=${encodeURIComponent(JSON.stringify(profile))}`;

    renderApp(`/?tab=mypage&${query}`, { 'GET /api/users/me': { body: profile } });

    await waitFor(() => expect(alert).toHaveBeenCalledWith('サーナイト姫 としてログインしました'));
    expect(window.location.search).toBe('?tab=mypage');
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(await screen.findByRole('heading', { name: 'サーナイト姫' })).toBeInTheDocument();
  });

  it('dummy_login with a plain user id fetches the profile for the name', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const token = buildToken({ sub: 'dummy_07' });
    const { server } = renderApp(`/?dummy_login=true&token=${token}&user=dummy_07`, {
      'GET /api/users/me': { body: buildProfile({ user_id: 'dummy_07', trainer_name: 'ガブリアス特攻' }) },
    });

    await waitFor(() => expect(alert).toHaveBeenCalledWith('ガブリアス特攻 としてログインしました'));
    expect(server.callsTo('GET /api/users/me')[0]?.authorization).toBe(`Bearer ${token}`);
    expect(window.location.search).toBe('');
  });

  it('OAuth return: posts code and state, stores the session, replaces the address with return_to', async () => {
    const replaceState = vi.spyOn(window.history, 'replaceState');
    const profile = buildProfile({ user_id: '123456789', trainer_name: 'ディスコード太郎', is_dummy: false });
    const token = buildToken({ sub: '123456789' });
    const { server } = renderApp('/auth/callback?code=the-code&state=the-state', {
      'POST /api/auth/discord/callback': { body: { access_token: token, user: profile, return_to: '/?tab=mypage' } },
    });

    expect(await screen.findByRole('heading', { name: 'ディスコード太郎' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/discord/callback')[0]?.body).toEqual({
      code: 'the-code',
      state: 'the-state',
    });
    expect(replaceState).toHaveBeenLastCalledWith(expect.anything(), '', '/?tab=mypage');
    expect(window.location.pathname + window.location.search).toBe('/?tab=mypage');
    expect(window.location.href).not.toContain('the-code');
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? '{}').user_id).toBe('123456789');
  });

  it('OAuth error: posts the error and shows the server Japanese message, removing the parameters', async () => {
    const { server } = renderApp('/auth/callback?error=access_denied&state=s1', {
      'POST /api/auth/discord/callback': {
        status: 400,
        body: { error: 'Discord でのログインがキャンセルされました', code: 'OAUTH_DENIED' },
      },
    });

    expect(await screen.findByText('Discord でのログインがキャンセルされました')).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/discord/callback')[0]?.body).toEqual({ error: 'access_denied', state: 's1' });
    expect(window.location.search).toBe('');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
