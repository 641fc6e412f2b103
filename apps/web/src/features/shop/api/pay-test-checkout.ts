import { testPayReplySchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiData } from '../../../lib/api-client.ts';
import { testCheckoutQueryOptions } from './get-test-checkout.ts';

/** POST /api/shop/test-checkout/{session_id}/pay { card_number } → { redirect_url }. */
export const payTestCheckout = ({ sessionId, cardNumber }: { sessionId: string; cardNumber: string }) =>
  apiData(`/api/shop/test-checkout/${encodeURIComponent(sessionId)}/pay`, {
    method: 'POST',
    body: { card_number: cardNumber },
    schema: testPayReplySchema,
    token: null,
  });

/** A 409 (paid or expired meanwhile) reloads the session, so the page shows it closed. */
export function usePayTestCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payTestCheckout,
    onError: (error, { sessionId }) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: testCheckoutQueryOptions(sessionId).queryKey });
      }
    },
  });
}
