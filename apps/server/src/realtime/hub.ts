import websocket from '@fastify/websocket';
import {
  ERRORS,
  parseClientMessage,
  QUEUE_DIFF_FIELDS,
  type QueueDiff,
  type QueueInfo,
  type ServerMessage,
} from '@rankmatch/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Guard } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import type { DomainEvent, EventBus } from '../events/bus.ts';
import { AppError } from '../http/errors.ts';
import { isParticipant } from '../matches/queries.ts';
import { queueInfo } from '../queue/service.ts';

// Real-time push at /api/ws. Each instance keeps its own clients and turns bus events into messages:
// queue changes are coalesced into at most one diff per second, match events go to the players concerned.
// A message for several clients is serialized once, then handed to each socket, a slice of clients per event-loop turn, so that pushing to thousands of clients never blocks the server for long.
// Heartbeats are spread the same way over time: every client is pinged once per HEARTBEAT_MS, one group of clients
// after the other, rather than all of them (and all their pongs) in one burst.

export const QUEUE_PUSH_INTERVAL_MS = 1000;
export const HEARTBEAT_MS = 30_000;
/** Clients are pinged in this many groups, one group every HEARTBEAT_MS / HEARTBEAT_GROUPS. */
export const HEARTBEAT_GROUPS = 30;
/** A fan-out (or heartbeat) loop yields to the event loop once it has run this long. */
export const SLICE_MS = 5;
/** How many sockets a slice handles between two looks at the clock. */
const CLOCK_EVERY = 32;

interface Client {
  socket: WebSocket;
  userId: string;
  isAdmin: boolean;
  subscriptions: Set<string>;
  alive: boolean;
  /** The heartbeat group the client is pinged with. */
  group: Set<Client>;
}

/** One message ready for many sockets: serialized once, as a Buffer ws sends as a text frame. */
export interface PreparedMessage {
  payload: Buffer;
}

export function prepare(message: ServerMessage): PreparedMessage {
  return { payload: Buffer.from(JSON.stringify(message)) };
}

function write(socket: WebSocket, message: PreparedMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(message.payload, { binary: false, compress: false });
}

function send(socket: WebSocket, message: ServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function diffQueueInfo(before: QueueInfo | null, after: QueueInfo): QueueDiff {
  const diff: Record<string, unknown> = {};
  for (const field of QUEUE_DIFF_FIELDS) {
    if (!before || JSON.stringify(before[field]) !== JSON.stringify(after[field])) diff[field] = after[field];
  }
  return diff as QueueDiff;
}

export class RealtimeHub {
  private readonly clients = new Set<Client>();
  private readonly byUser = new Map<string, Set<Client>>();
  /** Subscribers of each match's updates. */
  private readonly byMatch = new Map<string, Set<Client>>();
  private last: QueueInfo | null = null;
  private dirty = false;
  private flushing = false;
  private readonly groups: Set<Client>[] = Array.from({ length: HEARTBEAT_GROUPS }, () => new Set<Client>());
  private joined = 0;
  private beats = 0;
  private timers: NodeJS.Timeout[] = [];
  private unsubscribe: () => void = () => {};
  private log: FastifyBaseLogger | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly bus: EventBus,
  ) {}

  get size(): number {
    return this.clients.size;
  }

  async register(app: FastifyInstance, guard: Guard): Promise<void> {
    this.log = app.log;
    // permessage-deflate stays off (ws's default for servers): queue diffs are small.
    await app.register(websocket, { options: { maxPayload: 4096, perMessageDeflate: false } });
    app.get('/api/ws', { websocket: true }, (socket, request) => {
      const token = (request.query as { token?: unknown }).token;
      // Messages that arrive while the token is checked are handled once the client is known.
      const early: string[] = [];
      const onEarly = (raw: Buffer) => early.push(raw.toString());
      socket.on('message', onEarly);
      guard
        .token(typeof token === 'string' ? token : '')
        .then(({ user }) => {
          socket.off('message', onEarly);
          const client = this.add(socket, user.id, user.isAdmin);
          for (const raw of early) void this.handle(client, raw);
        })
        .catch((err: unknown) => {
          const code = err instanceof AppError ? err.code : 'UNAUTHORIZED';
          send(socket, { type: 'error', error: ERRORS[code].message, code });
          socket.close(4401, code);
        });
    });
    this.unsubscribe = this.bus.subscribe((event) => this.onEvent(event));
    this.timers.push(
      setInterval(() => {
        this.flushQueue().catch((err: unknown) => {
          // Try again on the next tick rather than lose the change.
          this.dirty = true;
          this.log?.error({ err }, 'queue push failed');
        });
      }, QUEUE_PUSH_INTERVAL_MS),
    );
    this.timers.push(setInterval(() => void this.heartbeat(), HEARTBEAT_MS / HEARTBEAT_GROUPS));
    for (const t of this.timers) t.unref();
    app.addHook('onClose', async () => this.stop());
  }

  private add(socket: WebSocket, userId: string, isAdmin: boolean): Client {
    const group = this.groups[this.joined++ % HEARTBEAT_GROUPS] as Set<Client>;
    const client: Client = { socket, userId, isAdmin, subscriptions: new Set(), alive: true, group };
    this.clients.add(client);
    group.add(client);
    const set = this.byUser.get(userId) ?? new Set<Client>();
    this.byUser.set(userId, set);
    set.add(client);
    socket.on('message', (raw: Buffer) => void this.handle(client, raw.toString()));
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('close', () => {
      this.clients.delete(client);
      client.group.delete(client);
      this.byUser.get(userId)?.delete(client);
      if (this.byUser.get(userId)?.size === 0) this.byUser.delete(userId);
      for (const matchId of client.subscriptions) this.unsubscribeMatch(client, matchId);
    });
    return client;
  }

  private subscribeMatch(client: Client, matchId: string): void {
    client.subscriptions.add(matchId);
    const set = this.byMatch.get(matchId) ?? new Set<Client>();
    this.byMatch.set(matchId, set);
    set.add(client);
  }

  private unsubscribeMatch(client: Client, matchId: string): void {
    client.subscriptions.delete(matchId);
    const set = this.byMatch.get(matchId);
    set?.delete(client);
    if (set?.size === 0) this.byMatch.delete(matchId);
  }

  private async handle(client: Client, raw: string): Promise<void> {
    const parsed = parseClientMessage(raw);
    if (!parsed.ok) {
      send(client.socket, {
        type: 'error',
        error: 'メッセージの形式が正しくありません',
        code: 'WS_UNEXPECTED_MESSAGE',
      });
      return;
    }
    const message = parsed.message;
    try {
      switch (message.action) {
        case 'askQueueInfo':
          send(client.socket, { type: 'queueInfo', data: await queueInfo(this.ctx.db, this.ctx.now()) });
          return;
        case 'subscribeMatch': {
          const allowed = client.isAdmin || (await isParticipant(this.ctx.db, message.matchId, client.userId));
          if (!allowed) {
            send(client.socket, {
              type: 'matchError',
              match_id: message.matchId,
              error: 'この試合の参加者ではありません',
              code: 'MATCH_NOT_PARTICIPANT',
            });
            return;
          }
          // A socket that closed during the check is gone from the hub; do not index it again.
          if (this.clients.has(client)) this.subscribeMatch(client, message.matchId);
          send(client.socket, { type: 'matchSubscribed', match_id: message.matchId });
          return;
        }
        case 'unsubscribeMatch':
          this.unsubscribeMatch(client, message.matchId);
          return;
        case 'ping':
          send(client.socket, { type: 'pong' });
          return;
      }
    } catch {
      send(client.socket, { type: 'error', error: ERRORS.INTERNAL.message, code: 'INTERNAL' });
    }
  }

  private onEvent(event: DomainEvent): void {
    switch (event.type) {
      case 'queue_changed':
        this.dirty = true;
        return;
      case 'match_found': {
        const targets: Client[] = [];
        for (const userId of event.user_ids) for (const client of this.byUser.get(userId) ?? []) targets.push(client);
        if (targets.length) void this.deliver(targets, prepare({ type: 'matchFound', match_id: event.match_id }));
        return;
      }
      case 'match_update': {
        const subscribers = this.byMatch.get(event.data.match_id);
        if (subscribers) void this.deliver([...subscribers], prepare({ type: 'matchUpdate', data: event.data }));
        return;
      }
    }
  }

  /**
   * At most one queue diff per interval, computed and serialized once for every client of this instance.
   * Resolves once the message was handed to every client's socket. A tick that finds the previous flush still going
   * leaves the change for the next one.
   */
  async flushQueue(): Promise<void> {
    if (!this.dirty || this.flushing) return;
    this.dirty = false;
    this.flushing = true;
    try {
      const info = await queueInfo(this.ctx.db, this.ctx.now());
      const diff = diffQueueInfo(this.last, info);
      this.last = info;
      if (Object.keys(diff).length === 0) return;
      await this.deliver([...this.clients], prepare({ type: 'queueDiff', data: diff }));
    } finally {
      this.flushing = false;
    }
  }

  /**
   * Writes one prepared message to each target's socket (those still open), in order. The first slice runs at once;
   * the rest follow on later event-loop turns. Resolves when every target was handed the message. (Public for bench:ws.)
   */
  async deliver(targets: readonly Client[], message: PreparedMessage): Promise<void> {
    await this.sliced(targets, (client) => write(client.socket, message));
  }

  /**
   * One heartbeat tick, for the next group of clients (each group comes round once per HEARTBEAT_MS): drops the
   * connections that did not answer their previous ping, pings the others.
   */
  async heartbeat(): Promise<void> {
    const group = this.groups[this.beats++ % HEARTBEAT_GROUPS] as Set<Client>;
    await this.sliced([...group], (client) => {
      const { socket } = client;
      if (!client.alive) {
        socket.terminate();
        return;
      }
      client.alive = false;
      if (socket.readyState === socket.OPEN) socket.ping();
    });
  }

  /** Calls `each` for every target, yielding to the event loop whenever a slice has run for SLICE_MS. */
  private async sliced(targets: readonly Client[], each: (client: Client) => void): Promise<void> {
    let next = this.slice(targets, 0, each);
    while (next < targets.length) {
      await nextTurn();
      next = this.slice(targets, next, each);
    }
  }

  /** One slice of a loop over targets, from index `from`; returns where the next slice starts. (Public for bench:ws.) */
  slice(targets: readonly Client[], from: number, each: (client: Client) => void): number {
    const started = performance.now();
    let i = from;
    while (i < targets.length) {
      try {
        each(targets[i++] as Client);
      } catch (err) {
        // One socket in a bad state must not keep the message from the others.
        this.log?.warn({ err }, 'websocket write failed');
      }
      if ((i - from) % CLOCK_EVERY === 0 && performance.now() - started >= SLICE_MS) break;
    }
    return i;
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    this.unsubscribe();
    for (const client of this.clients) client.socket.close(1001, 'server closing');
  }
}
