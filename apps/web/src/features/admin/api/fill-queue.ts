import { debugQueueFillReplySchema } from '@rankmatch/shared';
import { useMutation } from '@tanstack/react-query';
import { adminData } from './admin-request.ts';

/** How many test accounts the fill buttons put in the queue: one match's worth. */
export const FILL_COUNT = 10;

/** POST /api/debug/queue/fill { count } → { enqueued, skipped }: the first `count` test accounts join the queue. */
export const fillQueue = (count: number) =>
  adminData('/api/debug/queue/fill', { method: 'POST', body: { count }, schema: debugQueueFillReplySchema });

export const useFillQueue = () => useMutation({ mutationFn: fillQueue });
