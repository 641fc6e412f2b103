import {
  checkoutReplySchema,
  checkoutRequestSchema,
  orderParamsSchema,
  orderSchema,
  ordersReplySchema,
  shopBadgesReplySchema,
  testCheckoutSchema,
  testPayReplySchema,
  testPaySchema,
} from '@rankmatch/shared';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { type RouteDef, route } from '../http/route.ts';
import { presentTestCheckout } from './presenter.ts';
import {
  checkout,
  handleEvent,
  orderOf,
  ordersOf,
  payTestCheckout,
  type Shop,
  shopCatalogue,
  shopMode,
  testCheckout,
} from './service.ts';
import { testCompletedEvent, verifiedEvent, webhookSecret } from './webhook.ts';

// The shop's routes: the catalogue, checkout (also at the spec's POST /create-checkout-session), the player's orders,
// the provider's webhook (verified over the raw body), and the built-in test payment's page data and pay button.

const CHECKOUT_ERRORS = [
  'SHOP_DISABLED',
  'BADGE_NOT_FOUND',
  'SHOP_NOT_FOR_SALE',
  'SHOP_ALREADY_OWNED',
  'SHOP_SOLD_OUT',
  'SHOP_PRICE_MISMATCH',
  'SHOP_USER_MISMATCH',
  'SHOP_PROVIDER_FAILED',
] as const;

/** The shop, or SHOP_DISABLED when it is off. */
export function enabledShop(shop: Shop | null): Shop {
  if (!shop) throw new AppError('SHOP_DISABLED');
  return shop;
}

export function shopRoutes(ctx: AppContext, shop: Shop | null, stripe: Stripe): RouteDef[] {
  return [
    ...catalogueRoutes(shop),
    ...orderRoutes(shop),
    webhookRoute(ctx, shop, stripe),
    ...(shop && shopMode(shop) === 'test' ? testPaymentRoutes(ctx, stripe, shop) : []),
  ];
}

/** The badges on sale and the checkout (also at the spec's POST /create-checkout-session). */
function catalogueRoutes(shop: Shop | null): RouteDef[] {
  return [
    route(
      {
        method: 'GET',
        url: '/api/shop/badges',
        errors: ['SHOP_DISABLED'],
        summary: 'Badges on sale with stock',
        tag: 'shop',
        access: 'public',
        reply: shopBadgesReplySchema,
      },
      async ({ viewer }) => {
        const open = enabledShop(shop);
        const identity = await viewer();
        return { mode: shopMode(open), badges: await shopCatalogue(open, identity?.userId ?? null) };
      },
    ),
    ...(
      [
        ['/api/shop/checkout', 'Creates a checkout session'],
        ['/create-checkout-session', "The spec's path for the checkout"],
      ] as const
    ).map(([url, summary]) =>
      route(
        {
          method: 'POST',
          url,
          errors: [...CHECKOUT_ERRORS],
          summary,
          tag: 'shop',
          access: 'user',
          body: checkoutRequestSchema,
          reply: checkoutReplySchema,
        },
        ({ user, body }) => checkout(enabledShop(shop), user, body),
      ),
    ),
  ];
}

/** The player's orders. */
function orderRoutes(shop: Shop | null): RouteDef[] {
  return [
    route(
      {
        method: 'GET',
        url: '/api/shop/orders',
        errors: ['SHOP_DISABLED'],
        summary: 'Purchase history',
        tag: 'shop',
        access: 'user',
        reply: ordersReplySchema,
      },
      async ({ user }) => ({ orders: await ordersOf(enabledShop(shop), user.id) }),
    ),
    route(
      {
        method: 'GET',
        url: '/api/shop/orders/:session_id',
        errors: ['SHOP_DISABLED', 'ORDER_NOT_FOUND'],
        summary: 'One order',
        tag: 'shop',
        access: 'user',
        params: orderParamsSchema,
        reply: orderSchema,
      },
      ({ user, params }) => orderOf(enabledShop(shop), user.id, params.session_id),
    ),
  ];
}

/** The provider's webhook, which reads its body as bytes: the signature covers them exactly. */
function webhookRoute(ctx: AppContext, shop: Shop | null, stripe: Stripe): RouteDef {
  return route(
    {
      method: 'POST',
      url: '/api/shop/webhook',
      summary: "Stripe's webhook: an event signed with Stripe-Signature over the raw body",
      tag: 'shop',
      access: 'webhook',
      rawBody: {
        contentType: 'application/json',
        description: 'A Stripe event, read as bytes: the signature covers them',
      },
      headers: [{ name: 'Stripe-Signature', required: true, description: "Stripe's signature of the body" }],
      reply: z.object({ received: z.literal(true) }),
      errors: ['WEBHOOK_SIGNATURE_INVALID', 'WEBHOOK_PAYLOAD_INVALID', 'SHOP_DISABLED'],
    },
    async ({ request }) => {
      const open = enabledShop(shop);
      const event = verifiedEvent(stripe, webhookSecret(ctx), request.body, request.headers['stripe-signature']);
      const outcome = await handleEvent(open, event);
      request.log.info({ event: event.type, outcome }, 'shop webhook');
      return { received: true };
    },
  );
}

/**
 * The built-in test payment (no Stripe key): its page reads the session, its pay button completes it and sends the
 * signed checkout.session.completed through the same webhook route as Stripe would.
 */
function testPaymentRoutes(ctx: AppContext, stripe: Stripe, shop: Shop): RouteDef[] {
  return [
    route(
      {
        method: 'GET',
        url: '/api/shop/test-checkout/:session_id',
        errors: ['TEST_CHECKOUT_NOT_FOUND'],
        summary: 'The built-in test payment page data',
        tag: 'shop',
        access: 'public',
        params: orderParamsSchema,
        reply: testCheckoutSchema,
      },
      async ({ params, now }) => {
        const { payment, order } = await testCheckout(shop, params.session_id);
        return presentTestCheckout(payment, order, now);
      },
    ),
    route(
      {
        method: 'POST',
        url: '/api/shop/test-checkout/:session_id/pay',
        errors: ['TEST_CHECKOUT_NOT_FOUND', 'TEST_CHECKOUT_CLOSED', 'TEST_CARD_DECLINED'],
        summary: 'Pays a test session',
        tag: 'shop',
        access: 'public',
        params: orderParamsSchema,
        body: testPaySchema,
        reply: testPayReplySchema,
      },
      async ({ request, reply, params, body, now }) => {
        const { payment, order } = await payTestCheckout(shop, params.session_id, body.card_number);
        const { payload, signature } = testCompletedEvent(stripe, webhookSecret(ctx), payment, order, now);
        const delivered = await request.server.inject({
          method: 'POST',
          url: '/api/shop/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        });
        // A failed delivery is what a lost webhook looks like: the reconciliation job will find the paid session.
        if (delivered.statusCode !== 200)
          request.log.warn({ status: delivered.statusCode }, 'test payment webhook failed');
        reply.status(200);
        return { redirect_url: payment.successUrl };
      },
    ),
  ];
}
