import { type MyDeletion, myDeletionSchema } from '@rankmatch/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { ME_KEY } from '../../../lib/auth/user.ts';

// My page's アカウントの削除: whether a deletion is pending, the request and its cancellation. Both mutations answer
// the new state, which replaces the cached one (no second read).

const deletionKey = (userId: string) => [ME_KEY, userId, 'deletion'] as const;

/** GET /api/users/me/deletion */
export const getMyDeletion = () => apiData('/api/users/me/deletion', { schema: myDeletionSchema });

export const myDeletionQueryOptions = (userId: string) =>
  queryOptions({ queryKey: deletionKey(userId), queryFn: getMyDeletion, staleTime: 60_000 });

export const useMyDeletion = (userId: string) => useQuery(myDeletionQueryOptions(userId));

/** POST (request) or DELETE (cancel) /api/users/me/deletion, keeping the answer as the cached state. */
function useDeletionChange(userId: string, method: 'POST' | 'DELETE') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiData('/api/users/me/deletion', {
        method,
        ...(method === 'POST' && { body: { confirm: true } }),
        schema: myDeletionSchema,
      }),
    onSuccess: (state: MyDeletion) => queryClient.setQueryData(deletionKey(userId), state),
  });
}

export const useRequestDeletion = (userId: string) => useDeletionChange(userId, 'POST');
export const useCancelDeletion = (userId: string) => useDeletionChange(userId, 'DELETE');
