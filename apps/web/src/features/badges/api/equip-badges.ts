import { okReplySchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { type MeState, meQueryKey, setMyProfile } from '../../../lib/auth/user.ts';

export interface EquipInput {
  primary_badge: string | null;
  secondary_badge: string | null;
}

/** PUT /api/users/me/badges/equip { primary_badge, secondary_badge } → { ok: true }. */
export const equipBadges = (input: EquipInput) =>
  apiData('/api/users/me/badges/equip', { method: 'PUT', body: input, schema: okReplySchema });

/** Equips both slots; on success the own profile (view and cache) shows the new badges. */
export function useEquipBadges(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: equipBadges,
    onSuccess: (_reply, input) => {
      const me = queryClient.getQueryData<MeState>(meQueryKey(userId));
      if (me?.kind === 'ready') {
        setMyProfile(queryClient, {
          ...me.profile,
          current_badge: input.primary_badge,
          current_badge_2: input.secondary_badge,
        });
      }
    },
  });
}
