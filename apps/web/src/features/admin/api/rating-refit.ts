import { ratingParamsViewSchema, refitEntrySchema, refitReportSchema } from '@rankmatch/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminData } from './admin-request.ts';

/** GET /api/admin/rating/params → the MMR's parameters in force, their bounds and the newest refits. */
export const getRatingParams = () => adminData('/api/admin/rating/params', { schema: ratingParamsViewSchema });

export const RATING_PARAMS_KEY = [ADMIN_KEY, 'rating-params'] as const;

export const useRatingParams = () =>
  useQuery(queryOptions({ queryKey: RATING_PARAMS_KEY, queryFn: getRatingParams, staleTime: 0 }));

/** POST /api/admin/rating/refit/preview → what a refit now would do (nothing written). */
export const previewRefit = () =>
  adminData('/api/admin/rating/refit/preview', { method: 'POST', body: {}, schema: refitReportSchema });

export const usePreviewRefit = () => useMutation({ mutationFn: previewRefit });

/** POST /api/admin/rating/refit → the applied refit (409 when the matches do not say the new parameters are better). */
export const applyRefit = () =>
  adminData('/api/admin/rating/refit', { method: 'POST', body: {}, schema: refitEntrySchema });

export function useApplyRefit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyRefit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RATING_PARAMS_KEY }),
  });
}
