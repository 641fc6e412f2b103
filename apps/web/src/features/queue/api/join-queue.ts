import { type DECK_TYPES, queueStatusSchema, type Role } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { QUEUE_INFO_KEY } from '../../../lib/queue-info.ts';
import { queueStatusKey } from './get-queue-status.ts';

export interface QueuePreferences {
  deck_type: (typeof DECK_TYPES)[number] | null;
  /** Ordered preference, 0–5 distinct roles (none: any role). */
  roles: Role[];
}

/** POST /api/queue/join { deck_type?, roles? } → { in_queue: true, entry }. Joining again updates the preferences. */
export const joinQueue = (preferences: QueuePreferences) =>
  apiData('/api/queue/join', {
    method: 'POST',
    body: {
      ...(preferences.deck_type ? { deck_type: preferences.deck_type } : {}),
      ...(preferences.roles.length > 0 ? { roles: preferences.roles } : {}),
    },
    schema: queueStatusSchema,
    // A 403 here is a penalty or a ban, said in the panel's red box, not an expired login.
    authErrorScreen: 'unauthorized',
  });

export function useJoinQueue(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinQueue,
    onSuccess: (status) => {
      queryClient.setQueryData(queueStatusKey(userId), status);
      void queryClient.invalidateQueries({ queryKey: QUEUE_INFO_KEY });
    },
  });
}
