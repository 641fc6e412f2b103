import { okReplySchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminData } from './admin-request.ts';
import { ADMIN_SEASONS_KEY } from './get-seasons.ts';

/** DELETE /api/admin/seasons/{id} → { ok: true }. */
export const deleteSeason = (seasonId: string) =>
  adminData(`/api/admin/seasons/${encodeURIComponent(seasonId)}`, { method: 'DELETE', schema: okReplySchema });

export function useDeleteSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSeason,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_SEASONS_KEY }),
  });
}
