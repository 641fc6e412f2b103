import { ownedBadgesReplySchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { ME_KEY } from '../../../lib/auth/user.ts';

/** GET /api/users/me/badges → { owned_badges }. */
export const getOwnedBadges = () => apiData('/api/users/me/badges', { schema: ownedBadgesReplySchema });

export const ownedBadgesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: [ME_KEY, userId, 'badges'], queryFn: getOwnedBadges, staleTime: 60_000 });

export const useOwnedBadges = (userId: string) => useQuery(ownedBadgesQueryOptions(userId));
