import websocket from '@fastify/websocket';
import {
  ERRORS,
  parseClientMessage,
  QUEUE_DIFF_FIELDS,
  type QueueDiff,
  type QueueInfo,
  type ServerMessage,
} from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Guard } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import type { DomainEvent, EventBus } from '../events/bus.ts';
import { AppError } from '../http/errors.ts';
import { isParticipant } from '../matches/queries.ts';
import { queueInfo } from '../queue/service.ts';

// Real-time push at /api/ws. Each instance keeps its own clients and turns bus events into messages:
// queue changes are coalesced into at most one diff per second, match events go to the players concerned.

export const QUEUE_PUSH_INTERVAL_MS = 1000;
export const HEARTBEAT_MS = 30_000;

interface Client {
  socket: WebSocket;
  userId: string;
  isAdmin: boolean;
  subscriptions: Set<string>;
  alive: boolean;
}

function send(socket: WebSocket, message: ServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

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
  private last: QueueInfo | null = null;
  private dirty = false;
  private timers: NodeJS.Timeout[] = [];
  private unsubscribe: () => void = () => {};

  constructor(
    private readonly ctx: AppContext,
    private readonly bus: EventBus,
  ) {}

  get size(): number {
    return this.clients.size;
  }

  async register(app: FastifyInstance, guard: Guard): Promise<void> {
    await app.register(websocket, { options: { maxPayload: 4096 } });
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
    this.timers.push(setInterval(() => void this.flushQueue(), QUEUE_PUSH_INTERVAL_MS));
    this.timers.push(setInterval(() => this.heartbeat(), HEARTBEAT_MS));
    for (const t of this.timers) t.unref();
    app.addHook('onClose', async () => this.stop());
  }

  private add(socket: WebSocket, userId: string, isAdmin: boolean): Client {
    const client: Client = { socket, userId, isAdmin, subscriptions: new Set(), alive: true };
    this.clients.add(client);
    const set = this.byUser.get(userId) ?? new Set<Client>();
    this.byUser.set(userId, set);
    set.add(client);
    socket.on('message', (raw: Buffer) => void this.handle(client, raw.toString()));
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('close', () => {
      this.clients.delete(client);
      this.byUser.get(userId)?.delete(client);
      if (this.byUser.get(userId)?.size === 0) this.byUser.delete(userId);
    });
    return client;
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
          client.subscriptions.add(message.matchId);
          send(client.socket, { type: 'matchSubscribed', match_id: message.matchId });
          return;
        }
        case 'unsubscribeMatch':
          client.subscriptions.delete(message.matchId);
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
      case 'match_found':
        for (const userId of event.user_ids) {
          for (const client of this.byUser.get(userId) ?? []) {
            send(client.socket, { type: 'matchFound', match_id: event.match_id });
          }
        }
        return;
      case 'match_update':
        for (const client of this.clients) {
          if (client.subscriptions.has(event.data.match_id))
            send(client.socket, { type: 'matchUpdate', data: event.data });
        }
        return;
    }
  }

  /** At most one queue diff per interval, computed once for every client of this instance. */
  async flushQueue(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    const info = await queueInfo(this.ctx.db, this.ctx.now());
    const diff = diffQueueInfo(this.last, info);
    this.last = info;
    if (Object.keys(diff).length === 0) return;
    const frame = JSON.stringify({ type: 'queueDiff', data: diff } satisfies ServerMessage);
    for (const client of this.clients) {
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(frame);
    }
  }

  /** Drops connections that did not answer the previous ping. */
  private heartbeat(): void {
    for (const client of this.clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    this.unsubscribe();
    for (const client of this.clients) client.socket.close(1001, 'server closing');
  }
}
