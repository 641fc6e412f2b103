import { Writable } from 'node:stream';
import {
  BADGE_CONDITION_SHOP,
  BADGES,
  checkoutReplySchema,
  orderSchema,
  shopBadgesReplySchema,
  TEST_CARD_NUMBER,
  TEST_DECLINED_CARD_NUMBER,
} from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/community.ts';
import { FakeStripe } from './helpers/fake-stripe.ts';

// The badge shop against the real Stripe SDK talking to a local fake of the checkout-session API: checkout checks,
// signed webhooks, exactly-once fulfilment, stock that never oversells, reconciliation, refunds, admin tools; and the
// built-in test payment used without keys.

const SHOP_BADGES = BADGES.filter((b) => b.condition === BADGE_CONDITION_SHOP);
const BRONZE = 'badge_099'; // サポーター ブロンズ, 500 yen, unlimited

let stripe: FakeStripe;
let base: string;
let t: TestApp;
let admin: string;
let player: string;

beforeAll(async () => {
  stripe = new FakeStripe();
  base = await stripe.start();
});
afterAll(async () => {
  await t?.close();
  await stripe.stop();
});

async function stripeApp(): Promise<void> {
  await t?.close();
  stripe.requests.length = 0;
  stripe.sessions.clear();
  t = await createTestApp({
    env: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: base },
  });
  admin = await t.login('dummy_admin');
  player = await t.login('dummy_01');
}

const checkout = (payload: object, token: string | null = player, url = '/api/shop/checkout') =>
  t.request({ method: 'POST', url, token: token ?? undefined, payload });

async function buy(badgeId = BRONZE, token = player) {
  const res = await checkout({ badgeId }, token);
  expect(res.statusCode, res.body).toBe(200);
  return checkoutReplySchema.parse(res.json());
}

const deliver = (delivery: { payload: string; signature?: string }) =>
  t.request({
    method: 'POST',
    url: '/api/shop/webhook',
    headers: {
      'content-type': 'application/json',
      ...(delivery.signature !== undefined && { 'stripe-signature': delivery.signature }),
    },
    payload: delivery.payload,
  });

const completed = (sessionId: string) => stripe.event('checkout.session.completed', stripe.session(sessionId));

async function order(sessionId: string, token = player) {
  const res = await t.request({ method: 'GET', url: `/api/shop/orders/${sessionId}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return orderSchema.parse(res.json());
}

/** The order's status as stored (the buyer's own GET may read it back from Stripe). */
async function statusOf(sessionId: string): Promise<string> {
  const res = await t.ctx.db.execute(sql`select status from orders where session_id = ${sessionId}`);
  return (res as unknown as { rows: { status: string }[] }).rows[0]?.status ?? 'none';
}

async function sales(badgeId: string): Promise<number> {
  const res = await t.ctx.db.execute(sql`select current_sales from badges where id = ${badgeId}`);
  return (res as unknown as { rows: { current_sales: number }[] }).rows[0]?.current_sales ?? -1;
}

async function purchases(badgeId: string): Promise<number> {
  const res = await t.ctx.db.execute(
    sql`select count(*)::int as n from user_badges where badge_id = ${badgeId} and source = 'purchase'`,
  );
  return (res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
}

async function limit(badgeId: string, maxSales: number): Promise<void> {
  const res = await t.request({
    method: 'PUT',
    url: `/api/admin/badges/${badgeId}`,
    token: admin,
    payload: { max_sales: maxSales },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('with Stripe (the SDK against a local fake)', () => {
  beforeEach(stripeApp);

  it('lists the 26 badges on sale with their stock and the player’s own', async () => {
    const res = await t.request({ method: 'GET', url: '/api/shop/badges' });
    const body = shopBadgesReplySchema.parse(res.json());
    expect(body.mode).toBe('stripe');
    expect(body.badges.map((b) => b.id)).toEqual(
      SHOP_BADGES.filter((b) => b.is_active && b.price > 0).map((b) => b.id),
    );
    expect(body.badges).toHaveLength(26);
    expect(body.badges.find((b) => b.id === BRONZE)).toMatchObject({ price: 500, remaining: null, sold_out: false });
  });

  it('creates a checkout at the catalogue price for the signed-in player', async () => {
    const reply = await buy();
    expect(reply.url.startsWith('https://checkout.stripe.com/')).toBe(true);
    const session = stripe.session(reply.session_id);
    expect(session).toMatchObject({ amount_total: 500, currency: 'jpy', mode: 'payment' });
    expect(session.metadata).toMatchObject({ user_id: 'dummy_01', badge_id: BRONZE });
    expect(session.success_url).toContain('/shop?checkout=success&session_id={CHECKOUT_SESSION_ID}');
    expect(await order(reply.session_id)).toMatchObject({ status: 'pending', amount: 500, badge_id: BRONZE });
    // The same open checkout is handed back instead of a second reservation.
    expect((await buy()).session_id).toBe(reply.session_id);
    // The spec's own path answers the same.
    const spec = await checkout(
      { badgeId: BRONZE, badgeName: 'x', price: 500, userId: 'dummy_01' },
      player,
      '/create-checkout-session',
    );
    expect(checkoutReplySchema.parse(spec.json()).session_id).toBe(reply.session_id);
  });

  it('refuses a wrong price or buyer, badges not on sale, and visitors, creating nothing', async () => {
    expectError(await checkout({ badgeId: BRONZE, price: 1 }), 400, 'SHOP_PRICE_MISMATCH');
    expectError(await checkout({ badgeId: BRONZE, userId: 'dummy_02' }), 400, 'SHOP_USER_MISMATCH');
    expectError(await checkout({ badgeId: 'badge_001' }), 409, 'SHOP_NOT_FOR_SALE');
    expectError(await checkout({ badgeId: 'badge_125' }), 409, 'SHOP_NOT_FOR_SALE');
    expectError(await checkout({ badgeId: 'badge_999' }), 404, 'BADGE_NOT_FOUND');
    expectError(await checkout({ badgeId: 'nope' }), 400, 'BADGE_UNKNOWN');
    expectError(await checkout({ badgeId: BRONZE }, null), 401, 'LOGIN_REQUIRED');
    expect(stripe.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    const count = await t.ctx.db.execute(sql`select count(*)::int as n from orders`);
    expect((count as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('refuses an unsigned, wrongly signed, stale or malformed webhook and changes nothing', async () => {
    const { session_id } = await buy();
    stripe.pay(session_id);
    const good = completed(session_id);
    expectError(await deliver({ payload: good.payload }), 400, 'WEBHOOK_SIGNATURE_INVALID');
    expectError(
      await deliver({ payload: good.payload, signature: 't=1,v1=deadbeef' }),
      400,
      'WEBHOOK_SIGNATURE_INVALID',
    );
    const forged = stripe.event('checkout.session.completed', stripe.session(session_id), { secret: 'whsec_other' });
    expectError(await deliver(forged), 400, 'WEBHOOK_SIGNATURE_INVALID');
    const stale = stripe.event('checkout.session.completed', stripe.session(session_id), {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expectError(await deliver(stale), 400, 'WEBHOOK_SIGNATURE_INVALID');
    expectError(
      await deliver({ payload: `${good.payload} `, signature: good.signature }),
      400,
      'WEBHOOK_SIGNATURE_INVALID',
    );
    const garbage = stripe.event('x', {});
    expectError(
      await deliver({ payload: '{"not json', signature: garbage.signature }),
      400,
      'WEBHOOK_SIGNATURE_INVALID',
    );
    expect(await statusOf(session_id)).toBe('pending');
    expect(await sales(BRONZE)).toBe(0);
  });

  it('fulfils exactly once when the same event comes five times, even at once', async () => {
    const { session_id } = await buy();
    stripe.pay(session_id);
    const delivery = completed(session_id);
    const replies = await Promise.all(Array.from({ length: 5 }, () => deliver(delivery)));
    for (const res of replies) expect(res.statusCode, res.body).toBe(200);
    expect(await order(session_id)).toMatchObject({ status: 'fulfilled' });
    expect(await sales(BRONZE)).toBe(1);
    expect(await purchases(BRONZE)).toBe(1);
    const me = await t.request({ method: 'GET', url: '/api/users/me/badges', token: player });
    expect(me.json().owned_badges).toContain(BRONZE);
    // Equippable at once, and no second purchase.
    const equip = await t.request({
      method: 'PUT',
      url: '/api/users/me/badges/equip',
      token: player,
      payload: { primary_badge: BRONZE, secondary_badge: null },
    });
    expect(equip.statusCode).toBe(200);
    expectError(await checkout({ badgeId: BRONZE }), 409, 'SHOP_ALREADY_OWNED');
  });

  it('fulfils a completed session whose expired event came first, and ignores unknown sessions', async () => {
    const { session_id } = await buy();
    stripe.pay(session_id);
    expect((await deliver(stripe.event('checkout.session.expired', { id: session_id }))).statusCode).toBe(200);
    expect((await deliver(completed(session_id))).statusCode).toBe(200);
    expect((await order(session_id)).status).toBe('fulfilled');

    const unknown = await deliver(
      stripe.event('checkout.session.completed', { id: 'cs_test_nobody', payment_status: 'paid' }),
    );
    expect(unknown.statusCode).toBe(200);
    expect(await sales(BRONZE)).toBe(1);
  });

  it('releases the unit of an expired checkout; a payment after that sells only while stock remains', async () => {
    await limit(BRONZE, 1);
    const first = await buy();
    expectError(await checkout({ badgeId: BRONZE }, await t.login('dummy_02')), 409, 'SHOP_SOLD_OUT');
    stripe.expire(first.session_id);
    await deliver(stripe.event('checkout.session.expired', { id: first.session_id }));
    expect((await order(first.session_id)).status).toBe('expired');
    // The unit is free again: another player buys it.
    const otherToken = await t.login('dummy_02');
    const second = await buy(BRONZE, otherToken);
    stripe.pay(second.session_id);
    await deliver(completed(second.session_id));
    // The first session turns out paid after all: no unit is left, so nothing more is sold.
    stripe.pay(first.session_id);
    await deliver(completed(first.session_id));
    expect(await order(first.session_id)).toMatchObject({ status: 'paid', problem: 'sold_out' });
    expect(await sales(BRONZE)).toBe(1);
    expect(await purchases(BRONZE)).toBe(1);
    // The admin raises the stock and fulfils it again.
    await limit(BRONZE, 2);
    const orders = (await t.request({ method: 'GET', url: '/api/admin/orders?status=paid', token: admin })).json()
      .orders;
    const again = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${orders[0].order_id}/fulfil`,
      token: admin,
    });
    expect(again.json(), again.body).toMatchObject({ status: 'fulfilled', problem: null });
    expect(await sales(BRONZE)).toBe(2);
  });

  it('never reserves or sells more than the stock when 50 players check out at once', async () => {
    await limit(BRONZE, 10);
    const tokens = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.login(`dummy_shop_${String(i).padStart(2, '0')}`)),
    );
    const replies = await Promise.all(tokens.map((token) => checkout({ badgeId: BRONZE }, token)));
    const ok = replies.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(10);
    for (const res of replies.filter((r) => r.statusCode !== 200)) expectError(res, 409, 'SHOP_SOLD_OUT');
    await Promise.all(
      ok.map((res) => {
        const { session_id } = checkoutReplySchema.parse(res.json());
        stripe.pay(session_id);
        return deliver(completed(session_id));
      }),
    );
    expect(await sales(BRONZE)).toBe(10);
    expect(await purchases(BRONZE)).toBe(10);
    const catalogue = shopBadgesReplySchema.parse((await t.request({ method: 'GET', url: '/api/shop/badges' })).json());
    expect(catalogue.badges.find((b) => b.id === BRONZE)).toMatchObject({ remaining: 0, sold_out: true });
  });

  it('fulfils a payment whose webhook never came, through the reconciliation job', async () => {
    const { session_id } = await buy();
    stripe.pay(session_id); // the server "died" before the webhook: nothing delivered
    await t.built.jobs.run('shop-reconcile');
    expect(await statusOf(session_id)).toBe('pending'); // too recent to chase
    t.clock.advance(181);
    await t.built.jobs.run('shop-reconcile');
    expect(await statusOf(session_id)).toBe('fulfilled');
    expect(await purchases(BRONZE)).toBe(1);
  });

  it('reads a pending order back from Stripe while its buyer polls it, at most every 10 seconds', async () => {
    const { session_id } = await buy();
    expect((await order(session_id)).status).toBe('pending');
    stripe.pay(session_id); // no webhook
    expect((await order(session_id)).status).toBe('pending'); // polled a moment ago
    t.clock.advance(11);
    expect((await order(session_id)).status).toBe('fulfilled');
    expectError(
      await t.request({ method: 'GET', url: `/api/shop/orders/${session_id}`, token: admin }),
      404,
      'ORDER_NOT_FOUND',
    );
  });

  it('takes the badge back on a full refund and returns the unit to the stock', async () => {
    const { session_id } = await buy();
    const paid = stripe.pay(session_id);
    await deliver(completed(session_id));
    await deliver(stripe.event('charge.refunded', { id: 'ch_1', payment_intent: paid.payment_intent, refunded: true }));
    expect((await order(session_id)).status).toBe('refunded');
    expect(await sales(BRONZE)).toBe(0);
    const me = await t.request({ method: 'GET', url: '/api/users/me/badges', token: player });
    expect(me.json().owned_badges).not.toContain(BRONZE);
  });

  it('answers 502 when Stripe is down, and the reserved unit is released', async () => {
    await limit(BRONZE, 1);
    stripe.failWith = 500;
    try {
      expectError(await checkout({ badgeId: BRONZE }), 502, 'SHOP_PROVIDER_FAILED');
    } finally {
      stripe.failWith = null;
    }
    expect((await buy()).url).toContain('checkout.stripe.com');
  });

  it('lets an admin set price, stock and sale state within bounds, audited', async () => {
    const put = (payload: object, id = BRONZE) =>
      t.request({ method: 'PUT', url: `/api/admin/badges/${id}`, token: admin, payload });
    expectError(await put({ price: 1 }), 400, 'SHOP_PRICE_INVALID');
    expectError(await put({ price: 0 }), 400, 'SHOP_PRICE_INVALID');
    expectError(await put({ price: 500 }, 'badge_001'), 409, 'BADGE_NOT_IN_SHOP');
    expectError(await put({ max_sales: 3 }, 'badge_128'), 409, 'BADGE_NOT_IN_SHOP');
    expectError(await put({ max_sales: -1 }), 400, 'MAX_SALES_INVALID');
    expectError(await put({}), 400, 'NO_CHANGES');
    expectError(await put({ price: 500 }), 400, 'NO_CHANGES');
    expectError(await put({ price: 1000 }, 'badge_999'), 404, 'BADGE_NOT_FOUND');
    const asPlayer = await t.request({
      method: 'PUT',
      url: `/api/admin/badges/${BRONZE}`,
      token: player,
      payload: { price: 1000 },
    });
    expectError(asPlayer, 403, 'FORBIDDEN');
    expect((await put({ price: 1000 })).json()).toMatchObject({ price: 1000 });
    expectError(await checkout({ badgeId: BRONZE, price: 500 }), 400, 'SHOP_PRICE_MISMATCH');
    for (const token of [player, await t.login('dummy_02')]) {
      const { session_id } = await buy(BRONZE, token);
      stripe.pay(session_id);
      await deliver(completed(session_id));
    }
    expect([...stripe.sessions.values()].filter((x) => x.amount_total === 1000)).toHaveLength(2);
    expectError(await put({ max_sales: 1 }), 409, 'MAX_SALES_BELOW_SOLD');
    // A unit held by an open checkout counts too: the stock can never be set below sold + held.
    await buy(BRONZE, await t.login('dummy_04'));
    expectError(await put({ max_sales: 2 }), 409, 'MAX_SALES_BELOW_SOLD');
    expect((await put({ max_sales: 3 })).statusCode).toBe(200);
    expect((await put({ max_sales: 4, is_active: false })).json()).toMatchObject({ max_sales: 4, is_active: false });
    expectError(await checkout({ badgeId: BRONZE }, await t.login('dummy_03')), 409, 'SHOP_NOT_FOR_SALE');
    const audit = await t.request({ method: 'GET', url: '/api/admin/audit?action=badge.update', token: admin });
    expect(audit.json().entries).toHaveLength(3);
    // Only a paid, unfulfilled order can be fulfilled again.
    const fulfilled = (
      await t.request({ method: 'GET', url: '/api/admin/orders?status=fulfilled', token: admin })
    ).json();
    const again = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${fulfilled.orders[0].order_id}/fulfil`,
      token: admin,
    });
    expectError(again, 409, 'ORDER_NOT_FULFILLABLE');
  });
});

describe('the built-in test payment (no Stripe key)', () => {
  beforeEach(async () => {
    await t?.close();
    t = await createTestApp();
    admin = await t.login('dummy_admin');
    player = await t.login('dummy_01');
  });

  it('pays through the local test page and fulfils through the signed webhook', async () => {
    const { url, session_id } = await buy();
    expect(url).toContain(`/shop/test-checkout/${session_id}`);
    const page = await t.request({ method: 'GET', url: `/api/shop/test-checkout/${session_id}` });
    expect(page.json()).toMatchObject({ status: 'open', amount: 500, badge_id: BRONZE });
    const pay = (card: string) =>
      t.request({ method: 'POST', url: `/api/shop/test-checkout/${session_id}/pay`, payload: { card_number: card } });
    expectError(await pay(TEST_DECLINED_CARD_NUMBER), 402, 'TEST_CARD_DECLINED');
    expectError(await pay('1234'), 400, 'TEST_CARD_INVALID');
    expect((await order(session_id)).status).toBe('pending');
    const paid = await pay('4242 4242 4242 4242');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().redirect_url).toContain(`/shop?checkout=success&session_id=${session_id}`);
    expect((await order(session_id)).status).toBe('fulfilled');
    expectError(await pay(TEST_CARD_NUMBER), 409, 'TEST_CHECKOUT_CLOSED');
    expect(await purchases(BRONZE)).toBe(1);
  });

  it('says success to the one payment that completed a session paid three times at once', async () => {
    const { session_id } = await buy();
    const pay = () =>
      t.request({
        method: 'POST',
        url: `/api/shop/test-checkout/${session_id}/pay`,
        payload: { card_number: TEST_CARD_NUMBER },
      });
    const replies = await Promise.all([pay(), pay(), pay()]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of replies.filter((r) => r.statusCode === 409)) expectError(r, 409, 'TEST_CHECKOUT_CLOSED');
    expect((await order(session_id)).status).toBe('fulfilled');
    expect(await purchases(BRONZE)).toBe(1);
  });
});

describe('a disabled shop', () => {
  it('answers SHOP_DISABLED without logging an error (a switched-off feature is no outage)', async () => {
    const lines: { level: number }[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const off = await createTestApp({ env: { SHOP_ENABLED: 'false' }, reset: false, seed: false, logStream });
    const res = await off.request({ method: 'GET', url: '/api/shop/badges' });
    await off.close();
    expectError(res, 503, 'SHOP_DISABLED');
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});

describe('configuration', () => {
  it('refuses the test payment in production, and can turn the shop off', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/rankmatch-shop-config' };
    expect(() => loadConfig(production)).toThrow(/テスト決済/);
    expect(loadConfig({ ...production, SHOP_ENABLED: 'false' }).shop).toBeNull();
    expect(() => loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/両方/);
    expect(
      loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).shop?.mode,
    ).toBe('stripe');
  });
});
