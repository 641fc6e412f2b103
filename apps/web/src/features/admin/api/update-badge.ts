import { badgeSchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBadgeUpdate } from '../shop-badge-edit.ts';
import { adminData } from './admin-request.ts';

/** PUT /api/admin/badges/{id} with the changed fields only (price, max_sales, is_active) → the badge as the catalogue has it now. */
export const updateShopBadge = ({ badgeId, changes }: { badgeId: string; changes: AdminBadgeUpdate }) =>
  adminData(`/api/admin/badges/${encodeURIComponent(badgeId)}`, { method: 'PUT', body: changes, schema: badgeSchema });

/**
 * Saves; the price and stock show in the admin lists, the catalogue and the shop's own list (another feature's query),
 * so every view reloads.
 */
export function useUpdateShopBadge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShopBadge,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
