import { type AvoidList, avoidListSchema, playerSearchReplySchema } from '@rankmatch/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { ME_KEY } from '../../../lib/auth/user.ts';

// マッチングを避けるプレイヤー: the list (my page and the player page share it), its search, additions and removals.
// Every change answers the new list, which replaces the cached one (no second read).

const avoidKey = (userId: string) => [ME_KEY, userId, 'avoids'] as const;

export const avoidListQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: avoidKey(userId),
    queryFn: () => apiData('/api/users/me/avoids', { schema: avoidListSchema }),
    staleTime: 60_000,
  });

/** GET /api/users/me/avoids (only when signed in: `userId` null asks nothing). */
export const useAvoidList = (userId: string | null) =>
  useQuery({ ...avoidListQueryOptions(userId ?? ''), enabled: userId !== null });

function useAvoidChange(userId: string, change: (id: string) => Promise<AvoidList>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (list: AvoidList) => queryClient.setQueryData(avoidKey(userId), list),
  });
}

/** POST /api/users/me/avoids */
export const useAddAvoid = (userId: string) =>
  useAvoidChange(userId, (id) =>
    apiData('/api/users/me/avoids', { method: 'POST', body: { user_id: id }, schema: avoidListSchema }),
  );

/** DELETE /api/users/me/avoids/:id */
export const useRemoveAvoid = (userId: string) =>
  useAvoidChange(userId, (id) =>
    apiData(`/api/users/me/avoids/${encodeURIComponent(id)}`, { method: 'DELETE', schema: avoidListSchema }),
  );

/** GET /api/users/me/avoids/search?q= for the words last submitted (none: nothing asked). */
export const usePlayerSearch = (userId: string, q: string | null) =>
  useQuery({
    queryKey: [...avoidKey(userId), 'search', q ?? ''],
    queryFn: () =>
      apiData(`/api/users/me/avoids/search?q=${encodeURIComponent(q ?? '')}`, { schema: playerSearchReplySchema }),
    enabled: q !== null,
    staleTime: 30_000,
  });
