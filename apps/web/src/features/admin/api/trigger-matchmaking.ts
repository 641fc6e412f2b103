import { z } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminData } from './admin-request.ts';
import { ADMIN_MATCHES_KEY } from './get-matches.ts';

const triggerReplySchema = z.object({
  /** The outcome in words (Japanese). */
  message: z.string(),
  ran: z.boolean(),
  created_matches: z.array(z.string()),
});

/** POST /api/debug/matchmaking/trigger → { message, ran, created_matches, … }: runs a wave now. */
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
