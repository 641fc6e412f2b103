import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAdminProfile, renderAsAdmin } from '../src/testing/admin-data.ts';
import { buildProfile } from '../src/testing/data.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

describe('admin panel: who may enter', () => {
  it.each(['/admin_control', '/match_test'])('sends a visitor from %s to the top page', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('tablist', { name: 'メニュー' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: '管理画面' })).not.toBeInTheDocument();
    // Told why, not sent home without a word (issue 36).
    expect(await screen.findByText('管理画面を開けません')).toBeInTheDocument();
    expect(screen.getByText('管理画面は管理者としてログインすると使えます。')).toBeInTheDocument();
  });

  it.each([
    '/admin_control',
    '/match_test',
  ])('sends a player who is not an admin from %s to the top page', async (path) => {
    signInAs(buildProfile({ is_admin: false }), { cacheProfile: true });
    const { server } = renderApp(path);
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(screen.queryByText('すべての操作は記録されます')).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.path.startsWith('/api/admin') || c.path.startsWith('/api/debug'))).toEqual([]);
    expect(await screen.findByText('管理画面を開けません')).toBeInTheDocument();
    expect(screen.getByText('このアカウントには管理者の権限がありません。')).toBeInTheDocument();
  });

  it('shows a 管理画面 link in the header to an admin only (issue 36)', async () => {
    signInAs(buildProfile({ is_admin: false }), { cacheProfile: true });
    const player = renderApp('/');
    const playerNav = await screen.findByRole('navigation', { name: 'サイト' });
    await screen.findByRole('tablist', { name: 'メニュー' });
    expect(within(playerNav).queryByRole('link', { name: '管理画面' })).not.toBeInTheDocument();
    player.unmount();

    renderAsAdmin('/');
    const nav = await screen.findByRole('navigation', { name: 'サイト' });
    expect(await within(nav).findByRole('link', { name: '管理画面' })).toHaveAttribute('href', '/admin_control');
  });

  it('says it is checking while the profile loads, then shows the panel to an admin', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    signInAs(buildAdminProfile());
    renderApp('/admin_control', {
      'GET /api/users/me': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    expect(await screen.findByText('管理者権限を確認しています…')).toBeInTheDocument();
    answer({ body: buildAdminProfile() });
    expect(await screen.findByRole('heading', { level: 1, name: '管理画面' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin_control');
  });

  it('warns that operations are logged and shows the admin id, trainer name and rate', async () => {
    renderAsAdmin('/admin_control');
    expect(await screen.findByText('すべての操作は記録されます')).toBeInTheDocument();
    const me = screen.getByRole('region', { name: 'ログイン中の管理者' });
    expect(me).toHaveTextContent('admin_01');
    expect(me).toHaveTextContent('運営太郎');
    expect(me).toHaveTextContent('1,650');
  });

  it('opens on the overview and keeps the chosen tab in the address', async () => {
    const { user } = renderAsAdmin('/admin_control');
    const tabs = await screen.findByRole('tablist', { name: '管理メニュー' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual([
      '概要・デバッグ',
      'ユーザー管理',
      '試合管理',
      '通報・異議',
      'コンテンツ管理',
      'シーズン管理',
      'ショップ',
      '操作ログ',
    ]);
    expect(within(tabs).getByRole('tab', { name: '概要・デバッグ' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(tabs).getByRole('tab', { name: 'ユーザー管理' }));
    expect(window.location.search).toBe('?tab=users');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'admin-tab-users');
    expect(screen.getByPlaceholderText('Discord名またはトレーナー名')).toBeInTheDocument();
  });

  it('moves between its tabs with the left and right arrows, Home and End (a row: up and down do nothing)', async () => {
    const { user } = renderAsAdmin('/admin_control');
    const tabs = await screen.findByRole('tablist', { name: '管理メニュー' });
    within(tabs).getByRole('tab', { name: '概要・デバッグ' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(within(tabs).getByRole('tab', { name: '操作ログ' })).toHaveFocus();
    expect(window.location.search).toBe('?tab=audit');
    await user.keyboard('{ArrowRight}');
    expect(within(tabs).getByRole('tab', { name: '概要・デバッグ' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(tabs).getByRole('tab', { name: '概要・デバッグ' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(tabs).getByRole('tab', { name: '操作ログ' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(within(tabs).getByRole('tab', { name: '概要・デバッグ' })).toHaveFocus();
  });

  it('shows the 認証エラー screen only for a 401, and a 403 in place', async () => {
    const { user } = renderAsAdmin('/admin_control', {
      'GET /api/debug/queue': { status: 403, body: { error: 'この操作を行う権限がありません', code: 'FORBIDDEN' } },
    });
    await user.click(await screen.findByRole('button', { name: 'キューの人数を確認' }));
    expect(await screen.findByText('エラー（403）: この操作を行う権限がありません')).toBeInTheDocument();
    expect(screen.queryByText('認証エラー')).not.toBeInTheDocument();
  });
});
