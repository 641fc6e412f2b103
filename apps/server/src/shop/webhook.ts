import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import type { OrderRow } from './presenter.ts';
import type { TestPaymentRow } from './provider.ts';

// The provider's events: verified against the webhook secret over the raw body (Stripe's, or the built-in test
// payment's, which signs its own the same way).

/** Stripe's tolerance for the signature's timestamp. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export function webhookSecret(ctx: AppContext): string {
  const shop = ctx.config.shop;
  if (!shop) throw new AppError('SHOP_DISABLED');
  return shop.webhookSecret;
}

/** The event a signed body carries (WEBHOOK_SIGNATURE_INVALID, WEBHOOK_PAYLOAD_INVALID otherwise). */
export function verifiedEvent(stripe: Stripe, secret: string, body: unknown, signature: unknown): Stripe.Event {
  if (typeof signature !== 'string' || !Buffer.isBuffer(body)) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  try {
    return stripe.webhooks.constructEvent(body, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (err) {
    throw new AppError(
      err instanceof Stripe.errors.StripeSignatureVerificationError
        ? 'WEBHOOK_SIGNATURE_INVALID'
        : 'WEBHOOK_PAYLOAD_INVALID',
    );
  }
}

/** The checkout.session.completed a paid test session sends, as Stripe would (the body and its signature). */
export function testCompletedEvent(
  stripe: Stripe,
  secret: string,
  payment: TestPaymentRow,
  order: OrderRow | undefined,
  now: number,
): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id: `evt_test_local_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: now,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
    data: {
      object: {
        id: payment.id,
        object: 'checkout.session',
        status: 'complete',
        payment_status: 'paid',
        payment_intent: payment.paymentIntent,
        amount_total: payment.amount,
        currency: payment.currency,
        client_reference_id: payment.orderId,
        metadata: { order_id: payment.orderId, user_id: order?.userId ?? '', badge_id: order?.badgeId ?? '' },
      },
    },
  });
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
