import { seasonSchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SeasonPayload } from '../season-draft.ts';
import { adminData } from './admin-request.ts';

/** PUT /api/admin/seasons/{id} with the season fields (the id cannot change) → the updated season. */
export const updateSeason = (season: SeasonPayload) =>
  adminData(`/api/admin/seasons/${encodeURIComponent(season.id)}`, {
    method: 'PUT',
    body: season,
    schema: seasonSchema,
  });

/** Saves; an edited active season may change the site's theme and banner, so every view reloads. */
export function useUpdateSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSeason,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
