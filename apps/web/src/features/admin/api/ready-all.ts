import { z } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminData } from './admin-request.ts';
import { ADMIN_MATCHES_KEY } from './get-matches.ts';

const readyAllReplySchema = z.object({
  /** Test accounts marked ready. */
  readied: z.number().int(),
  /** The matches of the checks that all ten are now ready for. */
  started_matches: z.array(z.string()),
});

/**
 * POST /api/debug/ready-checks/ready-all → { readied, started_matches }: every test account of every open ready check
 * presses 準備完了 (issue 35; the /match_test tool).
 */
export const readyAll = () =>
  adminData('/api/debug/ready-checks/ready-all', { method: 'POST', body: {}, schema: readyAllReplySchema });

/** Readies the test accounts; the match lists then show the matches it started. */
export function useReadyAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readyAll,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_MATCHES_KEY }),
  });
}
