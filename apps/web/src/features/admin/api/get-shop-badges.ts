import { shopBadgesReplySchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminData } from './admin-request.ts';

/**
 * GET /api/shop/badges → { mode, badges }: the badges on sale now with price, stock, sold and remaining units (the
 * shop's own list; inactive badges are not in it).
 */
export const getShopOffers = () => adminData('/api/shop/badges', { schema: shopBadgesReplySchema });

export const ADMIN_SHOP_BADGES_KEY = [ADMIN_KEY, 'shop', 'badges'] as const;

export const shopOffersQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_SHOP_BADGES_KEY, queryFn: getShopOffers, staleTime: 0 });

export const useShopOffers = () => useQuery(shopOffersQueryOptions());
