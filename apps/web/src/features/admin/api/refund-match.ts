import { adminMatchDetailSchema, type MatchRefundInput } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminData } from './admin-request.ts';
import { ADMIN_CASES_KEY } from './get-cases.ts';
import { adminMatchKey } from './get-match.ts';
import { ADMIN_MATCHES_KEY } from './get-matches.ts';

/**
 * POST /api/admin/matches/{id}/refund { user_id } → the match: the named leaver's team-mates who lost rate in it get
 * it back. The match, the lists and the cases (whose refund options change) reload.
 */
export const refundMatch = ({ matchId, user_id }: { matchId: string } & MatchRefundInput) =>
  adminData(`/api/admin/matches/${encodeURIComponent(matchId)}/refund`, {
    method: 'POST',
    body: { user_id },
    schema: adminMatchDetailSchema,
  });

export function useRefundMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundMatch,
    onSuccess: (match) => {
      queryClient.setQueryData(adminMatchKey(match.match_id), match);
      void queryClient.invalidateQueries({ queryKey: ADMIN_MATCHES_KEY });
      void queryClient.invalidateQueries({ queryKey: ADMIN_CASES_KEY });
    },
  });
}
