import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeMessages } from '../../../lib/realtime/realtime-provider.tsx';
import { resyncMatch } from '../api/get-current-match.ts';

/** A matchFound push names a new match ('0' never does): reload the current match over HTTP, then `onFound`. */
export function useMatchFound(onFound: (matchId: string) => void): void {
  const queryClient = useQueryClient();
  useRealtimeMessages((message) => {
    if (message.type !== 'matchFound' || !message.match_id || message.match_id === '0') return;
    void resyncMatch(queryClient);
    onFound(message.match_id);
  });
}
