import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useRealtimeMessages } from '../../../lib/realtime/realtime-provider.tsx';
import { resyncMatch } from '../api/get-current-match.ts';
import { alertMatchFound, alertReadyCheck } from '../match-alerts.ts';

/**
 * A matchFound push names a new match ('0' never does): reload the current match over HTTP, alert the player (chime,
 * and while the tab is in the background a notification and the tab title), then `onFound`.
 *
 * With the ready check on (issue 35) the alert comes earlier, once, when a `readyCheck` push opens a check the player
 * has not answered yet (then `onFound` too: the check is answered on the match tab); the matchFound that follows when
 * all ten are ready reloads the match without a second alert. A check that started reloads the match as well (the
 * matchFound push may come later).
 */
export function useMatchFound(onFound: () => void): void {
  const queryClient = useQueryClient();
  /** Checks already alerted (each of their presses comes as a push too). */
  const alerted = useRef(new Set<string>());
  /** The check alerted and not yet failed: the match it makes was announced with it. */
  const pending = useRef<string | null>(null);
  useRealtimeMessages((message) => {
    if (message.type === 'readyCheck') {
      const check = message.data;
      if (check.status === 'open' && !check.me_ready && !alerted.current.has(check.ready_check_id)) {
        alerted.current.add(check.ready_check_id);
        pending.current = check.ready_check_id;
        alertReadyCheck(check);
        onFound();
      } else if (check.status === 'started') {
        void resyncMatch(queryClient);
      } else if (check.status === 'failed' && pending.current === check.ready_check_id) {
        pending.current = null;
      }
      return;
    }
    if (message.type !== 'matchFound' || !message.match_id || message.match_id === '0') return;
    void resyncMatch(queryClient);
    if (pending.current === null) alertMatchFound(message.match_id);
    pending.current = null;
    onFound();
  });
}
