import { randomBytes } from 'node:crypto';
import { SHOP_CURRENCY, TEST_CARD_NUMBER, TEST_CHECKOUT_PATH } from '@rankmatch/shared';
import { and, eq, gt } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { testPayments } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

// The payment provider behind the shop: Stripe Checkout through the official SDK (STRIPE_API_BASE points it at a
// local fake in tests), or the built-in test payment when no key is configured (development and test only). Both
// are read the same way: a checkout session's status and payment status, retrieved by id.

export interface CheckoutSessionInput {
  orderId: string;
  userId: string;
  badgeId: string;
  badgeName: string;
  amount: number;
  expiresAt: number;
  successUrl: string;
  cancelUrl: string;
}

/** What the shop reads of a checkout session (Stripe's own field names and values). */
export interface CheckoutSessionState {
  id: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  payment_intent: string | null;
  amount_total: number | null;
  currency: string | null;
}

export interface PaymentProvider {
  readonly mode: 'stripe' | 'test';
  createSession(input: CheckoutSessionInput): Promise<{ id: string; url: string }>;
  retrieveSession(id: string): Promise<CheckoutSessionState | null>;
}

/** The SDK, also used (without any API call) to verify and sign webhooks in both modes. */
export function stripeClient(config: Config): Stripe {
  const shop = config.shop;
  if (shop?.mode !== 'stripe') return new Stripe('sk_test_built_in_test_payment', { telemetry: false });
  const base = shop.apiBase ? new URL(shop.apiBase) : null;
  return new Stripe(shop.secretKey, {
    telemetry: false,
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

function sessionState(session: {
  id: string;
  status: string | null;
  payment_status: string;
  payment_intent: string | { id: string } | null;
  amount_total: number | null;
  currency: string | null;
}): CheckoutSessionState {
  return {
    id: session.id,
    status: (session.status ?? 'open') as CheckoutSessionState['status'],
    payment_status: session.payment_status as CheckoutSessionState['payment_status'],
    payment_intent:
      typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
    amount_total: session.amount_total,
    currency: session.currency,
  };
}

export class StripeProvider implements PaymentProvider {
  readonly mode = 'stripe' as const;
  constructor(private readonly stripe: Stripe) {}

  async createSession(input: CheckoutSessionInput) {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: { currency: SHOP_CURRENCY, unit_amount: input.amount, product_data: { name: input.badgeName } },
          },
        ],
        client_reference_id: input.orderId,
        metadata: { order_id: input.orderId, user_id: input.userId, badge_id: input.badgeId },
        expires_at: input.expiresAt,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      },
      { idempotencyKey: input.orderId },
    );
    if (!session.url) throw new Error('Stripe returned a checkout session without a url');
    return { id: session.id, url: session.url };
  }

  async retrieveSession(id: string) {
    try {
      return sessionState(await this.stripe.checkout.sessions.retrieve(id));
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) return null;
      throw err;
    }
  }
}

export type TestPaymentRow = typeof testPayments.$inferSelect;

/** The built-in test payment: it keeps its sessions in test_payments and its page is /shop/test-checkout/{id}. */
export class TestPaymentProvider implements PaymentProvider {
  readonly mode = 'test' as const;
  constructor(
    private readonly db: Executor,
    private readonly publicUrl: string,
    private readonly now: () => number,
  ) {}

  async createSession(input: CheckoutSessionInput) {
    const id = `cs_test_local_${randomBytes(18).toString('base64url').replace(/-/g, '_')}`;
    await this.db.insert(testPayments).values({
      id,
      orderId: input.orderId,
      amount: input.amount,
      currency: SHOP_CURRENCY,
      status: 'open',
      paymentStatus: 'unpaid',
      paymentIntent: `pi_test_local_${randomBytes(12).toString('hex')}`,
      successUrl: input.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
      cancelUrl: input.cancelUrl,
      createdAt: this.now(),
      expiresAt: input.expiresAt,
    });
    return { id, url: `${this.publicUrl}${TEST_CHECKOUT_PATH}${id}` };
  }

  /** A session, for its page (TEST_CHECKOUT_NOT_FOUND when there is none). */
  async session(id: string): Promise<TestPaymentRow> {
    const [row] = await this.db.select().from(testPayments).where(eq(testPayments.id, id));
    if (!row) throw new AppError('TEST_CHECKOUT_NOT_FOUND');
    return row;
  }

  /** Pays an open session with the test card (TEST_CHECKOUT_CLOSED, TEST_CARD_DECLINED otherwise). */
  async pay(id: string, cardNumber: string): Promise<TestPaymentRow> {
    const row = await this.session(id);
    if (row.status !== 'open' || row.expiresAt <= this.now()) throw new AppError('TEST_CHECKOUT_CLOSED');
    if (cardNumber !== TEST_CARD_NUMBER) throw new AppError('TEST_CARD_DECLINED');
    // Only the payment that moves the session from open completes it: two presses at once get one success.
    const [paid] = await this.db
      .update(testPayments)
      .set({ status: 'complete', paymentStatus: 'paid' })
      .where(and(eq(testPayments.id, id), eq(testPayments.status, 'open'), gt(testPayments.expiresAt, this.now())))
      .returning();
    if (!paid) throw new AppError('TEST_CHECKOUT_CLOSED');
    return paid;
  }

  async retrieveSession(id: string) {
    const [row] = await this.db.select().from(testPayments).where(eq(testPayments.id, id));
    if (!row) return null;
    const expired = row.status === 'open' && row.expiresAt <= this.now();
    return {
      id: row.id,
      status: (expired ? 'expired' : row.status) as CheckoutSessionState['status'],
      payment_status: row.paymentStatus as CheckoutSessionState['payment_status'],
      payment_intent: row.paymentIntent,
      amount_total: row.amount,
      currency: row.currency,
    };
  }
}
