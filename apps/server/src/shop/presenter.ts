import type { Order, OrderProblem, OrderStatus } from '@rankmatch/shared';
import type { orders } from '../db/schema.ts';

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
