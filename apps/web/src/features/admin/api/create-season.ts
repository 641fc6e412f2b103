import { seasonSchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SeasonPayload } from '../season-draft.ts';
import { adminData } from './admin-request.ts';
import { ADMIN_SEASONS_KEY } from './get-seasons.ts';

/** POST /api/admin/seasons with the season fields → the new season. */
export const createSeason = (season: SeasonPayload) =>
  adminData('/api/admin/seasons', { method: 'POST', body: season, schema: seasonSchema });

export function useCreateSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSeason,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_SEASONS_KEY }),
  });
}
