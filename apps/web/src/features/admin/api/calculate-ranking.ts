import { z } from '@rankmatch/shared';
import { useMutation } from '@tanstack/react-query';
import { adminData } from './admin-request.ts';

const rankingReplySchema = z.object({ rankings_count: z.number().int() });

/** POST /api/debug/ranking/calculate → { rankings_count }: recomputes the ranking snapshot now. */
export const calculateRanking = () =>
  adminData('/api/debug/ranking/calculate', { method: 'POST', body: {}, schema: rankingReplySchema });

export const useCalculateRanking = () => useMutation({ mutationFn: calculateRanking });
