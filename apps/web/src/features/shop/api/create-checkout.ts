import { type CheckoutRequest, checkoutReplySchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiData } from '../../../lib/api-client.ts';
import { SHOP_KEY } from './shop-keys.ts';

/** POST /api/shop/checkout { badgeId, badgeName, price, userId } → { url, session_id }. */
export const createCheckout = (input: Required<CheckoutRequest>) =>
  apiData('/api/shop/checkout', { method: 'POST', body: input, schema: checkoutReplySchema });

/** A 409 (sold out, already owned, no longer on sale) means the list is out of date: it is reloaded. */
export function useCreateCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCheckout,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: [SHOP_KEY] });
    },
  });
}
