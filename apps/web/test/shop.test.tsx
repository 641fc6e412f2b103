import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../src/lib/browser.ts';
import { buildProfile } from '../src/testing/data.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';
import { buildShopBadge, shopBadgesHandler } from '../src/testing/shop-data.ts';

// The badge shop at /shop: the grid, its filters and labels, and the purchase up to leaving for the checkout page.

const OFFERS = [
  buildShopBadge('badge_099'), // サポーター ブロンズ, image, 500
  buildShopBadge('badge_102', { current_sales: 47, remaining: 3 }), // サポーター プラチナ, image, 10000, limited
  buildShopBadge('badge_113'), // 夕焼け, gradient, 100
  buildShopBadge('badge_118', { current_sales: 100, remaining: 0, sold_out: true }), // 琥珀, gradient, sold out
  buildShopBadge('badge_005', { price: 100 }), // S0 TOP100, basic
];

const card = (name: string) => screen.getByRole('article', { name });
const cardNames = () => screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

async function openShop(handlers = {}) {
  const app = renderApp('/shop', { ...shopBadgesHandler(OFFERS), ...handlers });
  await screen.findByRole('heading', { name: '販売中のバッジ' });
  await screen.findAllByRole('article');
  return app;
}

function signIn() {
  signInAs(buildProfile({ current_badge: 'badge_001', current_badge_2: 'badge_005' }), { cacheProfile: true });
}

describe('shop page', () => {
  it('shows the heading, the grant notice and the commercial notice link', async () => {
    await openShop();
    expect(screen.getByRole('heading', { level: 1, name: 'バッジショップ' })).toBeInTheDocument();
    // The title is set by a passive effect, which may run after the page's content is found.
    await waitFor(() => expect(document.title).toBe('バッジショップ | rankmatch'));
    expect(screen.getByText(/反映されるまで時間がかかる場合があります/)).toHaveTextContent(
      '運営までお問い合わせください',
    );
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: '特定商取引法に基づく表記' })).toHaveAttribute('href', '/commercial');
    expect(screen.queryByText('テストモード（実際の請求は発生しません）')).not.toBeInTheDocument();
  });

  it('lists each badge with price in yen, stock left and the button state; no type chip (issue 36)', async () => {
    await openShop();
    expect(cardNames()).toEqual(['サポーター ブロンズ', 'サポーター プラチナ', '夕焼け', '琥珀', 'S0 TOP100']);

    const bronze = card('サポーター ブロンズ');
    expect(within(bronze).queryByText('画像')).not.toBeInTheDocument();
    expect(within(bronze).getByText('￥500')).toBeInTheDocument();
    expect(within(bronze).queryByText(/残り/)).not.toBeInTheDocument();
    expect(within(bronze).getByRole('button', { name: '購入する' })).toBeEnabled();

    const platinum = card('サポーター プラチナ');
    expect(within(platinum).getByText('￥10,000')).toBeInTheDocument();
    expect(within(platinum).getByText('残り3個')).toBeInTheDocument();

    expect(within(card('夕焼け')).queryByText('グラデーション')).not.toBeInTheDocument();
    expect(within(card('S0 TOP100')).queryByText('ベーシック')).not.toBeInTheDocument();

    const amber = card('琥珀');
    expect(within(amber).getByRole('button', { name: '売り切れ' })).toBeDisabled();
    expect(within(amber).queryByText(/残り/)).not.toBeInTheDocument();
  });

  it('filters by type: グラデーション, 画像, and すべて (basic included)', async () => {
    const { user } = await openShop();
    const filters = screen.getByRole('group', { name: 'バッジの種類' });
    expect(within(filters).getByRole('button', { name: 'すべて' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(filters).getByRole('button', { name: 'グラデーション' }));
    expect(within(filters).getByRole('button', { name: 'グラデーション' })).toHaveAttribute('aria-pressed', 'true');
    expect(cardNames()).toEqual(['夕焼け', '琥珀']);

    await user.click(within(filters).getByRole('button', { name: '画像' }));
    expect(cardNames()).toEqual(['サポーター ブロンズ', 'サポーター プラチナ']);

    await user.click(within(filters).getByRole('button', { name: 'すべて' }));
    expect(cardNames()).toHaveLength(5);
  });

  it('says 購入済み for an owned badge and shows the own profile when signed in', async () => {
    signIn();
    await openShop(shopBadgesHandler([buildShopBadge('badge_099', { owned: true }), buildShopBadge('badge_113')]));
    expect(within(card('サポーター ブロンズ')).getByRole('button', { name: '購入済み' })).toBeDisabled();
    const profile = screen.getByRole('figure', { name: 'あなたのプロフィール' });
    expect(profile).toHaveTextContent('カビゴン番長');
    expect(within(profile).getByText('S0 1位')).toBeInTheDocument();
  });

  it('says 販売中のバッジはありません when nothing is on sale', async () => {
    renderApp('/shop', shopBadgesHandler([]));
    expect(await screen.findByText('販売中のバッジはありません')).toBeInTheDocument();
  });

  it('asks to reload when the catalogue cannot be loaded', async () => {
    const { user } = renderApp('/shop', {
      'GET /api/shop/badges': { status: 503, body: { error: 'ショップは現在利用できません', code: 'SHOP_DISABLED' } },
    });
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('バッジ情報の取得に失敗しました。ページを再読み込みしてください。');
    expect(box).toHaveTextContent('ショップは現在利用できません');
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    await user.click(within(box).getByRole('button', { name: '再読み込み' }));
    expect(reload).toHaveBeenCalled();
  });

  it('shows the test mode banner in test mode', async () => {
    await openShop(shopBadgesHandler(OFFERS, 'test'));
    expect(screen.getByText('テストモード（実際の請求は発生しません）')).toBeInTheDocument();
  });
});

describe('shop purchase', () => {
  it('a visitor is told to log in, without any request', async () => {
    const { user, server } = await openShop();
    await user.click(within(card('サポーター ブロンズ')).getByRole('button', { name: '購入する' }));
    const dialog = await screen.findByRole('dialog', { name: '購入にはログインが必要です' });
    expect(within(dialog).getByRole('link', { name: 'マイページでログイン' })).toHaveAttribute('href', '/?tab=mypage');
    expect(screen.queryByRole('dialog', { name: '購入内容の確認' })).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.method !== 'GET')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('confirms in a modal, sends the spec body and leaves for the checkout url', async () => {
    signIn();
    const url = 'https://checkout.stripe.com/c/pay/cs_test_abc';
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { user, server } = await openShop({
      'POST /api/shop/checkout': { body: { url, session_id: 'cs_test_abc' } },
    });
    await user.click(within(card('サポーター ブロンズ')).getByRole('button', { name: '購入する' }));

    const dialog = await screen.findByRole('dialog', { name: '購入内容の確認' });
    const preview = within(dialog).getByRole('figure', { name: '装備したときのイメージ（バッジ1）' });
    expect(within(preview).getByRole('img', { name: 'サポーター ブロンズ' })).toBeInTheDocument();
    expect(within(preview).getByText('S0 TOP100')).toBeInTheDocument();
    expect(within(preview).queryByText('S0 1位')).not.toBeInTheDocument();
    const details = within(dialog).getByText('名前').closest('dl');
    expect(details).toHaveTextContent('名前サポーター ブロンズ');
    expect(details).toHaveTextContent('種類画像');
    expect(details).toHaveTextContent('入手方法支援ページから購入可能');
    expect(details).toHaveTextContent('価格￥500');
    expect(dialog).toHaveTextContent('決済はStripeの安全な決済ページで行われます');
    expect(server.callsTo('POST /api/shop/checkout')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: '購入する' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(url));
    expect(server.callsTo('POST /api/shop/checkout')[0]?.body).toEqual({
      badgeId: 'badge_099',
      badgeName: 'サポーター ブロンズ',
      price: 500,
      userId: 'dummy_02',
    });
    expect(within(dialog).getByRole('button', { name: '決済ページへ移動しています…' })).toBeDisabled();
  });

  it('キャンセル closes the modal without a request', async () => {
    signIn();
    const { user, server } = await openShop();
    await user.click(within(card('夕焼け')).getByRole('button', { name: '購入する' }));
    const dialog = await screen.findByRole('dialog', { name: '購入内容の確認' });
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo('POST /api/shop/checkout')).toHaveLength(0);
  });

  it('accepts this site test payment page in test mode', async () => {
    signIn();
    const url = `${window.location.origin}/shop/test-checkout/cs_test_local_1`;
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { user } = await openShop({
      ...shopBadgesHandler(OFFERS, 'test'),
      'POST /api/shop/checkout': { body: { url, session_id: 'cs_test_local_1' } },
    });
    await user.click(within(card('夕焼け')).getByRole('button', { name: '購入する' }));
    const dialog = await screen.findByRole('dialog', { name: '購入内容の確認' });
    expect(dialog).toHaveTextContent('テスト決済ページへ移動します');
    await user.click(within(dialog).getByRole('button', { name: '購入する' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(url));
  });

  it('refuses a checkout url that is neither Stripe nor the test page, without navigating', async () => {
    signIn();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { user } = await openShop({
      'POST /api/shop/checkout': { body: { url: 'https://checkout.stripe.com.evil.example/pay', session_id: 'x' } },
    });
    await user.click(within(card('サポーター ブロンズ')).getByRole('button', { name: '購入する' }));
    const dialog = await screen.findByRole('dialog', { name: '購入内容の確認' });
    await user.click(within(dialog).getByRole('button', { name: '購入する' }));
    expect(await within(dialog).findByText('不正な決済URLを受信しました')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: '購入する' })).toBeEnabled();
  });

  it('a sold-out reply shows the message and reloads the list', async () => {
    signIn();
    const { user, server } = await openShop({
      'POST /api/shop/checkout': { status: 409, body: { error: 'このバッジは売り切れです', code: 'SHOP_SOLD_OUT' } },
    });
    await user.click(within(card('サポーター プラチナ')).getByRole('button', { name: '購入する' }));
    const dialog = await screen.findByRole('dialog', { name: '購入内容の確認' });
    server.use(shopBadgesHandler([buildShopBadge('badge_102', { current_sales: 50, remaining: 0, sold_out: true })]));
    await user.click(within(dialog).getByRole('button', { name: '購入する' }));

    expect(await within(dialog).findByText('このバッジは売り切れです')).toBeInTheDocument();
    expect(within(dialog).queryByText(/サーバーエラー/)).not.toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET /api/shop/badges')).toHaveLength(2));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '購入する' })).toBeDisabled());
    expect(within(card('サポーター プラチナ')).getByRole('button', { name: '売り切れ' })).toBeDisabled();
  });

  it('a server error adds the developer notice and asks to try again later', async () => {
    signIn();
    const { user } = await openShop({
      'POST /api/shop/checkout': {
        status: 502,
        body: { error: '決済サービスとの通信に失敗しました。', code: 'SHOP_PROVIDER_FAILED' },
      },
    });
    await user.click(within(card('サポーター ブロンズ')).getByRole('button', { name: '購入する' }));
    const dialog = await screen.findByRole('dialog', { name: '購入内容の確認' });
    await user.click(within(dialog).getByRole('button', { name: '購入する' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('決済サービスとの通信に失敗しました。');
    expect(alert).toHaveTextContent('サーバーエラーが発生しました（開発者向け: HTTP 502）');
    expect(alert).toHaveTextContent('時間をおいて再度お試しください。');
  });
});
