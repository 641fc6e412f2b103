import { type UserProfile, userProfileSchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { type MeState, meQueryKey, patchMyProfileInView, setMyProfile } from '../../../lib/auth/user.ts';
import { PROFILE_TEXTS } from '../texts.ts';

export interface ProfileInput {
  trainer_name: string;
  twitter_id: string;
  favorite_pokemon: string[];
  bio: string;
}

/** PUT /api/users/me/profile → the updated profile. */
export const updateProfile = (input: ProfileInput) =>
  apiData('/api/users/me/profile', { method: 'PUT', body: input, schema: userProfileSchema });

/**
 * Saves the profile optimistically: the visible profile changes at once; on failure it rolls back and alerts
 * (with the server's error); on success the server's version goes to the view and the profile cache.
 */
export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  const key = meQueryKey(userId);
  return useMutation({
    mutationFn: updateProfile,
    onMutate: async (input): Promise<{ previous: MeState | undefined }> => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<MeState>(key);
      patchMyProfileInView(queryClient, userId, input satisfies Partial<UserProfile>);
      return { previous };
    },
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      window.alert(`${PROFILE_TEXTS.saveFailed}\n${error.message}`);
    },
    onSuccess: (profile) => setMyProfile(queryClient, profile),
  });
}
