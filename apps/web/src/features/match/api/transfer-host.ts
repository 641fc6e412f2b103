import { matchUpdateSchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { patchCurrentMatch } from './get-current-match.ts';

/**
 * POST /api/matches/host/transfer {} → the match update. The host hands the role to the next player; anyone else
 * takes it over when there is still no lobby after lobby_create_timeout.
 */
export const transferHost = () =>
  apiData('/api/matches/host/transfer', {
    method: 'POST',
    body: {},
    schema: matchUpdateSchema,
    authErrorScreen: 'unauthorized',
  });

export function useTransferHost(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferHost,
    onSuccess: (update) => patchCurrentMatch(queryClient, userId, update),
  });
}
