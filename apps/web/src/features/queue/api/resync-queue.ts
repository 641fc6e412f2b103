import type { QueryClient } from '@tanstack/react-query';
import { ME_KEY } from '../../../lib/auth/user.ts';
import { QUEUE_INFO_KEY } from '../../../lib/queue-info.ts';

/** After a reconnect: reload the queue info and the own queue status. */
export function resyncQueue(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: QUEUE_INFO_KEY }),
    queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === ME_KEY && q.queryKey[2] === 'queue' }),
  ]).then(() => undefined);
}
