import { z } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminData } from './admin-request.ts';
import { ADMIN_MATCHES_KEY } from './get-matches.ts';

const triggerReplySchema = z.object({
  /** The outcome in words (Japanese). */
  message: z.string(),
  ran: z.boolean(),
  created_matches: z.array(z.string()),
  /** The ready checks the wave opened instead of matches (issue 35; none when the ready check is off). */
  ready_checks: z.array(z.string()).default([]),
});

/**
 * POST /api/debug/matchmaking/trigger → { message, ran, created_matches, ready_checks, … }: runs a wave now. With the
 * ready check on, its matches are made once their ten players are ready (see ready-all.ts for the test accounts).
 */
export const triggerMatchmaking = () =>
  adminData('/api/debug/matchmaking/trigger', { method: 'POST', body: {}, schema: triggerReplySchema });

/** Runs a wave; the match lists then show the new matches. */
export function useTriggerMatchmaking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: triggerMatchmaking,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_MATCHES_KEY }),
  });
}
