import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useOrderPolling } from '../api/get-order.ts';
import { refreshAfterPurchase } from '../api/shop-keys.ts';
import { type CheckoutOutcome, checkoutOutcome, ORDER_POLL_LIMIT_MS } from '../checkout-outcome.ts';

/** Polls a returned checkout's order until it settles (or the time limit); a granted badge reloads the profile. */
export function useCheckoutOutcome(userId: string, sessionId: string): CheckoutOutcome {
  const queryClient = useQueryClient();
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), ORDER_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const order = useOrderPolling(userId, sessionId, !timedOut);
  const outcome = checkoutOutcome(order.data, order.error, timedOut);
  const granted = outcome.kind === 'fulfilled';
  useEffect(() => {
    if (granted) void refreshAfterPurchase(queryClient, userId);
  }, [granted, queryClient, userId]);
  return outcome;
}
