import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../lib/auth/session.ts';
import { useRealtime, useRealtimeMessages } from '../../lib/realtime/realtime-provider.tsx';
import { refreshPlayerProgress } from '../player-progress.ts';

/**
 * Every view of the player's rate follows the server: a profileChanged push (their match settled, an admin corrected
 * it or edited them) reloads the profile, the rating chart and the rest of their progress, replacing the cached copy;
 * so does a reconnect, since a push may have been missed while the socket was down. (A page load reads the profile
 * from the server itself: see getMe.)
 */
export function useProfileUpdates(): void {
  const queryClient = useQueryClient();
  const client = useRealtime();
  const userId = useSession()?.user.user_id;
  useRealtimeMessages((message) => {
    if (message.type === 'profileChanged' && userId) void refreshPlayerProgress(queryClient, userId);
  });
  useEffect(() => {
    if (!userId) return;
    return client.onResync(() => void refreshPlayerProgress(queryClient, userId));
  }, [client, queryClient, userId]);
}
