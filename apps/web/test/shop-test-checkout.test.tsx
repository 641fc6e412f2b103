import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../src/lib/browser.ts';
import { renderApp } from '../src/testing/render-app.tsx';
import { buildTestCheckout } from '../src/testing/shop-data.ts';

// The built-in test payment page (/shop/test-checkout/:sessionId), standing in for Stripe's checkout in test mode.

const PATH = '/shop/test-checkout/cs_test_local_1';
const PAY = 'POST /api/shop/test-checkout/cs_test_local_1/pay';

function openTestCheckout(handlers = {}) {
  return renderApp(PATH, {
    'GET /api/shop/test-checkout/cs_test_local_1': { body: buildTestCheckout() },
    ...handlers,
  });
}

describe('test payment page', () => {
  it('is marked as a test and shows the badge, the amount and the prefilled test card', async () => {
    openTestCheckout();
    expect(await screen.findByRole('heading', { level: 1, name: 'テスト決済' })).toBeInTheDocument();
    expect(screen.getByText('テストモード')).toBeInTheDocument();
    const summary = await screen.findByText('サポーター ブロンズ');
    expect(summary.closest('dl')).toHaveTextContent('￥500');
    expect(screen.getByLabelText('カード番号')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByText(/4000 0000 0000 0002（カード拒否）/)).toBeInTheDocument();
  });

  it('pays with the test card and follows the redirect url', async () => {
    const redirect = 'http://localhost/shop?checkout=success&session_id=cs_test_local_1';
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { user, server } = openTestCheckout({ [PAY]: { body: { redirect_url: redirect } } });
    await user.click(await screen.findByRole('button', { name: '支払う' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(redirect));
    expect(server.callsTo(PAY)[0]?.body).toEqual({ card_number: '4242424242424242' });
    expect(screen.getByRole('button', { name: '支払い処理中…' })).toBeDisabled();
  });

  it('pays once on a double click (the second click comes before the button can say it is busy)', async () => {
    const redirect = 'http://localhost/shop?checkout=success&session_id=cs_test_local_1';
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { server } = openTestCheckout({ [PAY]: { body: { redirect_url: redirect } } });
    const pay = await screen.findByRole('button', { name: '支払う' });
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(redirect));
    expect(server.callsTo(PAY)).toHaveLength(1);
  });

  it('shows a declined card inline and stays on the page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { user, server } = openTestCheckout({
      [PAY]: {
        status: 402,
        body: { error: 'カードが拒否されました（テストカード）。', code: 'TEST_CARD_DECLINED' },
      },
    });
    const card = await screen.findByLabelText('カード番号');
    await user.clear(card);
    await user.type(card, '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: '支払う' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('お支払いできませんでした');
    expect(alert).toHaveTextContent('カードが拒否されました（テストカード）。');
    expect(server.callsTo(PAY)[0]?.body).toEqual({ card_number: '4000000000000002' });
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '支払う' })).toBeEnabled();
  });

  it('refuses a malformed card number without a request', async () => {
    const { user, server } = openTestCheckout();
    const card = await screen.findByLabelText('カード番号');
    await user.clear(card);
    await user.type(card, '4242');
    await user.click(screen.getByRole('button', { name: '支払う' }));
    expect(await screen.findByText('カード番号は16桁の数字で入力してください')).toBeInTheDocument();
    expect(card).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo(PAY)).toHaveLength(0);
  });

  it('キャンセル returns to the cancel url', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { user } = openTestCheckout();
    await user.click(await screen.findByRole('button', { name: 'キャンセル' }));
    expect(assign).toHaveBeenCalledWith('http://localhost/shop?checkout=cancel');
  });

  it.each([
    ['expired', 'この決済は有効期限が切れています'],
    ['complete', 'この決済は完了しています'],
  ] as const)('a %s session says so, without the pay form', async (status, message) => {
    openTestCheckout({
      'GET /api/shop/test-checkout/cs_test_local_1': { body: buildTestCheckout({ status }) },
    });
    const notice = (await screen.findByText(message)).closest('.notice') as HTMLElement;
    expect(within(notice).getByRole('link', { name: 'ショップへ戻る' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('button', { name: '支払う' })).not.toBeInTheDocument();
  });

  it('a session closed meanwhile is reloaded after the 409', async () => {
    let closed = false;
    const { user } = openTestCheckout({
      'GET /api/shop/test-checkout/cs_test_local_1': () => ({
        body: buildTestCheckout({ status: closed ? 'complete' : 'open' }),
      }),
      [PAY]: () => {
        closed = true;
        return { status: 409, body: { error: 'このテスト決済は完了しているか、期限が切れています', code: 'X' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: '支払う' }));
    expect(await screen.findByText('この決済は完了しています')).toBeInTheDocument();
  });

  it('shows the error of an unknown session', async () => {
    openTestCheckout({
      'GET /api/shop/test-checkout/cs_test_local_1': {
        status: 404,
        body: { error: 'テスト決済が見つかりません', code: 'TEST_CHECKOUT_NOT_FOUND' },
      },
    });
    expect(await screen.findByText('テスト決済が見つかりません')).toBeInTheDocument();
    // Asking again would find nothing either: the way back to the shop instead of 再試行.
    expect(screen.getByRole('link', { name: 'ショップへ戻る' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('button', { name: '再試行' })).not.toBeInTheDocument();
  });

  it('offers to try again after a server error', async () => {
    openTestCheckout({
      'GET /api/shop/test-checkout/cs_test_local_1': {
        status: 503,
        body: { error: 'データベースに一時的に接続できません', code: 'DB_UNAVAILABLE' },
      },
    });
    expect(await screen.findByRole('button', { name: '再試行' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
