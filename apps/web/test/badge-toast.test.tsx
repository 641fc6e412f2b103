import type { ServerMessage } from '@rankmatch/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildProfile } from '../src/testing/data.ts';
import type { Handlers } from '../src/testing/fake-fetch.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

const PROFILE = buildProfile({ owned_badges: ['badge_001'] });

type BadgeGranted = Extract<ServerMessage, { type: 'badgeGranted' }>;

/** Signed in on the my page with the socket open; the server's owned list grows with each granted badge. */
async function openMyPage(handlers: Handlers = {}, options: { fakeTimers?: boolean } = {}) {
  if (options.fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  signInAs(PROFILE, { cacheProfile: true });
  let owned = ['badge_001'];
  const app = renderApp(
    '/?tab=mypage',
    {
      'GET /api/users/me': () => ({ body: { ...PROFILE, owned_badges: owned } }),
      'GET /api/users/me/badges': () => ({ body: { owned_badges: owned } }),
      ...handlers,
    },
    { user: options.fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : undefined },
  );
  await screen.findByRole('region', { name: '実績' });
  await vi.waitFor(() => expect(app.sockets.last.readyState).toBe(1));
  /** The server grants a badge (by default S2 100戦達成 for 100戦達成) and pushes badgeGranted. */
  const grant = async (overrides: Partial<BadgeGranted> = {}) => {
    const message: BadgeGranted = {
      type: 'badgeGranted',
      badge_id: 'badge_039',
      source: 'achievement',
      achievement_id: 'matches_100',
      ...overrides,
    };
    owned = [...owned, message.badge_id];
    await act(async () => app.sockets.push(message));
  };
  return { ...app, grant };
}

const notifications = () => screen.getByRole('status', { name: '通知' });

describe('badge granted toast', () => {
  it('shows the badge and its achievement, and the open picker lists the new badge without a reload', async () => {
    const { user, server, grant } = await openMyPage();
    await user.click(screen.getByRole('button', { name: 'バッジ1を変更' }));
    const dialog = await screen.findByRole('dialog', { name: 'バッジ1を選択' });
    await within(dialog).findByRole('button', { name: /S0 1位/ });
    expect(within(dialog).queryByRole('button', { name: /S2 100戦達成/ })).not.toBeInTheDocument();
    expect(server.callsTo('GET /api/users/me/badges')).toHaveLength(1);
    const achievementCalls = server.callsTo('GET /api/users/me/achievements').length;

    await grant();

    const toast = within(notifications()).getByRole('listitem');
    expect(toast).toHaveTextContent('バッジを獲得しました');
    expect(within(toast).getByText('S2 100戦達成')).toHaveClass('badge-chip');
    expect(toast).toHaveTextContent('実績「100戦達成」を達成しました');

    await user.click(await within(dialog).findByRole('button', { name: /S2 100戦達成/ }));
    expect(server.callsTo('GET /api/users/me/badges')).toHaveLength(2);
    await waitFor(() =>
      expect(server.callsTo('GET /api/users/me/achievements').length).toBeGreaterThan(achievementCalls),
    );
    expect(server.callsTo('GET /api/users/me').length).toBeGreaterThan(0);
  });

  it('names the source when no achievement granted it (season reward, admin award)', async () => {
    const { grant } = await openMyPage();
    await grant({ badge_id: 'badge_011', source: 'season', achievement_id: null });
    await grant({ badge_id: 'badge_075', source: 'admin', achievement_id: null });
    const [season, admin] = within(notifications()).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(season).toHaveTextContent('S2 1位');
    expect(season).toHaveTextContent('シーズン報酬');
    expect(within(admin).getByRole('img', { name: '第1回大会 優勝' })).toBeInTheDocument();
    expect(admin).toHaveTextContent('運営から付与');
  });

  it('can be dismissed, and goes by itself after 6 seconds', async () => {
    const { user, grant } = await openMyPage({}, { fakeTimers: true });
    await grant();
    await user.click(within(notifications()).getByRole('button', { name: '通知を閉じる' }));
    expect(within(notifications()).queryByRole('listitem')).not.toBeInTheDocument();

    await grant({ badge_id: 'badge_071', achievement_id: 'gold_licence' });
    expect(notifications()).toHaveTextContent('実績「ゴールドライセンス」を達成しました');
    act(() => vi.advanceTimersByTime(5000));
    expect(within(notifications()).getByRole('listitem')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1100));
    expect(within(notifications()).queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('keeps the 3 newest when a season end grants more at once', async () => {
    const { grant } = await openMyPage();
    for (const badge_id of ['badge_011', 'badge_039', 'badge_040', 'badge_071']) {
      await grant({ badge_id, source: 'season', achievement_id: null });
    }
    const shown = within(notifications()).getAllByRole('listitem');
    expect(shown.map((t) => t.querySelector('.badge-chip')?.textContent)).toEqual([
      'S2 100戦達成',
      'S2 200戦達成',
      'S2 ゴールドライセンス',
    ]);
  });
});
