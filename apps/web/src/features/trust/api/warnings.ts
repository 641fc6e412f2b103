import { myWarningsSchema, okReplySchema } from '@rankmatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { ME_KEY } from '../../../lib/auth/user.ts';

export const warningsKey = (userId: string) => [ME_KEY, userId, 'warnings'] as const;

/** GET /api/users/me/warnings → the warnings the player has not confirmed yet. */
export const getMyWarnings = () => apiData('/api/users/me/warnings', { schema: myWarningsSchema });

/** Read once per page load (and after a reconnect of the window): a warning is rare and shown until confirmed. */
export const useMyWarnings = (userId: string | null) =>
  useQuery({
    queryKey: warningsKey(userId ?? ''),
    queryFn: getMyWarnings,
    enabled: userId !== null,
    staleTime: 5 * 60_000,
  });

/** POST /api/users/me/warnings/{id}/seen for each warning shown; then none is left to show. */
export function useAcknowledgeWarnings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (warningIds: number[]) => {
      // One after another: each is a small write, and a failure stops before the rest (shown again next time).
      for (const id of warningIds) {
        await apiData(`/api/users/me/warnings/${id}/seen`, { method: 'POST', body: {}, schema: okReplySchema });
      }
    },
    onSuccess: () => queryClient.setQueryData(warningsKey(userId), { warnings: [] }),
  });
}
