import { queueStatusSchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { QUEUE_INFO_KEY } from '../../../lib/queue-info.ts';
import { queueStatusKey } from './get-queue-status.ts';

/** POST /api/queue/leave → { in_queue: false, entry: null }. */
export const leaveQueue = () =>
  apiData('/api/queue/leave', {
    method: 'POST',
    body: {},
    schema: queueStatusSchema,
    authErrorScreen: 'unauthorized',
  });

export function useLeaveQueue(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveQueue,
    onSuccess: (status) => {
      queryClient.setQueryData(queueStatusKey(userId), status);
      void queryClient.invalidateQueries({ queryKey: QUEUE_INFO_KEY });
    },
  });
}
