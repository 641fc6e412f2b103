import type { ServerMessage } from '@rankmatch/shared';
import WebSocket from 'ws';

// A player's WebSocket at /api/ws, as the web app keeps it: reconnects after a drop (a missed heartbeat, a restart),
// and tells its owner, who then reads over HTTP what it may have missed. Closed for good on a ban (4403); a session
// that ended (4401) is reported so the owner can sign in again first.

export const CLOSE_BANNED = 4403;
export const CLOSE_UNAUTHORIZED = 4401;

export interface SocketEvents {
  message(message: ServerMessage, atMs: number): void;
  /** Open again after a drop (not the first open). */
  reconnected(): void;
  /** Closed by the server for a reason that a reconnect with the same token cannot fix. */
  refused(code: number): void;
  /** For the player's trace: the socket opened, or closed without being asked to. */
  opened?(): void;
  dropped?(code: number): void;
}

export class PlayerSocket {
  private socket: WebSocket | null = null;
  private closing = false;
  private opened = false;
  /** Drops (closes we did not ask for), by close code. */
  readonly drops = new Map<number, number>();
  /** Resolved once the server answered on the current connection (it knows the client: pushes will come). */
  private registered: { promise: Promise<void>; resolve: () => void; done: boolean } = PlayerSocket.pending();

  private static pending() {
    let resolve = () => {};
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    const state = { promise, resolve: () => {}, done: false };
    state.resolve = () => {
      state.done = true;
      resolve();
    };
    return state;
  }

  /** Resolves once the server has registered this socket (its answer to askQueueInfo came), or after `timeout`. */
  ready(timeout: Promise<void>): Promise<void> {
    return Promise.race([this.registered.promise, timeout]);
  }

  /** Whether the server has registered the current connection (its pushes reach it). */
  get isRegistered(): boolean {
    return this.registered.done;
  }

  /** Resolves when the current connection is registered (a reconnect has its own). */
  whenRegistered(): Promise<void> {
    return this.registered.promise;
  }

  constructor(
    private readonly url: () => string | null,
    private readonly events: SocketEvents,
    /** Waits before a reconnect (the caller decides in simulated time). */
    private readonly backoff: (attempt: number) => Promise<void>,
  ) {}

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Opens the socket (and keeps it open until close()). */
  open(): void {
    this.closing = false;
    if (this.socket) return;
    this.connect(0);
  }

  private connect(attempt: number): void {
    const url = this.url();
    if (!url || this.closing) return;
    const socket = new WebSocket(url);
    this.socket = socket;
    if (this.registered.done) this.registered = PlayerSocket.pending();
    socket.on('message', (raw) => {
      const at = Date.now();
      try {
        const message = JSON.parse(raw.toString()) as ServerMessage;
        if (message.type === 'queueInfo') this.registered.resolve();
        this.events.message(message, at);
      } catch {
        // a frame that is not JSON would be a server bug; the checks count unexpected messages by type
      }
    });
    socket.on('open', () => {
      // The server answers once it has checked the token and registered the socket.
      socket.send(JSON.stringify({ action: 'askQueueInfo' }));
      this.events.opened?.();
      if (this.opened) this.events.reconnected();
      this.opened = true;
    });
    socket.on('error', () => {
      // followed by close
    });
    socket.on('close', (code) => {
      if (this.socket === socket) this.socket = null;
      if (this.closing) return;
      this.drops.set(code, (this.drops.get(code) ?? 0) + 1);
      this.events.dropped?.(code);
      if (code === CLOSE_BANNED || code === CLOSE_UNAUTHORIZED) {
        this.events.refused(code);
        return;
      }
      this.backoff(attempt).then(
        () => {
          if (!this.closing && !this.socket) this.connect(attempt + 1);
        },
        () => {}, // the rehearsal stopped
      );
    });
  }

  send(message: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** The connection breaks (a phone changing networks): no close handshake; the socket reconnects by itself. */
  drop(): void {
    this.socket?.terminate();
  }

  close(): void {
    this.closing = true;
    this.opened = false;
    this.socket?.close(1000);
    this.socket = null;
  }
}
