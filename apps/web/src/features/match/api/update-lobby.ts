import { matchUpdateSchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { patchCurrentMatch } from './get-current-match.ts';

/** POST /api/matches/lobby/update { lobby_id, host_user_id? } (host only) → the match update. */
export const updateLobby = (input: { lobby_id: string; host_user_id?: string }) =>
  apiData('/api/matches/lobby/update', {
    method: 'POST',
    body: input,
    schema: matchUpdateSchema,
    authErrorScreen: 'unauthorized',
  });

export function useUpdateLobby(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLobby,
    onSuccess: (update) => patchCurrentMatch(queryClient, userId, update),
  });
}
