import type { ServerMessage } from '@rankmatch/shared';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { reportSuspended } from '../auth/auth-error.ts';
import { clearSession, useSession } from '../auth/session.ts';
import { RealtimeClient, type RealtimeState, type SocketFactory } from './realtime-client.ts';

// One RealtimeClient per app, shared through context. It connects while someone is signed in (with their token) and
// closes on logout.

const RealtimeContext = createContext<RealtimeClient | null>(null);

const browserSocket: SocketFactory = (url) => new WebSocket(url);

export function RealtimeProvider({
  children,
  createSocket = browserSocket,
  onResync,
}: {
  children: ReactNode;
  /** Tests inject a fake WebSocket here. */
  createSocket?: SocketFactory;
  /** Reloads over HTTP what pushes may have missed, after a reconnect. */
  onResync?: () => void;
}) {
  const [client] = useState(() => new RealtimeClient({ createSocket }));
  const token = useSession()?.token ?? null;

  useEffect(() => {
    if (token) client.connect(token);
    else client.disconnect();
  }, [client, token]);

  useEffect(() => () => client.disconnect(), [client]);

  // Closed for a ban (or told so before the close): the session is over; the shell shows the suspended state.
  useEffect(() => {
    const suspend = () => {
      clearSession();
      reportSuspended();
    };
    const stopState = client.subscribeState(() => {
      if (client.getState().status === 'banned') suspend();
    });
    const stopMessages = client.onMessage((message) => {
      if (message.type === 'error' && message.code === 'BANNED') suspend();
    });
    return () => {
      stopState();
      stopMessages();
    };
  }, [client]);

  const resync = useRef(onResync);
  resync.current = onResync;
  useEffect(() => client.onResync(() => resync.current?.()), [client]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtime needs a <RealtimeProvider> above it');
  return client;
}

export function useRealtimeState(): RealtimeState {
  const client = useRealtime();
  return useSyncExternalStore(client.subscribeState, client.getState, client.getState);
}

/** Calls the latest `handler` for every server message while mounted. */
export function useRealtimeMessages(handler: (message: ServerMessage) => void): void {
  const client = useRealtime();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => client.onMessage((message) => latest.current(message)), [client]);
}
