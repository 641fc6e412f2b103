import { z } from '@rankmatch/shared';
import { adminData } from './admin-request.ts';

const gatherReplySchema = z.object({ processed_matches: z.number().int() });

/** POST /api/debug/gather-match → { processed_matches }: settles the open matches whose reports or deadline allow. */
export const gatherMatches = () =>
  adminData('/api/debug/gather-match', { method: 'POST', body: {}, schema: gatherReplySchema });
