import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeMessages } from '../../../lib/realtime/realtime-provider.tsx';
import { resyncMatch } from '../api/get-current-match.ts';
import { alertMatchFound } from '../match-alerts.ts';

/**
 * A matchFound push names a new match ('0' never does): reload the current match over HTTP, alert the player (chime,
 * and while the tab is in the background a notification and the tab title), then `onFound`.
 */
export function useMatchFound(onFound: (matchId: string) => void): void {
  const queryClient = useQueryClient();
  useRealtimeMessages((message) => {
    if (message.type !== 'matchFound' || !message.match_id || message.match_id === '0') return;
    void resyncMatch(queryClient);
    alertMatchFound(message.match_id);
    onFound(message.match_id);
  });
}
