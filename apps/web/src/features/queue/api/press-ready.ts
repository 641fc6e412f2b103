import { readyCheckSchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiData } from '../../../lib/api-client.ts';
import { applyReadyCheck, readyCheckKey } from './get-ready-check.ts';

/** POST /api/queue/ready-check/ready { ready_check_id } → the check with the player ready (issue 35). */
export const pressReady = (readyCheckId: string) =>
  apiData('/api/queue/ready-check/ready', {
    method: 'POST',
    body: { ready_check_id: readyCheckId },
    schema: readyCheckSchema,
    // A 4xx here (READY_CHECK_CLOSED, READY_CHECK_NOT_FOUND) is an answer to show in place, not an expired login.
    authErrorScreen: 'unauthorized',
  });

export function usePressReady(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pressReady,
    onSuccess: (check) => applyReadyCheck(queryClient, userId, check),
    onError: (error) => {
      // Closed or gone: how it ended is read again (the card then says what became of the player).
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: readyCheckKey(userId) });
      }
    },
  });
}
