import { z } from '@rankmatch/shared';
import { useMutation } from '@tanstack/react-query';
import { adminData } from './admin-request.ts';

const clearReplySchema = z.object({ removed: z.number().int() });

/** DELETE /api/debug/queue → { removed }: empties the queue. */
export const clearQueue = () => adminData('/api/debug/queue', { method: 'DELETE', schema: clearReplySchema });

export const useClearQueue = () => useMutation({ mutationFn: clearQueue });
