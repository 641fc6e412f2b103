import { testCheckoutSchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { SHOP_KEY } from './shop-keys.ts';

/** GET /api/shop/test-checkout/{session_id} (built-in test payment, no login: the session id is the key). */
export const getTestCheckout = (sessionId: string) =>
  apiData(`/api/shop/test-checkout/${encodeURIComponent(sessionId)}`, { schema: testCheckoutSchema, token: null });

export const testCheckoutQueryOptions = (sessionId: string) =>
  queryOptions({ queryKey: [SHOP_KEY, 'test-checkout', sessionId], queryFn: () => getTestCheckout(sessionId) });

export const useTestCheckout = (sessionId: string) => useQuery(testCheckoutQueryOptions(sessionId));
