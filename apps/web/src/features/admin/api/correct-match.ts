import { adminMatchDetailSchema, type MatchCorrection } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminData } from './admin-request.ts';
import { adminMatchKey } from './get-match.ts';
import { ADMIN_MATCHES_KEY } from './get-matches.ts';

/**
 * POST /api/admin/matches/{id}/result { winner: 'A' | 'B' | 'invalid' } → the corrected match. Only settled matches;
 * the server recomputes the ratings of this match's players for this match only.
 */
export const correctMatch = ({ matchId, winner }: { matchId: string } & MatchCorrection) =>
  adminData(`/api/admin/matches/${encodeURIComponent(matchId)}/result`, {
    method: 'POST',
    body: { winner },
    schema: adminMatchDetailSchema,
  });

export function useCorrectMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctMatch,
    onSuccess: (match) => {
      queryClient.setQueryData(adminMatchKey(match.match_id), match);
      void queryClient.invalidateQueries({ queryKey: ADMIN_MATCHES_KEY });
    },
  });
}
