import { debugQueueFillReplySchema } from '@rankmatch/shared';
import { useMutation } from '@tanstack/react-query';
import { adminData } from './admin-request.ts';

/** How many test accounts the fill buttons put in the queue: one match's worth. */
export const FILL_COUNT = 10;

/** POST /api/debug/queue/fill { count } → { enqueued, skipped }: test accounts join until `count` players wait. */
export const fillQueue = (count: number) =>
  adminData('/api/debug/queue/fill', { method: 'POST', body: { count }, schema: debugQueueFillReplySchema });

export const useFillQueue = () => useMutation({ mutationFn: fillQueue });
