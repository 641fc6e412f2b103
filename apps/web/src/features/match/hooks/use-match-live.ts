import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRealtime, useRealtimeMessages } from '../../../lib/realtime/realtime-provider.tsx';
import { patchCurrentMatch } from '../api/get-current-match.ts';

/**
 * While a match is on screen: subscribe to it over the socket (held until connected, renewed after reconnects) and
 * apply its matchUpdate pushes (lobby_id, host_user_id, status, report_count) to the cached match.
 */
export function useMatchLive(userId: string, matchId: string): void {
  const realtime = useRealtime();
  const queryClient = useQueryClient();

  useEffect(() => {
    realtime.subscribeMatch(matchId);
    return () => realtime.unsubscribeMatch(matchId);
  }, [realtime, matchId]);

  useRealtimeMessages((message) => {
    if (message.type === 'matchUpdate' && message.data.match_id === matchId) {
      patchCurrentMatch(queryClient, userId, message.data);
    }
  });
}
