import { type DisputeInput, type MatchTrust, matchTrustSchema } from '@rankmatch/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { ME_KEY } from '../../../lib/auth/user.ts';
import { useEvidenceUploader } from '../../../lib/evidence.ts';

// A player's side of a settled match's disputes: a signed-in call of its own, apart from the public (cached, the same
// for everyone) match summary. Under the "me" key so that a logout drops it.

export const matchTrustKey = (userId: string, matchId: string) => [ME_KEY, userId, 'trust', matchId] as const;

/** Reloads the player's trust views (an admin's correction of a disputed match tells the player by profileChanged). */
export const invalidateMatchTrust = (queryClient: QueryClient, userId: string) =>
  queryClient.invalidateQueries({ queryKey: [ME_KEY, userId, 'trust'] });

/** GET /api/matches/{id}/trust (players of the match) → disputed, dispute_until, the caller's own dispute. */
export const getMatchTrust = (matchId: string) =>
  apiData(`/api/matches/${encodeURIComponent(matchId)}/trust`, {
    schema: matchTrustSchema,
    // A 403 (not a player of the match) is an answer shown in place, not an ended session.
    authErrorScreen: 'unauthorized',
  });

export const matchTrustQueryOptions = (userId: string, matchId: string) =>
  queryOptions({ queryKey: matchTrustKey(userId, matchId), queryFn: () => getMatchTrust(matchId) });

export const useMatchTrust = (userId: string | null, matchId: string) =>
  useQuery({ ...matchTrustQueryOptions(userId ?? '', matchId), enabled: userId !== null });

/** POST /api/matches/{id}/dispute (the screenshot, if any, uploaded first) → the trust view with the new dispute. */
export function useFileDispute(userId: string, matchId: string) {
  const queryClient = useQueryClient();
  const upload = useEvidenceUploader();
  return useMutation({
    mutationFn: async ({ input, evidence }: { input: Omit<DisputeInput, 'evidence_id'>; evidence: File | null }) => {
      const evidenceId = evidence ? await upload(matchId, evidence) : null;
      return apiData(`/api/matches/${encodeURIComponent(matchId)}/dispute`, {
        method: 'POST',
        body: { ...input, evidence_id: evidenceId },
        schema: matchTrustSchema,
        authErrorScreen: 'unauthorized',
      });
    },
    onSuccess: (trust: MatchTrust) => queryClient.setQueryData(matchTrustKey(userId, matchId), trust),
  });
}
