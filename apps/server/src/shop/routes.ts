import { randomBytes } from 'node:crypto';
import {
  checkoutReplySchema,
  checkoutRequestSchema,
  orderParamsSchema,
  orderSchema,
  ordersReplySchema,
  shopBadgesReplySchema,
  TEST_CARD_NUMBER,
  type TestCheckout,
  testCheckoutSchema,
  testPayReplySchema,
  testPaySchema,
} from '@rankmatch/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import type { Guard } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { orders, testPayments } from '../db/schema.ts';
import { api } from '../docs/contract.ts';
import { AppError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { ShopService } from './service.ts';

// The shop's routes: the catalogue, checkout (also at the spec's POST /create-checkout-session), the player's orders,
// the provider's webhook (verified over the raw body), and the built-in test payment's page data and pay button.

/** Stripe's tolerance for the signature's timestamp. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

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
  app.post(
    '/api/shop/checkout',
    api({
      errors: [
        'SHOP_DISABLED',
        'BADGE_NOT_FOUND',
        'SHOP_NOT_FOR_SALE',
        'SHOP_ALREADY_OWNED',
        'SHOP_SOLD_OUT',
        'SHOP_PRICE_MISMATCH',
        'SHOP_USER_MISMATCH',
        'SHOP_PROVIDER_FAILED',
      ],
      summary: 'Creates a checkout session',
      tag: 'shop',
      access: 'user',
      body: checkoutRequestSchema,
      reply: checkoutReplySchema,
    }),
    checkout,
  );
  app.post(
    '/create-checkout-session',
    api({
      errors: [
        'SHOP_DISABLED',
        'BADGE_NOT_FOUND',
        'SHOP_NOT_FOR_SALE',
        'SHOP_ALREADY_OWNED',
        'SHOP_SOLD_OUT',
        'SHOP_PRICE_MISMATCH',
        'SHOP_USER_MISMATCH',
        'SHOP_PROVIDER_FAILED',
      ],
      summary: "The spec's path for the checkout",
      tag: 'shop',
      access: 'user',
      body: checkoutRequestSchema,
      reply: checkoutReplySchema,
    }),
    checkout,
  );

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

  // The webhook reads its body as bytes: the signature covers them exactly.
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
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
          throw new AppError('WEBHOOK_SIGNATURE_INVALID');
        }
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(
            request.body,
            signature,
            webhookSecret(ctx),
            WEBHOOK_TOLERANCE_SECONDS,
          );
        } catch (err) {
          throw new AppError(
            err instanceof Stripe.errors.StripeSignatureVerificationError
              ? 'WEBHOOK_SIGNATURE_INVALID'
              : 'WEBHOOK_PAYLOAD_INVALID',
          );
        }
        const outcome = await service.handleEvent(event);
        request.log.info({ event: event.type, outcome }, 'shop webhook');
        return { received: true };
      },
    );
  });

  if (shop?.mode !== 'test') return;

  // The built-in test payment (no Stripe key): its page reads the session, its pay button completes it and sends the
  // signed checkout.session.completed through the same webhook route as Stripe would.
  const findTestPayment = async (id: string) => {
    const [row] = await ctx.db.select().from(testPayments).where(eq(testPayments.id, id));
    if (!row) throw new AppError('TEST_CHECKOUT_NOT_FOUND');
    return row;
  };

  app.get(
    '/api/shop/test-checkout/:session_id',
    api({
      errors: ['TEST_CHECKOUT_NOT_FOUND'],
      summary: 'The built-in test payment page data',
      tag: 'shop',
      access: 'public',
      reply: testCheckoutSchema,
    }),
    async (request): Promise<TestCheckout> => {
      const { session_id } = parse(orderParamsSchema, request.params);
      const row = await findTestPayment(session_id);
      const [order] = await ctx.db.select().from(orders).where(eq(orders.id, row.orderId));
      const expired = row.status === 'open' && row.expiresAt <= ctx.now();
      return {
        session_id: row.id,
        badge_id: order?.badgeId ?? '',
        amount: row.amount,
        currency: row.currency,
        status: expired ? 'expired' : (row.status as TestCheckout['status']),
        expires_at: row.expiresAt,
        cancel_url: row.cancelUrl,
        success_url: row.successUrl,
      };
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
      const row = await findTestPayment(session_id);
      if (row.status !== 'open' || row.expiresAt <= ctx.now()) throw new AppError('TEST_CHECKOUT_CLOSED');
      if (card_number !== TEST_CARD_NUMBER) throw new AppError('TEST_CARD_DECLINED');
      await ctx.db
        .update(testPayments)
        .set({ status: 'complete', paymentStatus: 'paid' })
        .where(eq(testPayments.id, session_id));
      const [order] = await ctx.db.select().from(orders).where(eq(orders.id, row.orderId));
      const payload = JSON.stringify({
        id: `evt_test_local_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: ctx.now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: 'checkout.session.completed',
        data: {
          object: {
            id: row.id,
            object: 'checkout.session',
            status: 'complete',
            payment_status: 'paid',
            payment_intent: row.paymentIntent,
            amount_total: row.amount,
            currency: row.currency,
            client_reference_id: row.orderId,
            metadata: { order_id: row.orderId, user_id: order?.userId ?? '', badge_id: order?.badgeId ?? '' },
          },
        },
      });
      const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret(ctx) });
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
      return { redirect_url: row.successUrl };
    },
  );
}

function webhookSecret(ctx: AppContext): string {
  const shop = ctx.config.shop;
  if (!shop) throw new AppError('SHOP_DISABLED');
  return shop.webhookSecret;
}
