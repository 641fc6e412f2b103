import type { Order, OrderProblem, OrderStatus, TestCheckout } from '@rankmatch/shared';
import type { orders } from '../db/schema.ts';
import type { TestPaymentRow } from './provider.ts';

export type OrderRow = typeof orders.$inferSelect;

/** An order as the API replies with it. */
export function presentOrder(row: OrderRow): Order {
  return {
    order_id: row.id,
    session_id: row.sessionId,
    user_id: row.userId,
    badge_id: row.badgeId,
    amount: row.amount,
    currency: row.currency,
    status: row.status as OrderStatus,
    created_at: row.createdAt,
    expires_at: row.expiresAt,
    paid_at: row.paidAt,
    fulfilled_at: row.fulfilledAt,
    refunded_at: row.refundedAt,
    problem: row.problem as OrderProblem | null,
  };
}

/** The built-in test payment's page data: an open session past its time reads as expired. */
export function presentTestCheckout(payment: TestPaymentRow, order: OrderRow | undefined, now: number): TestCheckout {
  const expired = payment.status === 'open' && payment.expiresAt <= now;
  return {
    session_id: payment.id,
    badge_id: order?.badgeId ?? '',
    amount: payment.amount,
    currency: payment.currency,
    status: expired ? 'expired' : (payment.status as TestCheckout['status']),
    expires_at: payment.expiresAt,
    cancel_url: payment.cancelUrl,
    success_url: payment.successUrl,
  };
}
