import type { Order } from '@rankmatch/shared';
import { ApiError } from '../../lib/api-client.ts';

// What the shop says after the checkout page sends the player back (…/shop?checkout=success&session_id=…): the
// order is read every ORDER_POLL_MS until it is settled or ORDER_POLL_LIMIT_MS have passed.

export const ORDER_POLL_MS = 2000;
export const ORDER_POLL_LIMIT_MS = 2 * 60_000;

export type CheckoutOutcome =
  | { kind: 'checking' }
  | { kind: 'slow' }
  | { kind: 'fulfilled' }
  | { kind: 'sold_out'; orderId: string }
  | { kind: 'paid_problem'; orderId: string }
  | { kind: 'expired' }
  | { kind: 'failed' }
  | { kind: 'refunded' }
  | { kind: 'error'; message: string };

/** Settled: nothing more will happen without the operators (pending, and paid without a problem, still move). */
export function isSettled(order: Order): boolean {
  return order.status !== 'pending' && !(order.status === 'paid' && order.problem === null);
}

/** A reply that polling again will not change (not found, not allowed); network and server errors may pass. */
export function isFinalError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export function checkoutOutcome(order: Order | undefined, error: Error | null, timedOut: boolean): CheckoutOutcome {
  if (order && isSettled(order)) {
    switch (order.status) {
      case 'fulfilled':
        return { kind: 'fulfilled' };
      case 'paid':
        return order.problem === 'sold_out'
          ? { kind: 'sold_out', orderId: order.order_id }
          : { kind: 'paid_problem', orderId: order.order_id };
      case 'expired':
        return { kind: 'expired' };
      case 'failed':
        return { kind: 'failed' };
      case 'refunded':
        return { kind: 'refunded' };
    }
  }
  if (error && isFinalError(error)) return { kind: 'error', message: error.message };
  return timedOut ? { kind: 'slow' } : { kind: 'checking' };
}
