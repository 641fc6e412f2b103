import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProfile } from '../src/testing/data.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';
import { buildShopBadge, shopBadgesHandler } from '../src/testing/shop-data.ts';

const site = (overrides = {}) => ({
  body: {
    stats_dashboard_url: null,
    operator_name: null,
    operator_contact: null,
    ad_slot_url: null,
    ...overrides,
  },
});

describe('shell and navigation', () => {
  it('opens on the rules tab and keeps the chosen tab in the address', async () => {
    const { user } = renderApp('/');
    // The top page is a chunk of its own (issue 25): it shows once its code is in.
    expect(await screen.findByRole('tab', { name: 'ルール' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'ランキング' }));
    expect(window.location.search).toBe('?tab=ranking');
    expect(screen.getByRole('tab', { name: 'ランキング' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'tab-ranking');
  });

  it('moves between tabs with the arrow keys', async () => {
    const { user } = renderApp('/?tab=mypage');
    (await screen.findByRole('tab', { name: 'マイページ' })).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'マッチング' })).toHaveFocus();
    expect(window.location.search).toBe('?tab=match');
    // A column on wide screens: up and down too; round the ends; Home and End.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('tab', { name: 'ランキング' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('tab', { name: 'ルール' })).toHaveFocus();
    expect(window.location.search).toBe('');
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('tab', { name: 'ランキング' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'ルール' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'ランキング' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'ランキング' })).toHaveAttribute('aria-selected', 'true');
    // Alt+← is the browser's Back, not a tab move.
    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    expect(screen.getByRole('tab', { name: 'ランキング' })).toHaveFocus();
  });

  it('shows a 404 page with a way home for unknown paths (not the top page)', async () => {
    const { user } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist', { name: 'メニュー' })).not.toBeInTheDocument();
    // The title is set by a passive effect, which may run after the page's content is found.
    await waitFor(() => expect(document.title).toContain('ページが見つかりません'));
    await user.click(screen.getByRole('link', { name: 'トップページへ戻る' }));
    expect(window.location.pathname).toBe('/');
    expect(await screen.findByRole('tablist', { name: 'メニュー' })).toBeInTheDocument();
  });

  it('keeps the top page on / and on /auth/callback (the Discord return)', async () => {
    renderApp('/auth/callback');
    expect(await screen.findByRole('tablist', { name: 'メニュー' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'ページが見つかりません' })).not.toBeInTheDocument();
  });

  it('shows the badge shop on /shop', async () => {
    renderApp('/shop', shopBadgesHandler([buildShopBadge('badge_099')]));
    expect(await screen.findByRole('heading', { level: 1, name: 'バッジショップ' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'サポーター ブロンズ' })).toBeInTheDocument();
  });

  it('links the header pages and the stats dashboard (new tab) when configured', async () => {
    renderApp('/', { 'GET /api/site': site({ stats_dashboard_url: 'https://stats.example.com/' }) });
    const nav = screen.getByRole('navigation', { name: 'サイト' });
    for (const name of ['トップ', 'ショップ', 'このサイトについて', '利用規約', 'プライバシー']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    const stats = await within(nav).findByRole('link', { name: /統計ダッシュボード/ });
    expect(stats).toHaveAttribute('href', 'https://stats.example.com/');
    expect(stats).toHaveAttribute('target', '_blank');
  });

  it('marks the side of the header links that scrolls out of view (fade and arrow on narrow screens)', async () => {
    renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'サイト' });
    const list = within(nav).getByRole('list');
    // Everything fits: no hint.
    expect(nav).not.toHaveAttribute('data-more-end');
    expect(nav.querySelector('.site-nav__more')).toBeNull();
    // jsdom has no layout: give the row the sizes of a 390 px phone.
    Object.defineProperty(list, 'clientWidth', { configurable: true, value: 390 });
    Object.defineProperty(list, 'scrollWidth', { configurable: true, value: 560 });
    fireEvent.scroll(list);
    expect(nav).toHaveAttribute('data-more-end');
    expect(nav).not.toHaveAttribute('data-more-start');
    expect(nav.querySelector('.site-nav__more--end')).not.toBeNull();
    list.scrollLeft = 170;
    fireEvent.scroll(list);
    expect(nav).toHaveAttribute('data-more-start');
    expect(nav).not.toHaveAttribute('data-more-end');
    expect(nav.querySelector('.site-nav__more--start')).not.toBeNull();
    expect(nav.querySelector('.site-nav__more--end')).toBeNull();
  });

  it('hides the dashboard link and the ad slot when not configured', async () => {
    const { server } = renderApp('/');
    await screen.findByRole('heading', { name: 'ルール' });
    expect(server.callsTo('GET /api/site')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: /統計ダッシュボード/ })).not.toBeInTheDocument();
    expect(screen.queryByTitle('広告')).not.toBeInTheDocument();
  });

  it('shows the ad slot as a titled iframe when ad_slot_url is set', async () => {
    renderApp('/', { 'GET /api/site': site({ ad_slot_url: 'https://ads.example.com/slot' }) });
    const frame = await screen.findByTitle('広告');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://ads.example.com/slot');
  });

  it('match tab: ログインが必要です when signed out', async () => {
    renderApp('/?tab=match');
    expect(await screen.findByText('ログインが必要です')).toBeInTheDocument();
  });

  it('match tab: the queue panel when signed in', async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    renderApp('/?tab=match');
    expect(await screen.findByRole('button', { name: 'マッチングに参加' })).toBeInTheDocument();
    expect(screen.queryByText('ログインが必要です')).not.toBeInTheDocument();
  });
});

describe('static pages', () => {
  it('privacy shows the date, the disclosure fee and the operator from /api/site', async () => {
    renderApp('/privacy', {
      'GET /api/site': site({ operator_name: 'ユナイト運営委員会', operator_contact: 'contact@example.com' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'プライバシーポリシー' })).toBeInTheDocument();
    expect(screen.getByText(/2023年9月4日/)).toBeInTheDocument();
    expect(screen.getByText(/1件につき1,000円/)).toBeInTheDocument();
    expect(screen.getByText(/マイページの「あなたのデータ」からいつでも無料でダウンロード/)).toBeInTheDocument();
    expect(
      screen.getByText(/マイページの「アカウントの削除」からいつでも申請できます。申請から7日後に削除/),
    ).toBeInTheDocument();
    expect(screen.getByText(/アカウントの削除後も7年間保存します/)).toBeInTheDocument();
    expect(await screen.findByText('ユナイト運営委員会')).toBeInTheDocument();
    expect(screen.getByText('contact@example.com')).toBeInTheDocument();
  });

  it('commercial notice says 運営者情報は設定されていません without operator data', async () => {
    renderApp('/commercial');
    expect(await screen.findByRole('heading', { level: 1, name: '特定商取引法に基づく表記' })).toBeInTheDocument();
    expect((await screen.findAllByText('運営者情報は設定されていません')).length).toBeGreaterThan(0);
    expect(screen.getByText('クレジットカード決済')).toBeInTheDocument();
    expect(screen.getByText(/返品・キャンセルはお受けできません/)).toBeInTheDocument();
  });

  it('about states the participation rule and the aims', async () => {
    renderApp('/about');
    expect(await screen.findByText(/レート1600の証/)).toBeInTheDocument();
    expect(screen.getByText(/シーズン27〜30/)).toBeInTheDocument();
    expect(screen.getByText(/ボイスチャット/)).toBeInTheDocument();
  });

  it('terms page renders', async () => {
    renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: '利用規約' })).toBeInTheDocument();
    expect(screen.getByText('第3条（禁止事項）')).toBeInTheDocument();
  });
});
