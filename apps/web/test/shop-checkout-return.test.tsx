import type { Order } from '@rankmatch/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ORDER_POLL_LIMIT_MS, ORDER_POLL_MS } from '../src/features/shop/checkout-outcome.ts';
import { buildProfile } from '../src/testing/data.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';
import { buildOrder, buildShopBadge, shopBadgesHandler } from '../src/testing/shop-data.ts';

// Back from the checkout page: /shop?checkout=success&session_id=… follows the order until the badge is granted;
// /shop?checkout=cancel says the purchase was cancelled. The query string is removed either way.

const SUCCESS_URL = '/shop?checkout=success&session_id=cs_test_1';

/** GET /api/shop/orders/cs_test_1 answering with these orders in turn (the last one repeats). */
function orderReplies(...orders: Order[]) {
  let call = 0;
  return {
    'GET /api/shop/orders/cs_test_1': () => ({ body: orders[Math.min(call++, orders.length - 1)] }),
  };
}

function renderReturn(url: string, handlers = {}) {
  signInAs(buildProfile(), { cacheProfile: true });
  // The page load reads the profile (before the grant); the reload after the grant finds the badge.
  let reads = 0;
  return renderApp(url, {
    ...shopBadgesHandler([buildShopBadge('badge_099')]),
    'GET /api/users/me': () => ({ body: buildProfile({ owned_badges: reads++ === 0 ? [] : ['badge_099'] }) }),
    'GET /api/users/me/badges': { body: { owned_badges: ['badge_099'] } },
    ...handlers,
  });
}

describe('return from checkout', () => {
  it('polls the order until it is fulfilled, then reloads the profile and the shop', async () => {
    const pending = buildOrder({ status: 'pending', paid_at: null, fulfilled_at: null });
    const { server } = renderReturn(SUCCESS_URL, orderReplies(pending, buildOrder()));

    expect(await screen.findByText('付与を確認中…')).toBeInTheDocument();
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.pathname).toBe('/shop');
    expect(server.callsTo('GET /api/users/me')).toHaveLength(1);
    expect(localStorage.getItem('rankmatch.profile.static')).not.toContain('badge_099');

    expect(
      await screen.findByText('バッジを付与しました！マイページで装備できます', {}, { timeout: ORDER_POLL_MS + 3000 }),
    ).toBeInTheDocument();
    // Asked twice before the grant (once more when everything about the player is reloaded).
    expect(server.callsTo('GET /api/shop/orders/cs_test_1').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('link', { name: 'マイページを開く' })).toHaveAttribute('href', '/?tab=mypage');
    // The profile cache was dropped and the profile and the shop's list asked again (owned badges now included).
    await waitFor(() => expect(server.callsTo('GET /api/users/me')).toHaveLength(2));
    await waitFor(() => expect(server.callsTo('GET /api/shop/badges')).toHaveLength(2));
    expect(localStorage.getItem('rankmatch.profile.static')).toContain('badge_099');
  });

  it('explains a paid order that could not be granted because the stock ran out', async () => {
    renderReturn(SUCCESS_URL, orderReplies(buildOrder({ status: 'paid', problem: 'sold_out', fulfilled_at: null })));
    expect(
      await screen.findByText('在庫がなくなったため付与できませんでした。運営から返金のご連絡をします'),
    ).toBeInTheDocument();
    expect(screen.getByText('注文番号: ord_test_1')).toBeInTheDocument();
  });

  it.each([
    ['expired', '決済の有効期限が切れました。もう一度購入手続きをしてください'],
    ['failed', 'お支払いが完了しませんでした。もう一度お試しください'],
    ['refunded', 'この注文は返金済みです'],
  ] as const)('explains a %s order', async (status, message) => {
    const { server } = renderReturn(SUCCESS_URL, orderReplies(buildOrder({ status, fulfilled_at: null })));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(server.callsTo('GET /api/shop/orders/cs_test_1')).toHaveLength(1);
  });

  it("shows the server's message for another player's order and stops asking", async () => {
    const { server } = renderReturn(SUCCESS_URL, {
      'GET /api/shop/orders/cs_test_1': {
        status: 404,
        body: { error: '注文が見つかりません', code: 'ORDER_NOT_FOUND' },
      },
    });
    expect(await screen.findByText('注文が見つかりません')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, ORDER_POLL_MS + 500));
    expect(server.callsTo('GET /api/shop/orders/cs_test_1')).toHaveLength(1);
  });

  it('says it takes time when the order is still pending after the time limit', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { server } = renderReturn(
      SUCCESS_URL,
      orderReplies(buildOrder({ status: 'paid', fulfilled_at: null })), // paid, grant not done yet
    );
    expect(await screen.findByText('付与を確認中…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_LIMIT_MS + ORDER_POLL_MS));
    expect(await screen.findByText('時間がかかっています。数分後にマイページをご確認ください')).toBeInTheDocument();
    const asked = server.callsTo('GET /api/shop/orders/cs_test_1').length;
    expect(asked).toBeGreaterThan(50);
    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 3));
    expect(server.callsTo('GET /api/shop/orders/cs_test_1')).toHaveLength(asked);
  });

  it('says 購入をキャンセルしました after a cancelled checkout and cleans the address', async () => {
    const { server } = renderReturn('/shop?checkout=cancel');
    expect(await screen.findByText('購入をキャンセルしました')).toBeInTheDocument();
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(server.calls.some((c) => c.path.startsWith('/api/shop/orders'))).toBe(false);
  });

  it('asks a signed-out visitor to log in to see the grant', async () => {
    renderApp(SUCCESS_URL, shopBadgesHandler([buildShopBadge('badge_099')]));
    expect(await screen.findByText('ログインすると購入したバッジの付与状況を確認できます')).toBeInTheDocument();
  });
});
