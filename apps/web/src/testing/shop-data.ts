import { getBadge, type Order, type ShopBadge, type ShopBadgesReply, type TestCheckout } from '@rankmatch/shared';
import type { Handlers } from './fake-fetch.ts';

// Factories for the shop's tests. Badges used: badge_099 サポーター ブロンズ (image, 500), badge_102 サポーター プラチナ
// (image, 10000, limited to 50), badge_113 夕焼け (gradient, 100), badge_118 琥珀 (gradient, 500, limited to 100),
// badge_005 S0 TOP100 (basic).

const now = () => Math.floor(Date.now() / 1000);

/** An offer at the catalogue's price and limit, nothing sold, not owned. */
export function buildShopBadge(id: string, overrides: Partial<ShopBadge> = {}): ShopBadge {
  const badge = getBadge(id);
  if (!badge) throw new Error(`unknown badge ${id}`);
  return {
    id,
    price: badge.price,
    max_sales: badge.max_sales,
    current_sales: 0,
    remaining: badge.max_sales > 0 ? badge.max_sales : null,
    sold_out: false,
    owned: false,
    ...overrides,
  };
}

/** GET /api/shop/badges answering with these offers. */
export const shopBadgesHandler = (badges: ShopBadge[], mode: ShopBadgesReply['mode'] = 'stripe'): Handlers => ({
  'GET /api/shop/badges': { body: { mode, badges } satisfies ShopBadgesReply },
});

/** A fulfilled purchase of badge_099 by dummy_02. */
export function buildOrder(overrides: Partial<Order> = {}): Order {
  const created = now() - 60;
  return {
    order_id: 'ord_test_1',
    session_id: 'cs_test_1',
    user_id: 'dummy_02',
    badge_id: 'badge_099',
    amount: 500,
    currency: 'jpy',
    status: 'fulfilled',
    created_at: created,
    expires_at: created + 1800,
    paid_at: created + 30,
    fulfilled_at: created + 30,
    refunded_at: null,
    problem: null,
    ...overrides,
  };
}

/** An open built-in test payment of badge_099. */
export function buildTestCheckout(overrides: Partial<TestCheckout> = {}): TestCheckout {
  return {
    session_id: 'cs_test_local_1',
    badge_id: 'badge_099',
    amount: 500,
    currency: 'jpy',
    status: 'open',
    expires_at: now() + 1800,
    cancel_url: 'http://localhost/shop?checkout=cancel',
    success_url: 'http://localhost/shop?checkout=success&session_id=cs_test_local_1',
    ...overrides,
  };
}
