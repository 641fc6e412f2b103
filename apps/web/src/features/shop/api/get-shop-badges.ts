import { shopBadgesReplySchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { shopBadgesKey } from './shop-keys.ts';

/** GET /api/shop/badges (token optional: with it, `owned` is filled) → { mode, badges }. */
export const getShopBadges = () => apiData('/api/shop/badges', { schema: shopBadgesReplySchema });

export const shopBadgesQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: shopBadgesKey(userId), queryFn: getShopBadges, staleTime: 30_000 });

export function useShopBadges() {
  const userId = useSession()?.user.user_id ?? null;
  return useQuery(shopBadgesQueryOptions(userId));
}
