import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildAchievement, buildMatch, buildProfile, myMatchReply } from '../src/testing/data.ts';
import type { Handlers } from '../src/testing/fake-fetch.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

// 2025-04-01 03:00 UTC: the same calendar day in UTC and in Japan.
const APRIL_FIRST = Date.UTC(2025, 3, 1, 3, 0) / 1000;
const APRIL_THIRD = Date.UTC(2025, 3, 3, 3, 0) / 1000;

const FIRST_WIN = buildAchievement({
  id: 'first_win',
  name: '初勝利',
  condition: 'ランクマッチで初めて勝利する',
  badge_id: null,
  season_id: null,
  progress: { current: 1, target: 1 },
  earned: true,
  earned_at: APRIL_FIRST,
});
const MATCHES_100 = buildAchievement({ progress: { current: 99, target: 100 } });
const GOLD = buildAchievement({
  id: 'gold_licence',
  name: 'ゴールドライセンス',
  condition: '今シーズンで50試合以上プレイし、ペナルティが0',
  badge_id: 'badge_071',
  progress: { current: 50, target: 50 },
  earned: true,
  earned_at: APRIL_THIRD,
});

function openMyPage(handlers: Handlers = {}) {
  signInAs(buildProfile(), { cacheProfile: true });
  return renderApp('/?tab=mypage', handlers);
}

describe('my page: achievements', () => {
  it('lists each achievement with its progress bar, earned date and badge preview', async () => {
    openMyPage({ 'GET /api/users/me/achievements': { body: { achievements: [FIRST_WIN, MATCHES_100, GOLD] } } });
    const panel = await screen.findByRole('region', { name: '実績' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(3);

    const [firstWin, matches, gold] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(firstWin).getByRole('heading', { name: '初勝利' })).toBeInTheDocument();
    expect(firstWin).toHaveTextContent('2025/04/01 獲得');
    expect(within(firstWin).queryByText('報酬')).not.toBeInTheDocument();

    const bar = within(matches).getByRole('progressbar', { name: '100戦達成の進み具合' });
    expect(bar).toHaveAttribute('aria-valuenow', '99');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar.firstElementChild).toHaveStyle({ width: '99%' });
    expect(matches).toHaveTextContent('99/100');
    expect(matches).toHaveTextContent('未獲得');
    expect(matches).toHaveTextContent('今シーズンで100試合以上プレイ');
    expect(within(matches).getByText('S2 100戦達成')).toHaveClass('badge-chip');

    expect(gold).toHaveTextContent('2025/04/03 獲得');
    expect(gold).toHaveTextContent('50/50');
    expect(within(gold).getByText('S2 ゴールドライセンス')).toHaveClass('badge-chip');
  });

  it('says the penalty is why a gold licence at 50/50 is not earned (issue 21)', async () => {
    const blocked = { ...GOLD, earned: false, earned_at: null };
    signInAs(buildProfile({ penalty_count: 2, penalty_correction: 1, effective_penalty: 1 }), { cacheProfile: true });
    renderApp('/?tab=mypage', { 'GET /api/users/me/achievements': { body: { achievements: [blocked, MATCHES_100] } } });
    const panel = await screen.findByRole('region', { name: '実績' });
    const [gold, matches] = (await within(panel).findAllByRole('listitem')) as [HTMLElement, HTMLElement];
    expect(gold).toHaveTextContent('50/50');
    expect(gold).toHaveTextContent('未獲得');
    expect(
      within(gold).getByText('ペナルティ（1）があるため獲得できません。ペナルティが0になると獲得できます。'),
    ).toBeInTheDocument();
    // Other achievements, and a gold licence still short of 50 matches, say nothing of the penalty.
    expect(matches).not.toHaveTextContent('ペナルティ（');
  });

  it('says nothing of the penalty while the gold licence is short of 50 matches or the penalty is 0', async () => {
    const short = { ...GOLD, earned: false, earned_at: null, progress: { current: 20, target: 50 } };
    signInAs(buildProfile({ effective_penalty: 1, penalty_count: 1 }), { cacheProfile: true });
    renderApp('/?tab=mypage', { 'GET /api/users/me/achievements': { body: { achievements: [short] } } });
    const panel = await screen.findByRole('region', { name: '実績' });
    const [gold] = (await within(panel).findAllByRole('listitem')) as [HTMLElement];
    expect(gold).toHaveTextContent('20/50');
    expect(gold).not.toHaveTextContent('ペナルティ（');
  });

  it('says so when there are no achievements, and offers a retry when they cannot be loaded', async () => {
    const { server, user } = openMyPage({
      'GET /api/users/me/achievements': { status: 500, body: { error: 'サーバーでエラーが発生しました' } },
    });
    const panel = await screen.findByRole('region', { name: '実績' });
    expect(await within(panel).findByText('実績を取得できませんでした')).toBeInTheDocument();
    server.use({ 'GET /api/users/me/achievements': { body: { achievements: [] } } });
    await user.click(within(panel).getByRole('button', { name: '再試行' }));
    expect(await within(panel).findByText(/まだ実績はありません/)).toBeInTheDocument();
  });

  it('lists the 5 latest earned achievements, newest first as the server sends them', async () => {
    const { server } = openMyPage({
      'GET /api/users/me/achievements/recent': { body: { achievements: [GOLD, FIRST_WIN] } },
    });
    const recent = await screen.findByRole('region', { name: '最近の実績' });
    const rows = await within(recent).findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'ゴールドライセンスS2 ゴールドライセンス2025/04/03 獲得',
      '初勝利2025/04/01 獲得',
    ]);
    expect(server.callsTo('GET /api/users/me/achievements/recent').map((c) => c.url)).toEqual([
      '/api/users/me/achievements/recent?limit=5',
    ]);
  });

  it('says まだ獲得した実績はありません before the first one', async () => {
    openMyPage();
    const recent = await screen.findByRole('region', { name: '最近の実績' });
    expect(await within(recent).findByText('まだ獲得した実績はありません')).toBeInTheDocument();
  });

  it('reloads them once a match settles', async () => {
    let settled = false;
    const { user, server, sockets } = openMyPage({
      'GET /api/users/me': { body: buildProfile() },
      'GET /api/matches/me': () => myMatchReply(settled ? null : buildMatch()),
    });
    await screen.findByText(/まだ実績はありません/);
    expect(server.callsTo('GET /api/users/me/achievements')).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: 'マッチング' }));
    await screen.findByRole('heading', { name: '試合 #42' });
    settled = true;
    await act(async () =>
      sockets.push({
        type: 'matchUpdate',
        data: { match_id: '42', lobby_id: null, host_user_id: 'dummy_01', status: 'done', report_count: 2 },
      }),
    );
    await screen.findByText(/試合 #42 の結果が集計されました/);
    await user.click(screen.getByRole('tab', { name: 'マイページ' }));
    await vi.waitFor(() => expect(server.callsTo('GET /api/users/me/achievements')).toHaveLength(2));
    expect(server.callsTo('GET /api/users/me/achievements/recent')).toHaveLength(2);
    // The session's check ran once, before the first read.
    expect(server.callsTo('POST /api/users/me/achievements/check')).toHaveLength(1);
  });

  it('checks once before reading, so what the check records shows as earned', async () => {
    let checked = false;
    const { server } = openMyPage({
      'POST /api/users/me/achievements/check': () => {
        checked = true;
        return { body: { newly_earned: [FIRST_WIN] } };
      },
      'GET /api/users/me/achievements': () => ({
        body: { achievements: [checked ? FIRST_WIN : { ...FIRST_WIN, earned: false, earned_at: null }] },
      }),
    });
    const panel = await screen.findByRole('region', { name: '実績' });
    expect(await within(panel).findByText('2025/04/01 獲得')).toBeInTheDocument();
    const [first, ...reads] = server.calls
      .map((c) => `${c.method} ${c.path}`)
      .filter((c) => c.includes('achievements'));
    expect(first).toBe('POST /api/users/me/achievements/check');
    expect(reads.sort()).toEqual(['GET /api/users/me/achievements', 'GET /api/users/me/achievements/recent']);
    expect(server.callsTo('POST /api/users/me/achievements/check')[0]?.body).toEqual({});
  });

  it('still lists them when the check fails', async () => {
    openMyPage({
      'POST /api/users/me/achievements/check': { status: 500, body: { error: 'サーバーでエラーが発生しました' } },
      'GET /api/users/me/achievements': { body: { achievements: [MATCHES_100] } },
    });
    const panel = await screen.findByRole('region', { name: '実績' });
    expect(await within(panel).findByText('99/100')).toBeInTheDocument();
  });
});
