import { REFUND_TEXTS, reportOutcomeText } from '@rankmatch/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../src/lib/browser.ts';
import { buildMatch, buildProfile, buildToken, myMatchReply } from '../src/testing/data.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';
import { buildOrder } from '../src/testing/shop-data.ts';

const now = Math.floor(Date.now() / 1000);

describe('my page, signed in', () => {
  it('shows the status card: rates, matches, win rate, penalty in red, badges joined by 、', async () => {
    signInAs(
      buildProfile({
        rate: 1612,
        max_rate: 1688,
        match_count: 40,
        win_count: 22,
        win_rate: 55,
        penalty_count: 3,
        penalty_correction: 1,
        effective_penalty: 2,
        current_badge: 'badge_001',
        current_badge_2: 'badge_075',
      }),
      { cacheProfile: true },
    );
    renderApp('/?tab=mypage');
    const card = await screen.findByRole('region', { name: 'ステータス' });
    expect(card).toHaveTextContent('1,612');
    expect(card).toHaveTextContent('1,688');
    expect(card).toHaveTextContent('55%');
    expect(within(card).getByTestId('penalty-count')).toHaveTextContent('2');
    expect(within(card).getByTestId('penalty-count')).toHaveClass('text-danger');
    expect(card).toHaveTextContent('S0 1位、第1回大会 優勝');
  });

  it('marks the current rate 暫定 below 10 matches, with a tooltip that says why (issue 22)', async () => {
    signInAs(buildProfile({ rate: 1530, max_rate: 1540, match_count: 3 }), { cacheProfile: true });
    renderApp('/?tab=mypage');
    const card = await screen.findByRole('region', { name: 'ステータス' });
    const mark = within(card).getByRole('button', { name: '暫定' });
    expect(mark.closest('dt')).toHaveTextContent(/^現在のレート暫定/);
    expect(mark).toHaveAccessibleDescription(/^今シーズンはまだ3戦です（10戦未満）。/);
    // And a line on why the rate and the hidden rating differ meanwhile (issue 33).
    expect(within(card).getByTestId('provisional-note')).toHaveTextContent(
      /^暫定のあいだ（今シーズン10戦未満）は、表示のレートとマッチングに使う内部レート/,
    );
  });

  it('shows no 暫定 mark from 10 matches on', async () => {
    signInAs(buildProfile({ match_count: 10 }), { cacheProfile: true });
    renderApp('/?tab=mypage');
    const card = await screen.findByRole('region', { name: 'ステータス' });
    expect(within(card).queryByRole('button', { name: '暫定' })).not.toBeInTheDocument();
    expect(within(card).queryByTestId('provisional-note')).not.toBeInTheDocument();
  });

  it('renders both badges as chips on the profile card (gradient colours, image art)', async () => {
    signInAs(buildProfile({ current_badge: 'badge_001', current_badge_2: 'badge_075' }), { cacheProfile: true });
    renderApp('/?tab=mypage');
    const card = await screen.findByRole('region', { name: 'カビゴン番長' });
    const gradient = within(card).getByText('S0 1位');
    expect(gradient.getAttribute('style')).toContain('linear-gradient(135deg');
    expect(gradient).toHaveStyle({ color: '#3b2500' });
    expect(within(card).getByRole('img', { name: '第1回大会 優勝' })).toHaveAttribute(
      'src',
      '/badges/badge_075-banner.svg',
    );
  });

  it('lists the latest 10 matches with 勝ち / 負け / 無効 (Japanese, as on the player page) and signed deltas', async () => {
    const matches = Array.from({ length: 12 }, (_, i) => ({
      match_id: `m${i}`,
      winlose: [1, 0, 2][i % 3] as number,
      deck_type: 'PIKACHU',
      started_date: now - i * 3600,
      rate_delta: [15, -12, 0][i % 3] as number,
      refunded: false,
    }));
    signInAs(buildProfile({ latest_matches: matches }), { cacheProfile: true });
    renderApp('/?tab=mypage');
    const history = await screen.findByRole('region', { name: '最近の試合' });
    const rows = within(history).getAllByRole('listitem');
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent('勝ち');
    expect(rows[0]).toHaveTextContent('+15');
    expect(rows[1]).toHaveTextContent('負け');
    expect(rows[1]).toHaveTextContent('-12');
    expect(rows[2]).toHaveTextContent('無効');
    expect(history).not.toHaveTextContent(/WIN|LOSE|INVALID/);
    expect(rows[2]).toHaveTextContent('+0');
    expect(within(rows[0]!).getByRole('img', { name: 'ピカチュウ（アタック）' })).toHaveAttribute('data-initial', 'ピ');
  });

  it('says 未報告 for a match whose Pokémon was not reported, the player page word (issue 36)', async () => {
    const matches = [
      { match_id: 'm1', winlose: 1, deck_type: '', started_date: now - 60, rate_delta: 10, refunded: false },
    ];
    signInAs(buildProfile({ latest_matches: matches }), { cacheProfile: true });
    renderApp('/?tab=mypage');
    const history = await screen.findByRole('region', { name: '最近の試合' });
    expect(within(history).getByRole('listitem')).toHaveTextContent('未報告');
    expect(history).not.toHaveTextContent('—');
  });

  it('marks a refunded match 返還済み in place of its rate change, with why (issue 35)', async () => {
    const matches = [
      { match_id: 'm2', winlose: 0, deck_type: 'PIKACHU', started_date: now - 60, rate_delta: 0, refunded: true },
      { match_id: 'm1', winlose: 0, deck_type: 'PIKACHU', started_date: now - 3600, rate_delta: -11, refunded: false },
    ];
    signInAs(buildProfile({ latest_matches: matches }), { cacheProfile: true });
    renderApp('/?tab=mypage');
    const history = await screen.findByRole('region', { name: '最近の試合' });
    const [refunded, counted] = within(history).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(refunded).toHaveTextContent('負け');
    expect(within(refunded).getByText(REFUND_TEXTS.marker)).toHaveAttribute('title', REFUND_TEXTS.markerHint);
    expect(refunded).not.toHaveTextContent('+0');
    expect(counted).toHaveTextContent('-11');
    expect(counted).not.toHaveTextContent(REFUND_TEXTS.marker);
  });

  it("lists what came of the player's reports and disputes, and nothing when there is none (issue 35)", async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    const outcomes = [
      { case_id: 9, subject: 'violation', match_id: '12', outcome: 'action_taken', told_at: now - 60 },
      { case_id: 8, subject: 'dispute', match_id: '11', outcome: 'reviewed', told_at: now - 3600 },
    ];
    renderApp('/?tab=mypage', { 'GET /api/users/me/report-outcomes': { body: { outcomes } } });
    const card = await screen.findByRole('region', { name: '通報・異議申し立ての結果' });
    const [told, reviewed] = within(card).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(told).toHaveTextContent('通報の結果');
    expect(told).toHaveTextContent(reportOutcomeText('violation', 'action_taken'));
    expect(within(told).getByRole('link', { name: '試合 #12' })).toHaveAttribute('href', '/matches/12');
    expect(reviewed).toHaveTextContent('異議申し立ての結果');
    expect(reviewed).toHaveTextContent(reportOutcomeText('dispute', 'reviewed'));
  });

  it('shows no outcomes card while nothing came of any report', async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    renderApp('/?tab=mypage');
    await screen.findByRole('region', { name: '最近の試合' });
    expect(screen.queryByRole('region', { name: '通報・異議申し立ての結果' })).toBeNull();
  });

  it('says 試合履歴がありません without matches', async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    renderApp('/?tab=mypage');
    expect(await screen.findByText('試合履歴がありません')).toBeInTheDocument();
  });

  it('draws the rating chart from two or more points, with an empty state below that', async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    renderApp('/?tab=mypage', {
      'GET /api/users/me/rating-history': {
        body: {
          season_id: 's1',
          points: [
            { at: now - 7200, rate: 1500 },
            { at: now - 3600, rate: 1522 },
            { at: now, rate: 1510 },
          ],
        },
      },
    });
    expect(await screen.findByRole('img', { name: 'レート推移: 1500 から 1510（3件）' })).toBeInTheDocument();
  });

  it('shows a friendly empty chart with fewer than 2 points', async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    renderApp('/?tab=mypage', {
      'GET /api/users/me/rating-history': { body: { season_id: 's1', points: [{ at: now, rate: 1500 }] } },
    });
    expect(await screen.findByText(/まだグラフにできる試合がありません/)).toBeInTheDocument();
  });

  it('redraws the rating chart when a match settles during the visit, without a reload', async () => {
    let settled = false;
    const before = [{ at: now - 3600, rate: 1500 }];
    signInAs(buildProfile(), { cacheProfile: true });
    const { user, server, sockets } = renderApp('/?tab=mypage', {
      'GET /api/users/me': () => ({ body: buildProfile({ rate: settled ? 1522 : 1540 }) }),
      'GET /api/matches/me': () => myMatchReply(settled ? null : buildMatch()),
      'GET /api/users/me/rating-history': () => ({
        body: { season_id: 's1', points: settled ? [...before, { at: now, rate: 1522 }] : before },
      }),
    });
    expect(await screen.findByText(/まだグラフにできる試合がありません/)).toBeInTheDocument();
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
    // Within the history's 60 s staleTime: only the invalidation brings the new point.
    expect(await screen.findByRole('img', { name: 'レート推移: 1500 から 1522（2件）' })).toBeInTheDocument();
    expect(server.callsTo('GET /api/users/me/rating-history')).toHaveLength(2);
  });

  it('opens the past seasons, or says 過去シーズンのデータがありません', async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    const { user, server } = renderApp('/?tab=mypage', { 'GET /api/users/me/records': { body: { records: [] } } });
    await user.click(await screen.findByRole('button', { name: '過去シーズン' }));
    const dialog = await screen.findByRole('dialog', { name: '過去シーズンの成績' });
    expect(await within(dialog).findByText('過去シーズンのデータがありません')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(server.callsTo('GET /api/users/me/records')).toHaveLength(1);
  });

  it('closes the past seasons on Back, and only the dialog (the page stays)', async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    const { user } = renderApp('/?tab=mypage', { 'GET /api/users/me/records': { body: { records: [] } } });
    const open = async () => {
      await user.click(await screen.findByRole('button', { name: '過去シーズン' }));
      return screen.findByRole('dialog', { name: '過去シーズンの成績' });
    };
    const back = async () => {
      act(() => window.history.back());
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(window.location.search).toBe('?tab=mypage');
      expect(screen.getByRole('button', { name: '過去シーズン' })).toBeInTheDocument();
    };
    await open();
    await back();
    // Closed otherwise (Escape), a dialog leaves no entry behind: Back then closes the next one, not nothing.
    await open();
    await user.keyboard('{Escape}');
    await open();
    await back();
  });

  it('shows a past season record', async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    const { user } = renderApp('/?tab=mypage', {
      'GET /api/users/me/records': {
        body: {
          records: [
            {
              season_id: 's0',
              season_name: 'シーズン0',
              final_rate: 1720,
              max_rate: 1790,
              win_rate: 61.2,
              final_rank: 4,
              total_matches: 80,
              wins: 49,
              win_count: 49,
              badges: [],
            },
          ],
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: '過去シーズン' }));
    const dialog = await screen.findByRole('dialog', { name: '過去シーズンの成績' });
    expect(await within(dialog).findByRole('heading', { name: 'シーズン0' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('4位');
    expect(dialog).toHaveTextContent('1,790');
    expect(dialog).toHaveTextContent('61.2%');
  });

  it('shows the badges a season end handed out, with their tier, and ランク外 without a final rank', async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    const record = {
      season_id: 's1',
      season_name: 'シーズン2',
      final_rate: 1540,
      max_rate: 1610,
      win_rate: 52,
      total_matches: 120,
      wins: 62,
      win_count: 62,
    };
    const { user } = renderApp('/?tab=mypage', {
      'GET /api/users/me/records': {
        body: {
          records: [
            {
              ...record,
              final_rank: null,
              badges: [
                { tier: 'matches', badge_id: 'badge_039' },
                { tier: 'gold_licence', badge_id: 'badge_071' },
              ],
            },
            { ...record, season_id: 's0', season_name: 'シーズン0', final_rank: 1, badges: [] },
          ],
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: '過去シーズン' }));
    const dialog = await screen.findByRole('dialog', { name: '過去シーズンの成績' });
    const latest = (await within(dialog).findByRole('heading', { name: 'シーズン2' })).closest('li')!;
    const first = within(dialog).getByRole('heading', { name: 'シーズン0' }).closest('li')!;
    expect(latest).toHaveTextContent('ランク外');
    expect(latest).toHaveTextContent('120');
    const badges = within(latest).getAllByRole('listitem');
    expect(badges.map((b) => b.textContent)).toEqual(['S2 100戦達成試合数', 'S2 ゴールドライセンスゴールドライセンス']);
    expect(within(badges[0]!).getByText('S2 100戦達成')).toHaveClass('badge-chip');
    expect(first).toHaveTextContent('1位');
    expect(first).toHaveTextContent('このシーズンに獲得したバッジはありません');
  });

  it('shows the purchase history below the match history and achievements', async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    const { server } = renderApp('/?tab=mypage', {
      'GET /api/shop/orders': { body: { orders: [buildOrder({ badge_id: 'badge_100', amount: 1000 })] } },
    });
    const history = await screen.findByRole('region', { name: '購入履歴' });
    const rows = within(await within(history).findByRole('table', { name: '購入履歴' })).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('サポーター シルバー');
    expect(rows[1]).toHaveTextContent('￥1,000');
    expect(rows[1]).toHaveTextContent('付与済み');
    expect(server.callsTo('GET /api/shop/orders')).toHaveLength(1);
    // A card near the bottom: after the match history and the achievements.
    const matches = screen.getByRole('region', { name: '最近の試合' });
    expect(matches.compareDocumentPosition(history) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const achievements = await screen.findByRole('region', { name: '実績' });
    expect(achievements.compareDocumentPosition(history) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says 購入履歴はありません without purchases (the default reply)', async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    renderApp('/?tab=mypage');
    const history = await screen.findByRole('region', { name: '購入履歴' });
    expect(await within(history).findByText('購入履歴はありません')).toBeInTheDocument();
  });

  it('links the X account and marks test accounts', async () => {
    signInAs(buildProfile({ twitter_id: 'unite_fan', is_dummy: true }), { cacheProfile: true });
    renderApp('/?tab=mypage');
    expect(await screen.findByRole('link', { name: '@unite_fan の X（Twitter）を開く' })).toHaveAttribute(
      'href',
      'https://x.com/unite_fan',
    );
    expect(screen.getByText(/テストアカウントでログインしています/)).toBeInTheDocument();
  });
});

describe('my page, signed out', () => {
  it('Discord login navigates to the authorize route with the current path and query', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { user } = renderApp('/?tab=mypage');
    await user.click(await screen.findByRole('button', { name: 'Discord でログイン' }));
    expect(assign).toHaveBeenCalledWith('/api/auth/discord/authorize?return_to=%2F%3Ftab%3Dmypage');
  });

  it('offers Discord (disabled with a note when unavailable), test accounts and the privacy link', async () => {
    const { user, server } = renderApp('/?tab=mypage', {
      'GET /api/auth/providers': { body: { discord: false, dummy: true, dummy_password_required: true } },
      'POST /api/auth/dummy/login': { status: 401, body: { error: 'テストアカウントのパスワードが違います' } },
    });
    const discord = await screen.findByRole('button', { name: 'Discord でログイン' });
    expect(discord).toBeDisabled();
    expect(screen.getByText(/Discord ログインは現在利用できません/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'プライバシーポリシー' })).toHaveAttribute('href', '/privacy');

    await user.selectOptions(await screen.findByLabelText('テストアカウントを選択'), 'dummy_01');
    await user.type(screen.getByLabelText('テスト用パスワード'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'テストアカウントでログイン' }));
    expect(
      await screen.findByText('ログインに失敗しました: テストアカウントのパスワードが違います'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/dummy/login')[0]?.body).toEqual({ user_id: 'dummy_01', password: 'wrong' });
    // A failed test login is not an expired session.
    expect(screen.queryByRole('heading', { name: '認証エラー' })).not.toBeInTheDocument();
  });

  it('logs in with a test account from the dropdown', async () => {
    const profile = buildProfile({ user_id: 'dummy_01', trainer_name: 'ピカチュウ使い' });
    const { user } = renderApp('/?tab=mypage', {
      'POST /api/auth/dummy/login': { body: { access_token: buildToken({ sub: 'dummy_01' }), user: profile } },
    });
    await user.selectOptions(await screen.findByLabelText('テストアカウントを選択'), 'dummy_01');
    expect(screen.queryByLabelText('テスト用パスワード')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'テストアカウントでログイン' }));
    expect(await screen.findByRole('heading', { name: 'ピカチュウ使い' })).toBeInTheDocument();
  });

  it('after a test login far down the page, brings the profile into view (issue 21)', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    // The page is scrolled: the tab panel's top is above the window.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const top = this.classList.contains('home__layout') ? -600 : 0;
      return { top, bottom: top + 100, left: 0, right: 0, width: 0, height: 100, x: 0, y: top, toJSON: () => ({}) };
    });
    const profile = buildProfile({ user_id: 'dummy_01', trainer_name: 'ピカチュウ使い' });
    const { user } = renderApp('/?tab=mypage', {
      'POST /api/auth/dummy/login': { body: { access_token: buildToken({ sub: 'dummy_01' }), user: profile } },
    });
    await user.selectOptions(await screen.findByLabelText('テストアカウントを選択'), 'dummy_01');
    expect(scrolled).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'テストアカウントでログイン' }));
    expect(await screen.findByRole('heading', { name: 'ピカチュウ使い' })).toBeInTheDocument();
    await vi.waitFor(() => expect(scrolled).toContain(document.querySelector('.home__layout')));
  });
});
