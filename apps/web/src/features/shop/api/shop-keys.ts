import type { QueryClient } from '@tanstack/react-query';
import { clearProfileCache } from '../../../lib/auth/profile-cache.ts';
import { ME_KEY } from '../../../lib/auth/user.ts';

/** Every shop list starts with this key (visitor and signed-in lists differ in `owned`). */
export const SHOP_KEY = 'shop';
export const shopBadgesKey = (userId: string | null) => [SHOP_KEY, 'badges', userId] as const;

/** The player's orders live under the user's key, so logout drops them with the rest. */
export const ordersKey = (userId: string) => [ME_KEY, userId, 'shop-orders'] as const;

/**
 * After a purchased badge was granted: the profile (cache too), the owned badges the picker lists, the orders and
 * the shop's list are reloaded, so the badge can be equipped at once. Everything under the user's key is reloaded:
 * the badge picker's query belongs to another feature, and its key starts the same way.
 */
export async function refreshAfterPurchase(queryClient: QueryClient, userId: string): Promise<void> {
  clearProfileCache();
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [ME_KEY, userId] }),
    queryClient.invalidateQueries({ queryKey: [SHOP_KEY] }),
  ]);
}
