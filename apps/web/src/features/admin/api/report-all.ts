import { debugReportAllReplySchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminData } from './admin-request.ts';
import { ADMIN_MATCHES_KEY } from './get-matches.ts';

/**
 * POST /api/debug/matches/report-all { result: 'A-win' } → { matches, reported, settled }: every player of the open
 * matches made only of test accounts reports that team A won.
 */
export const reportAll = () =>
  adminData('/api/debug/matches/report-all', {
    method: 'POST',
    body: { result: 'A-win' },
    schema: debugReportAllReplySchema,
  });

export function useReportAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportAll,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_MATCHES_KEY }),
  });
}
