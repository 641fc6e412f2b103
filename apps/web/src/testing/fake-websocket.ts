import type { ClientMessage, ServerMessage } from '@rankmatch/shared';
import type { SocketLike } from '../lib/realtime/realtime-client.ts';

// A fake WebSocket for component tests, injected through the RealtimeClient's socket factory. Tests drive the
// server side: open it, push messages, drop the connection, and read what the client sent.

export class FakeWebSocket implements SocketLike {
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  /** Frames the client sent, parsed. */
  readonly sent: ClientMessage[] = [];
  closedByClient = false;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('FakeWebSocket: send while not open');
    this.sent.push(JSON.parse(data) as ClientMessage);
  }

  close(): void {
    this.closedByClient = true;
    this.readyState = 3;
  }

  /** The server accepts the connection. */
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  /** The server pushes a message (an object is sent as JSON; a string as it is). */
  receive(message: ServerMessage | string): void {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }

  /** The connection is lost or refused (1006 by default; 4401 is the server refusing the token). */
  drop(code = 1006, reason = ''): void {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({ code, reason });
  }

  /** The actions sent, in order. */
  actions(): string[] {
    return this.sent.map((m) =>
      m.action === 'subscribeMatch' || m.action === 'unsubscribeMatch' ? `${m.action}:${m.matchId}` : m.action,
    );
  }
}

/** Hands out fake sockets and remembers them; `autoOpen` opens each one on the next microtask. */
export class FakeSocketServer {
  readonly sockets: FakeWebSocket[] = [];

  constructor(private readonly options: { autoOpen?: boolean } = {}) {}

  create = (url: string): FakeWebSocket => {
    const socket = new FakeWebSocket(url);
    this.sockets.push(socket);
    if (this.options.autoOpen) queueMicrotask(() => socket.readyState === 0 && socket.open());
    return socket;
  };

  /** The newest socket (throws when none was created). */
  get last(): FakeWebSocket {
    const socket = this.sockets.at(-1);
    if (!socket) throw new Error('FakeSocketServer: no socket was created');
    return socket;
  }

  /** Pushes a message to every open socket. */
  push(message: ServerMessage): void {
    for (const socket of this.sockets) if (socket.readyState === 1) socket.receive(message);
  }
}
