import { adminSeasonSchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminData } from './admin-request.ts';

/** POST /api/admin/seasons/{id}/end → the season after its end (final ranking frozen, reward badges granted). */
export const endSeason = (seasonId: string) =>
  adminData(`/api/admin/seasons/${encodeURIComponent(seasonId)}/end`, {
    method: 'POST',
    body: {},
    schema: adminSeasonSchema,
  });

/** Ends; the banner, ranking, queue and records depend on it, so every view reloads. */
export function useEndSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSeason,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
