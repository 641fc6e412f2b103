import { seasonSchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminData } from './admin-request.ts';

/** POST /api/admin/seasons/{id}/activate → the season, now active. */
export const activateSeason = (seasonId: string) =>
  adminData(`/api/admin/seasons/${encodeURIComponent(seasonId)}/activate`, {
    method: 'POST',
    body: {},
    schema: seasonSchema,
  });

/** Activates; the theme, banner, ranking and queue all depend on the active season, so every view reloads. */
export function useActivateSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateSeason,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
