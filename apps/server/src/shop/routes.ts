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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Guard } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { api } from '../docs/contract.ts';
import { AppError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { presentTestCheckout } from './presenter.ts';
import type { ShopService } from './service.ts';
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

export function registerShopRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guard: Guard,
  shop: ShopService | null,
  stripe: Stripe,
): void {
  const enabled = (): ShopService => {
    if (!shop) throw new AppError('SHOP_DISABLED');
    return shop;
  };
  registerCatalogueRoutes(app, guard, enabled);
  registerOrderRoutes(app, guard, enabled);
  registerWebhookRoute(app, ctx, stripe, enabled);
  if (shop?.mode === 'test') registerTestPaymentRoutes(app, ctx, stripe, shop);
}

/** The badges on sale and the checkout (also at the spec's POST /create-checkout-session). */
function registerCatalogueRoutes(app: FastifyInstance, guard: Guard, enabled: () => ShopService): void {
  app.get(
    '/api/shop/badges',
    api({
      errors: ['SHOP_DISABLED'],
      summary: 'Badges on sale with stock',
      tag: 'shop',
      access: 'public',
      reply: shopBadgesReplySchema,
    }),
    async (request) => {
      const service = enabled();
      const identity = await guard.optional(request);
      return { mode: service.mode, badges: await service.catalogue(identity?.userId ?? null) };
    },
  );

  const checkout = async (request: FastifyRequest) => {
    const service = enabled();
    const { user } = await guard.user(request);
    const body = parse(checkoutRequestSchema, request.body);
    return service.checkout(user, body);
  };
  for (const [path, summary] of [
    ['/api/shop/checkout', 'Creates a checkout session'],
    ['/create-checkout-session', "The spec's path for the checkout"],
  ] as const) {
    app.post(
      path,
      api({
        errors: [...CHECKOUT_ERRORS],
        summary,
        tag: 'shop',
        access: 'user',
        body: checkoutRequestSchema,
        reply: checkoutReplySchema,
      }),
      checkout,
    );
  }
}

/** The player's orders. */
function registerOrderRoutes(app: FastifyInstance, guard: Guard, enabled: () => ShopService): void {
  app.get(
    '/api/shop/orders',
    api({
      errors: ['SHOP_DISABLED'],
      summary: 'Purchase history',
      tag: 'shop',
      access: 'user',
      reply: ordersReplySchema,
    }),
    async (request) => {
      const service = enabled();
      const { user } = await guard.user(request);
      return { orders: await service.ordersOf(user.id) };
    },
  );

  app.get(
    '/api/shop/orders/:session_id',
    api({
      errors: ['SHOP_DISABLED', 'ORDER_NOT_FOUND'],
      summary: 'One order',
      tag: 'shop',
      access: 'user',
      reply: orderSchema,
    }),
    async (request) => {
      const service = enabled();
      const { user } = await guard.user(request);
      const { session_id } = parse(orderParamsSchema, request.params);
      return service.orderOf(user.id, session_id);
    },
  );
}

/** The provider's webhook, which reads its body as bytes: the signature covers them exactly. */
function registerWebhookRoute(app: FastifyInstance, ctx: AppContext, stripe: Stripe, enabled: () => ShopService): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/api/shop/webhook',
      api({
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
      }),
      async (request) => {
        const service = enabled();
        const event = verifiedEvent(stripe, webhookSecret(ctx), request.body, request.headers['stripe-signature']);
        const outcome = await service.handleEvent(event);
        request.log.info({ event: event.type, outcome }, 'shop webhook');
        return { received: true };
      },
    );
  });
}

/**
 * The built-in test payment (no Stripe key): its page reads the session, its pay button completes it and sends the
 * signed checkout.session.completed through the same webhook route as Stripe would.
 */
function registerTestPaymentRoutes(app: FastifyInstance, ctx: AppContext, stripe: Stripe, shop: ShopService): void {
  app.get(
    '/api/shop/test-checkout/:session_id',
    api({
      errors: ['TEST_CHECKOUT_NOT_FOUND'],
      summary: 'The built-in test payment page data',
      tag: 'shop',
      access: 'public',
      reply: testCheckoutSchema,
    }),
    async (request) => {
      const { session_id } = parse(orderParamsSchema, request.params);
      const { payment, order } = await shop.testCheckout(session_id);
      return presentTestCheckout(payment, order, ctx.now());
    },
  );

  app.post(
    '/api/shop/test-checkout/:session_id/pay',
    api({
      errors: ['TEST_CHECKOUT_NOT_FOUND', 'TEST_CHECKOUT_CLOSED', 'TEST_CARD_DECLINED'],
      summary: 'Pays a test session',
      tag: 'shop',
      access: 'public',
      body: testPaySchema,
      reply: testPayReplySchema,
    }),
    async (request, reply) => {
      const { session_id } = parse(orderParamsSchema, request.params);
      const { card_number } = parse(testPaySchema, request.body);
      const { payment, order } = await shop.payTestCheckout(session_id, card_number);
      const { payload, signature } = testCompletedEvent(stripe, webhookSecret(ctx), payment, order, ctx.now());
      const delivered = await app.inject({
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
  );
}
