import { type ClientMessage, clientMessageSchema, type ServerMessage, serverMessageSchema } from '@rankmatch/shared';

// The one WebSocket connection of the app (spec §7 "WebSocket"): /api/ws?token=…, askQueueInfo on every open,
// match subscriptions held while disconnected and (re)sent on every open, server messages checked with the shared
// schema. An unexpected close is retried up to 5 times, 3 s apart on average; after a reconnect the listeners of `onResync`
// reload over HTTP what the socket may have missed. A close with 4401 (token refused) or 4403 (account banned) is final.

export const RECONNECT_ATTEMPTS = 5;
export const RECONNECT_DELAY_MS = 3000;
/**
 * Each wait is drawn between half and one and a half times RECONNECT_DELAY_MS (3 s on average, as the spec's
 * setting): when an instance restarts, or asks every client to come back (1012), its thousands of sockets return
 * spread over three seconds rather than in the same instant (docs/deployment.md "The first wall", sign-in).
 */
export const RECONNECT_JITTER = 0.5;
/** The longest wait before an attempt. */
export const RECONNECT_DELAY_MAX_MS = RECONNECT_DELAY_MS * (1 + RECONNECT_JITTER);
/** The server closes with this code when it refuses the token. */
export const AUTH_CLOSE_CODE = 4401;
/** The server closes with this code when the account is banned (at the handshake, or when an admin bans it). */
export const BANNED_CLOSE_CODE = 4403;

// Handlers checked bivariantly (like the DOM's own), so the browser's WebSocket satisfies SocketLike as it is.
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'];

/** The part of the browser's WebSocket the client uses, so tests can inject a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<{ code: number; reason: string }> | null;
  onerror: Handler<unknown> | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

/**
 * idle: signed out; connecting: first attempt; open; reconnecting: waiting for or making attempt n of 5;
 * failed: every attempt failed (a manual retry starts over); unauthorized: the server refused the token; banned: the
 * account is banned (never retried).
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'failed' | 'unauthorized' | 'banned';

export interface RealtimeState {
  status: RealtimeStatus;
  /** The reconnect attempt in progress or scheduled (1–5), 0 otherwise. */
  attempt: number;
}

export interface RealtimeClientOptions {
  createSocket: SocketFactory;
  /** The socket address for a token (default: same origin, ws: or wss: like the page). */
  url?: (token: string) => string;
  maxAttempts?: number;
  reconnectDelayMs?: number;
  /** A number in [0, 1) that places each wait in its range (Math.random; tests fix it). */
  random?: () => number;
}

const OPEN = 1;

/** ws://host/api/ws?token=… on http pages, wss:// on https pages. */
export function socketUrl(token: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/ws?token=${encodeURIComponent(token)}`;
}

/** A server frame, or null when it is not one the shared schema knows. */
export function parseServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = serverMessageSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export class RealtimeClient {
  private socket: SocketLike | null = null;
  private token: string | null = null;
  /** Failed attempts since the last successful open. */
  private failures = 0;
  /** The connection was lost at least once since connect(): the next open is a reconnect. */
  private lost = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly subscriptions = new Set<string>();
  private state: RealtimeState = { status: 'idle', attempt: 0 };
  private readonly stateListeners = new Set<() => void>();
  private readonly messageListeners = new Set<(message: ServerMessage) => void>();
  private readonly resyncListeners = new Set<() => void>();
  private readonly maxAttempts: number;
  private readonly delayMs: number;
  private readonly random: () => number;
  private readonly url: (token: string) => string;

  constructor(private readonly options: RealtimeClientOptions) {
    this.maxAttempts = options.maxAttempts ?? RECONNECT_ATTEMPTS;
    this.delayMs = options.reconnectDelayMs ?? RECONNECT_DELAY_MS;
    this.random = options.random ?? Math.random;
    this.url = options.url ?? ((token) => socketUrl(token));
  }

  // ---- state, for useSyncExternalStore

  getState = (): RealtimeState => this.state;

  subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  /** Every valid server message. */
  onMessage(listener: (message: ServerMessage) => void): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  /** Called after a reconnect, to reload over HTTP what pushes may have been missed. */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  // ---- connection

  /** Connects with this token (a new token replaces the connection; the same token is a no-op). */
  connect(token: string): void {
    if (this.token === token && this.state.status !== 'idle') return;
    this.teardown();
    this.token = token;
    this.failures = 0;
    this.lost = false;
    this.open();
  }

  /** Closes for good (logout): no reconnect, pending subscriptions dropped. */
  disconnect(): void {
    this.teardown();
    this.token = null;
    this.subscriptions.clear();
    this.setState({ status: 'idle', attempt: 0 });
  }

  /** After `failed` (or any time): start over with a fresh series of attempts. */
  retry(): void {
    if (!this.token || this.state.status === 'banned') return;
    if (this.state.status === 'open') {
      this.send({ action: 'askQueueInfo' });
      return;
    }
    this.teardown();
    this.failures = 0;
    this.lost = true;
    this.open();
  }

  // ---- messages

  /** Asks for the full queue info (answered with a queueInfo message). */
  askQueueInfo(): void {
    this.send({ action: 'askQueueInfo' });
  }

  /** Subscribes to a match; held until connected, and renewed after every reconnect. */
  subscribeMatch(matchId: string): void {
    this.subscriptions.add(matchId);
    this.send({ action: 'subscribeMatch', matchId });
  }

  unsubscribeMatch(matchId: string): void {
    if (!this.subscriptions.delete(matchId)) return;
    this.send({ action: 'unsubscribeMatch', matchId });
  }

  /** Sends when open (checked against the shared schema); otherwise drops it (subscriptions are kept above). */
  private send(message: ClientMessage): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN || this.state.status !== 'open') return false;
    if (!clientMessageSchema.safeParse(message).success) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  // ---- internals

  private open(): void {
    const token = this.token;
    if (!token) return;
    this.setState({
      status: this.failures > 0 || this.lost ? 'reconnecting' : 'connecting',
      attempt: this.failures,
    });
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.url(token));
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const reconnected = this.failures > 0 || this.lost;
      this.failures = 0;
      this.setState({ status: 'open', attempt: 0 });
      this.send({ action: 'askQueueInfo' });
      for (const matchId of this.subscriptions) this.send({ action: 'subscribeMatch', matchId });
      if (reconnected) for (const listener of [...this.resyncListeners]) listener();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      const message = parseServerMessage(event.data);
      if (!message) {
        console.warn('WebSocket: ignored a message that does not match the protocol', event.data);
        return;
      }
      for (const listener of [...this.messageListeners]) listener(message);
    };
    socket.onerror = () => {
      // A close event always follows; it decides what happens next.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event.code === AUTH_CLOSE_CODE) {
        this.setState({ status: 'unauthorized', attempt: 0 });
        return;
      }
      if (event.code === BANNED_CLOSE_CODE) {
        this.setState({ status: 'banned', attempt: 0 });
        return;
      }
      if (this.state.status === 'open') this.lost = true;
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.failures >= this.maxAttempts) {
      this.setState({ status: 'failed', attempt: 0 });
      return;
    }
    this.failures += 1;
    this.setState({ status: 'reconnecting', attempt: this.failures });
    const wait = this.delayMs * (1 - RECONNECT_JITTER + 2 * RECONNECT_JITTER * this.random());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.open();
    }, wait);
  }

  private teardown(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
      socket.close(1000, 'client closing');
    }
  }

  private setState(next: RealtimeState): void {
    if (next.status === this.state.status && next.attempt === this.state.attempt) return;
    this.state = next;
    for (const listener of [...this.stateListeners]) listener();
  }
}
