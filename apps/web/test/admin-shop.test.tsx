import { BADGE_CONDITION_SHOP, BADGES, type Order } from '@rankmatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAsAdmin } from '../src/testing/admin-data.ts';
import { answerConfirm } from '../src/testing/confirm.ts';
import { buildSettings } from '../src/testing/data.ts';
import type { Handlers, RecordedCall } from '../src/testing/fake-fetch.ts';
import { buildOrder, buildShopBadge, shopBadgesHandler } from '../src/testing/shop-data.ts';

// The admin panel's ショップ tab: orders (filter, 再付与) and the shop badges' price, stock and sale state.
// Badges used: badge_100 サポーター シルバー (1000 yen, unlimited), badge_102 サポーター プラチナ (10000, limited to
// 50), badge_099 サポーター ブロンズ (500), badge_113 夕焼け (a shop badge set inactive: the shop does not list it).

type AdminOrder = Order & { trainer_name: string };

const LONG_SESSION = 'cs_test_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';
/** Paid after its reservation lapsed, with the stock gone: not granted. */
const SOLD_OUT_ORDER = buildOrder({
  order_id: 'ord_paid_1',
  session_id: LONG_SESSION,
  user_id: 'dummy_03',
  badge_id: 'badge_102',
  amount: 10000,
  status: 'paid',
  fulfilled_at: null,
  problem: 'sold_out',
});
const SOLD_OUT: AdminOrder = { ...SOLD_OUT_ORDER, trainer_name: 'ミミッキュ使い' };
const FULFILLED: AdminOrder = { ...buildOrder({ order_id: 'ord_done_1' }), trainer_name: 'カビゴン番長' };
const FAILED: AdminOrder = {
  ...buildOrder({
    order_id: 'ord_failed_1',
    session_id: null,
    user_id: 'dummy_04',
    badge_id: 'badge_100',
    amount: 1000,
    status: 'failed',
    paid_at: null,
    fulfilled_at: null,
    problem: 'provider_error',
  }),
  trainer_name: '',
};

const MASTER = {
  settings: buildSettings(),
  badges: BADGES.map((b) => (b.id === 'badge_113' ? { ...b, is_active: false } : b)),
  pokemon: [],
};

const OFFERS = BADGES.filter((b) => b.condition === BADGE_CONDITION_SHOP && b.id !== 'badge_113').map((b) =>
  b.id === 'badge_100'
    ? buildShopBadge(b.id, { current_sales: 3 })
    : b.id === 'badge_102'
      ? buildShopBadge(b.id, { current_sales: 48, remaining: 0, sold_out: true })
      : buildShopBadge(b.id),
);

const statusOf = (call: RecordedCall) => new URL(call.url, 'http://localhost').searchParams.get('status');

function openShop(handlers: Handlers = {}) {
  return renderAsAdmin('/admin_control?tab=shop', {
    'GET /api/admin/orders': (call) => ({
      body: {
        orders: [SOLD_OUT, FULFILLED, FAILED].filter((o) => statusOf(call) === 'all' || o.status === statusOf(call)),
      },
    }),
    'GET /api/master': { body: MASTER },
    ...shopBadgesHandler(OFFERS),
    ...handlers,
  });
}

const ordersTable = () => screen.findByRole('table', { name: '注文一覧' });
const orderRows = async () =>
  within(await ordersTable())
    .getAllByRole('row')
    .slice(1);
const badgeItem = async (name: string) =>
  (await screen.findByRole('button', { name: `${name} を編集` })).closest('li') as HTMLElement;
const openBadgeForm = async (user: ReturnType<typeof openShop>['user'], name: string) => {
  await user.click(await screen.findByRole('button', { name: `${name} を編集` }));
  return screen.getByRole('form', { name: `${name} の販売設定` });
};

describe('admin shop: orders', () => {
  it('sits between シーズン管理 and 操作ログ and lists orders with player, badge, yen, status, problem, session', async () => {
    openShop();
    const tabs = await screen.findByRole('tablist', { name: '管理メニュー' });
    const names = within(tabs)
      .getAllByRole('tab')
      .map((t) => t.textContent);
    expect(names.slice(names.indexOf('シーズン管理'))).toEqual(['シーズン管理', 'ショップ', '操作ログ']);
    expect(within(tabs).getByRole('tab', { name: 'ショップ' })).toHaveAttribute('aria-selected', 'true');

    const [soldOut, fulfilled, failed] = await orderRows();
    expect(soldOut).toHaveTextContent('ミミッキュ使い');
    expect(soldOut).toHaveTextContent('dummy_03');
    await waitFor(() => expect(soldOut).toHaveTextContent('サポーター プラチナ'));
    expect(soldOut).toHaveTextContent('￥10,000');
    expect(soldOut).toHaveTextContent('支払い済み（付与待ち）');
    expect(soldOut).toHaveTextContent('在庫切れのため未付与（返金が必要）');
    // The session id is shortened; the whole id is the cell's title.
    const session = within(soldOut!).getByTitle(LONG_SESSION);
    expect(session).toHaveTextContent('cs_test_a1B2…o5P6');
    expect(within(soldOut!).getByRole('button', { name: '注文 ord_paid_1 を再付与' })).toHaveTextContent('再付与');

    expect(fulfilled).toHaveTextContent('カビゴン番長');
    expect(fulfilled).toHaveTextContent('サポーター ブロンズ');
    expect(fulfilled).toHaveTextContent('￥500');
    expect(fulfilled).toHaveTextContent('付与済み');
    expect(within(fulfilled!).queryByRole('button')).not.toBeInTheDocument();

    expect(failed).toHaveTextContent('未設定');
    expect(failed).toHaveTextContent('dummy_04');
    expect(failed).toHaveTextContent('支払い失敗');
    expect(failed).toHaveTextContent('決済サービスのエラー');
    expect(within(failed!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('filters by status and refreshes', async () => {
    const { user, server } = openShop();
    await ordersTable();
    const filter = screen.getByRole('combobox', { name: '状態' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['すべて', '支払い待ち', '支払い済み（付与待ち）', '付与済み', '期限切れ', '支払い失敗', '返金済み']);
    await user.selectOptions(filter, '支払い済み（付与待ち）');
    await waitFor(async () => expect(await orderRows()).toHaveLength(1));
    expect(await ordersTable()).toHaveTextContent('ミミッキュ使い');
    await user.click(screen.getByRole('button', { name: '更新' }));
    await waitFor(() =>
      expect(server.callsTo('GET /api/admin/orders').map((c) => c.url)).toEqual([
        '/api/admin/orders?status=all',
        '/api/admin/orders?status=paid',
        '/api/admin/orders?status=paid',
      ]),
    );
  });

  it('says 注文がありません for an empty filter and shows the server message when the list fails', async () => {
    const { user, server } = openShop();
    await ordersTable();
    await user.selectOptions(screen.getByRole('combobox', { name: '状態' }), '返金済み');
    expect(await screen.findByText('注文がありません')).toBeInTheDocument();
    server.use({
      'GET /api/admin/orders': { status: 503, body: { error: 'ショップは現在利用できません', code: 'SHOP_DISABLED' } },
    });
    await user.click(screen.getByRole('button', { name: '更新' }));
    expect(await screen.findByText('注文一覧の取得に失敗しました')).toBeInTheDocument();
    expect(screen.getByText('ショップは現在利用できません')).toBeInTheDocument();
  });

  it('fulfils a paid order again after a confirm and reloads the list', async () => {
    const browserConfirm = vi.spyOn(window, 'confirm');
    const { user, server } = openShop({
      'POST /api/admin/orders/ord_paid_1/fulfil': {
        body: { ...SOLD_OUT_ORDER, status: 'fulfilled', problem: null, fulfilled_at: 1_700_000_000 } satisfies Order,
      },
    });
    const button = await screen.findByRole('button', { name: '注文 ord_paid_1 を再付与' });
    await waitFor(() => expect(button.closest('tr')).toHaveTextContent('サポーター プラチナ'));
    await user.click(button);
    expect(await answerConfirm(user, '注文を再付与', 'キャンセル')).toContain(
      'ミミッキュ使い の注文（サポーター プラチナ・￥10,000）',
    );
    expect(server.callsTo('POST /api/admin/orders/ord_paid_1/fulfil')).toHaveLength(0);

    await user.click(button);
    await answerConfirm(user, '注文を再付与', '再付与する');
    expect(browserConfirm).not.toHaveBeenCalled();
    expect(await screen.findByText('ミミッキュ使い に「サポーター プラチナ」を付与しました')).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/orders/ord_paid_1/fulfil')).toHaveLength(1);
    await waitFor(() => expect(server.callsTo('GET /api/admin/orders')).toHaveLength(2));
  });

  it('says the stock is short when the order stays sold out', async () => {
    const { user } = openShop({
      'POST /api/admin/orders/ord_paid_1/fulfil': { body: SOLD_OUT_ORDER },
    });
    await user.click(await screen.findByRole('button', { name: '注文 ord_paid_1 を再付与' }));
    await answerConfirm(user, '注文を再付与', '再付与する');
    const notice = await screen.findByText(
      '在庫が足りないため付与できませんでした。販売上限を増やしてから再度お試しください',
    );
    expect(notice.closest('[role="status"]')).toBeInTheDocument();
    expect(screen.queryByText(/を付与しました/)).not.toBeInTheDocument();
  });

  it('shows the server message when the order cannot be fulfilled', async () => {
    const { user } = openShop({
      'POST /api/admin/orders/ord_paid_1/fulfil': {
        status: 409,
        body: { error: '支払いが確認できていない注文は付与できません', code: 'ORDER_NOT_PAID' },
      },
    });
    await user.click(await screen.findByRole('button', { name: '注文 ord_paid_1 を再付与' }));
    await answerConfirm(user, '注文を再付与', '再付与する');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('再付与に失敗しました');
    expect(alert).toHaveTextContent('支払いが確認できていない注文は付与できません');
  });
});

describe('admin shop: badges', () => {
  it('lists the shop badges with price, sold, limit and remaining, and the inactive ones as 販売停止', async () => {
    openShop();
    const silver = await badgeItem('サポーター シルバー');
    expect(silver).toHaveTextContent('badge_100');
    expect(silver).toHaveTextContent('販売中');
    expect(silver).toHaveTextContent('価格 ￥1,000');
    expect(silver).toHaveTextContent('販売済み 3個');
    expect(silver).toHaveTextContent('販売上限 無制限');
    const platinum = await badgeItem('サポーター プラチナ');
    expect(platinum).toHaveTextContent('販売上限 50個');
    expect(platinum).toHaveTextContent('残り 0個');
    // Not in the shop's list, still in the catalogue: listed so it can be turned back on.
    const sunset = await badgeItem('夕焼け');
    expect(sunset).toHaveTextContent('販売停止');
    expect(sunset).toHaveTextContent('価格 ￥100');
    expect(screen.getAllByRole('button', { name: /を編集$/ })).toHaveLength(
      BADGES.filter((b) => b.condition === BADGE_CONDITION_SHOP).length,
    );
  });

  it('sends only the changed fields and says it was saved', async () => {
    const { user, server } = openShop({
      'PUT /api/admin/badges/badge_100': (call) => ({
        body: { ...BADGES.find((b) => b.id === 'badge_100'), ...(call.body as object) },
      }),
    });
    const form = await openBadgeForm(user, 'サポーター シルバー');
    const price = within(form).getByRole('combobox', { name: '価格' });
    expect(price).toHaveValue('1000');
    expect(
      within(price)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['￥100', '￥500', '￥1,000', '￥1,500', '￥5,000', '￥10,000']);
    expect(within(form).getByRole('checkbox', { name: '販売中' })).toBeChecked();
    const maxSales = within(form).getByRole('textbox', { name: '販売上限' });
    expect(maxSales).toHaveValue('0');
    await user.clear(maxSales);
    await user.type(maxSales, '50');
    await user.click(within(form).getByRole('button', { name: '保存' }));

    expect(await screen.findByText('「サポーター シルバー」の販売設定を更新しました')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/admin/badges/badge_100').map((c) => c.body)).toEqual([{ max_sales: 50 }]);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    // The lists reload, so the new numbers come from the server.
    await waitFor(() => expect(server.callsTo('GET /api/shop/badges')).toHaveLength(2));

    const again = await openBadgeForm(user, 'サポーター シルバー');
    await user.selectOptions(within(again).getByRole('combobox', { name: '価格' }), '￥1,500');
    await user.click(within(again).getByRole('checkbox', { name: '販売中' }));
    await user.click(within(again).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.callsTo('PUT /api/admin/badges/badge_100')).toHaveLength(2));
    expect(server.callsTo('PUT /api/admin/badges/badge_100')[1]?.body).toEqual({ price: 1500, is_active: false });
  });

  it('turns an inactive shop badge back on', async () => {
    const { user, server } = openShop({
      'PUT /api/admin/badges/badge_113': { body: { ...BADGES.find((b) => b.id === 'badge_113') } },
    });
    const form = await openBadgeForm(user, '夕焼け');
    const active = within(form).getByRole('checkbox', { name: '販売中' });
    expect(active).not.toBeChecked();
    await user.click(active);
    await user.click(within(form).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('「夕焼け」の販売設定を更新しました')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/admin/badges/badge_113').map((c) => c.body)).toEqual([{ is_active: true }]);
  });

  it('says 変更がありません without sending anything, and checks the limit before sending', async () => {
    const { user, server } = openShop();
    const form = await openBadgeForm(user, 'サポーター シルバー');
    await user.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('変更がありません')).toBeInTheDocument();

    const maxSales = within(form).getByRole('textbox', { name: '販売上限' });
    await user.clear(maxSales);
    await user.type(maxSales, '-1');
    expect(within(form).queryByText('変更がありません')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: '保存' }));
    expect(
      await within(form).findByText('販売上限は 0（無制限）〜100,000 の整数で指定してください'),
    ).toBeInTheDocument();
    expect(maxSales).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('PUT /api/admin/badges/badge_100')).toHaveLength(0);
  });

  it("shows the server's reason and keeps the form open", async () => {
    const { user, server } = openShop({
      'PUT /api/admin/badges/badge_100': {
        status: 409,
        body: { error: '販売上限は販売済みの数より小さくできません', code: 'MAX_SALES_BELOW_SOLD' },
      },
    });
    const form = await openBadgeForm(user, 'サポーター シルバー');
    const maxSales = within(form).getByRole('textbox', { name: '販売上限' });
    await user.clear(maxSales);
    await user.type(maxSales, '2');
    await user.click(within(form).getByRole('button', { name: '保存' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('バッジの更新に失敗しました');
    expect(alert).toHaveTextContent('販売上限は販売済みの数より小さくできません');
    expect(server.callsTo('PUT /api/admin/badges/badge_100').map((c) => c.body)).toEqual([{ max_sales: 2 }]);
    expect(screen.queryByText(/の販売設定を更新しました/)).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'キャンセル' })).toBeEnabled();
  });

  it('shows the server message when the shop list cannot be read', async () => {
    openShop({
      'GET /api/shop/badges': { status: 503, body: { error: 'ショップは現在利用できません', code: 'SHOP_DISABLED' } },
    });
    expect(await screen.findByText('ショップのバッジの取得に失敗しました')).toBeInTheDocument();
    expect(screen.getByText('ショップは現在利用できません')).toBeInTheDocument();
  });
});
