import { useQuery, useQueryClient } from '@tanstack/react-query';
import { QUEUE_INFO_KEY } from '../../../lib/queue-info.ts';
import { useRealtimeMessages } from '../../../lib/realtime/realtime-provider.tsx';
import { queueStatusKey } from '../api/get-queue-status.ts';
import { applyReadyCheck, readyCheckQueryOptions } from '../api/get-ready-check.ts';

/**
 * The player's ready check (issue 35): GET /api/queue/ready-check on load, then every `readyCheck` push written into
 * the cache (each press, the start, the failure). When it closes, the own queue entry and the numbers are read again:
 * a failed check put the player back in the queue or took them out of it.
 */
export function useReadyCheck(userId: string) {
  const queryClient = useQueryClient();
  useRealtimeMessages((message) => {
    if (message.type !== 'readyCheck') return;
    applyReadyCheck(queryClient, userId, message.data);
    if (message.data.status !== 'open') {
      void queryClient.invalidateQueries({ queryKey: queueStatusKey(userId), exact: true });
      void queryClient.invalidateQueries({ queryKey: QUEUE_INFO_KEY });
    }
  });
  return useQuery(readyCheckQueryOptions(userId));
}
