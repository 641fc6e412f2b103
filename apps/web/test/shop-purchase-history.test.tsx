import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PurchaseHistory } from '../src/features/shop/components/purchase-history.tsx';
import { buildProfile } from '../src/testing/data.ts';
import { createFakeFetch, type Handlers } from '../src/testing/fake-fetch.ts';
import { createTestQueryClient, signInAs } from '../src/testing/render-app.tsx';
import { buildOrder } from '../src/testing/shop-data.ts';

// 購入履歴 on its own (the my page places it): date, badge, amount and status of each order.

function renderHistory(handlers: Handlers) {
  signInAs(buildProfile());
  const server = createFakeFetch(handlers);
  vi.stubGlobal('fetch', server.fetch);
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <PurchaseHistory userId="dummy_02" />
    </QueryClientProvider>,
  );
  return server;
}

function expectRow(row: HTMLElement | undefined, date: RegExp, badge: string, amount: string, status: string) {
  if (!row) throw new Error('missing row');
  const [dateCell, badgeCell, amountCell, statusCell] = within(row).getAllByRole('cell') as [
    HTMLElement,
    HTMLElement,
    HTMLElement,
    HTMLElement,
  ];
  expect(dateCell.textContent).toMatch(date);
  // The name beside the chip (the chip itself is decoration here).
  expect(within(badgeCell).getByText(badge, { ignore: '[aria-hidden="true"] *' })).toBeInTheDocument();
  expect(amountCell).toHaveTextContent(amount);
  expect(statusCell).toHaveTextContent(status);
}

// 2024-03-01 03:34 UTC (12:34 in Japan): March 1st in the test's time zone too.
const MARCH_FIRST = Date.UTC(2024, 2, 1, 3, 34) / 1000;

describe('purchase history', () => {
  it('lists each order with date, badge, amount and status', async () => {
    const server = renderHistory({
      'GET /api/shop/orders': {
        body: {
          orders: [
            buildOrder({ created_at: MARCH_FIRST }),
            buildOrder({ order_id: 'ord_2', badge_id: 'badge_113', amount: 100, status: 'expired', created_at: 1 }),
            buildOrder({
              order_id: 'ord_3',
              badge_id: 'badge_102',
              amount: 10000,
              status: 'paid',
              problem: 'sold_out',
            }),
          ],
        },
      },
    });
    const table = await screen.findByRole('table', { name: '購入履歴' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expectRow(rows[0], /^2024\/03\/01 \d\d:34$/, 'サポーター ブロンズ', '￥500', '付与済み');
    expectRow(rows[1], /^1970\/01\/01/, '夕焼け', '￥100', '期限切れ');
    // Paid, but the stock ran out: not 付与待ち only, the operators will refund.
    expectRow(
      rows[2],
      /\d/,
      'サポーター プラチナ',
      '￥10,000',
      '支払い済み（付与待ち）付与できませんでした。運営からご連絡します',
    );
    expect(server.callsTo('GET /api/shop/orders')[0]?.authorization).toMatch(/^Bearer /);
  });

  it('says 購入履歴はありません when there are none', async () => {
    renderHistory({ 'GET /api/shop/orders': { body: { orders: [] } } });
    expect(await screen.findByText('購入履歴はありません')).toBeInTheDocument();
  });

  it('shows the error with a retry button', async () => {
    renderHistory({ 'GET /api/shop/orders': { status: 500, body: { error: '内部エラー' } } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('内部エラー');
    expect(within(alert).getByRole('button', { name: '再試行' })).toBeInTheDocument();
  });
});
