import { z } from '@rankmatch/shared';
import { useMutation } from '@tanstack/react-query';
import { adminData } from './admin-request.ts';

const queueCountReplySchema = z.object({ queue_count: z.number().int() });

/** GET /api/debug/queue → { queue_count }. */
export const getQueueCount = () => adminData('/api/debug/queue', { schema: queueCountReplySchema });

/** A check made on request (a button), not data kept on screen. */
export const useQueueCountCheck = () => useMutation({ mutationFn: getQueueCount });
