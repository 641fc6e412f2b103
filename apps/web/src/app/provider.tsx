import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { resyncMatch } from '../features/match/api/get-current-match.ts';
import { resyncQueue } from '../features/queue/api/resync-queue.ts';
import type { SocketFactory } from '../lib/realtime/realtime-client.ts';
import { RealtimeProvider } from '../lib/realtime/realtime-provider.tsx';
import { ToastProvider } from '../lib/toast/toast-provider.tsx';

export function AppProvider({
  queryClient,
  createSocket,
  children,
}: {
  queryClient: QueryClient;
  /** The WebSocket constructor (tests inject a fake). */
  createSocket?: SocketFactory;
  children: ReactNode;
}) {
  // After a socket reconnect, reload over HTTP what pushes may have missed: queue info, queue status, current match.
  const resync = () => {
    void resyncQueue(queryClient);
    void resyncMatch(queryClient);
  };
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider createSocket={createSocket} onResync={resync}>
        <ToastProvider>{children}</ToastProvider>
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
