import websocket from '@fastify/websocket';
import {
  ERRORS,
  type ErrorCode,
  parseClientMessage,
  QUEUE_DIFF_FIELDS,
  type QueueDiff,
  type QueueInfo,
  type ServerMessage,
} from '@rankmatch/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Guard } from '../auth/guard.ts';
import { findSession } from '../auth/sessions.ts';
import type { AppContext } from '../context.ts';
import type { DomainEvent, EventBus } from '../events/bus.ts';
import { api } from '../http/contract.ts';
import { AppError } from '../http/errors.ts';
import { loggableError } from '../log.ts';
import { isParticipant } from '../matches/queries.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { queueInfo } from '../queue/service.ts';
import { viewOf } from '../ready/presenter.ts';

// Real-time push at /api/ws. Each instance keeps its own clients and turns bus events into messages:
// queue changes are coalesced into at most one diff per second, match events go to the players concerned.
// A message for several clients is serialized once, then handed to each socket, a slice of clients per event-loop turn, so that pushing to thousands of clients never blocks the server for long.
// Heartbeats are spread the same way over time: every client is pinged once per HEARTBEAT_MS, one group of clients
// after the other, rather than all of them (and all their pongs) in one burst.

/** The one path that accepts WebSocket upgrades. */
export const WS_PATH = '/api/ws';
export const QUEUE_PUSH_INTERVAL_MS = 1000;
export const HEARTBEAT_MS = 30_000;
/** Clients are pinged in this many groups, one group every HEARTBEAT_MS / HEARTBEAT_GROUPS. */
export const HEARTBEAT_GROUPS = 30;
/** A fan-out (or heartbeat) loop yields to the event loop once it has run this long. */
export const SLICE_MS = 5;
/** How many sockets a slice handles between two looks at the clock. */
const CLOCK_EVERY = 32;

// Limits of one connection (issue: a flood of askQueueInfo stalled the server; 200 sockets on one token).
/** Largest frame a client may send (client messages are a few dozen bytes). */
export const WS_MAX_FRAME_BYTES = 4096;
/** Sockets one user may hold open on one instance; the next one is closed at once. */
export const WS_MAX_SOCKETS_PER_USER = 5;
/** Messages a socket may send: a burst of this many, refilled at WS_MESSAGES_PER_SECOND; past it, closed. */
export const WS_MESSAGE_BURST = 20;
export const WS_MESSAGES_PER_SECOND = 2;
/** A queue snapshot younger than this answers askQueueInfo without a database query. */
const QUEUE_SNAPSHOT_MAX_AGE_MS = 2000;

/** WebSocket close codes (4000 + the HTTP status they stand for). */
export const WS_CLOSE = { unauthorized: 4401, banned: 4403, tooMany: 4429, rateLimited: 4429 } as const;

interface Client {
  socket: WebSocket;
  userId: string;
  sessionId: string;
  isAdmin: boolean;
  /** Token bucket of the message rate limit. */
  tokens: number;
  refilledAt: number;
  subscriptions: Set<string>;
  alive: boolean;
  /** The heartbeat group the client is pinged with. */
  group: Set<Client>;
  /** The socket's messages handled so far: the next one starts when it ends (see receive). */
  inbox: Promise<void>;
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

/** Tells the client why, then closes with a code of WS_CLOSE. */
function refuse(socket: WebSocket, code: ErrorCode, closeCode: number): void {
  send(socket, { type: 'error', error: ERRORS[code].message, code });
  socket.close(closeCode, code);
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
  /** The queue info the last diff was computed against (what every client was told). */
  private last: QueueInfo | null = null;
  /** The freshest queue info read, and when: the answer to askQueueInfo. */
  private fresh: { info: QueueInfo; at: number } | null = null;
  private snapshotting: Promise<QueueInfo> | null = null;
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
    private readonly metrics: Metrics | null = null,
  ) {}

  get size(): number {
    return this.clients.size;
  }

  async register(app: FastifyInstance, guard: Guard): Promise<void> {
    this.log = app.log;
    // permessage-deflate stays off (ws's default for servers): queue diffs are small.
    await app.register(websocket, {
      options: { maxPayload: WS_MAX_FRAME_BYTES, perMessageDeflate: false },
      errorHandler: (error, socket, request) => this.socketError(error, socket, request),
    });
    // The plugin hands every upgrade to the router, and a route without a socket handler (the web app's single-page
    // fallback, any route registered after the plugin) accepted it (101) and closed it at once. An upgrade anywhere
    // but here is an unknown route: the not-found JSON (the plugin destroys the socket once it is written).
    // Callback style (every request passes here): replying ends the hook chain without done().
    app.addHook('onRequest', (request, reply, done) => {
      if (request.ws && request.routeOptions.url !== WS_PATH) {
        void reply.status(404).send({ error: ERRORS.ROUTE_NOT_FOUND.message, code: 'ROUTE_NOT_FOUND' });
        return;
      }
      done();
    });
    app.route({
      method: 'GET',
      url: WS_PATH,
      ...api({
        summary: 'The WebSocket of pushes (queue, match, heartbeats)',
        description:
          'Upgrade with `?token=<access token>` (a browser cannot set headers on a WebSocket handshake): the token is ' +
          'checked after the upgrade, and a refused one closes the socket with a close code. A plain GET answers 426.',
        tag: 'system',
        access: 'websocket',
        replies: {
          101: { description: 'Switching protocols to the WebSocket' },
        },
      }),
      // A plain GET (no Upgrade) gets a catalogued answer instead of an empty 404.
      handler: async (_request, reply) =>
        reply
          .status(426)
          .header('upgrade', 'websocket')
          .send({ error: ERRORS.WS_UPGRADE_REQUIRED.message, code: 'WS_UPGRADE_REQUIRED' }),
      wsHandler: (socket, request) => this.accept(socket, request.query, guard),
    });
    this.start();
    app.addHook('onClose', async () => this.stop());
  }

  /** A new socket: its token is checked first; messages that arrive meanwhile wait (a burst at most). */
  /**
   * A socket's error. A frame the protocol refuses (over WS_MAX_FRAME_BYTES, a bad opcode: ws's WS_ERR_* codes) is
   * the client's doing: counted and logged once, at info, as ws closes that socket (1009, 1002…); anything else is
   * ours, at error level. The plugin's default logged every oversized frame at level 50 with a stack.
   */
  private socketError(error: Error, socket: WebSocket, request: FastifyRequest): void {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
      this.metrics?.wsProtocolErrors.inc({ code });
      request.log.info({ code }, 'websocket frame refused');
    } else {
      request.log.error({ error: loggableError(error) }, 'websocket error');
    }
    socket.terminate();
  }

  private accept(socket: WebSocket, query: unknown, guard: Guard): void {
    const token = (query as { token?: unknown }).token;
    const early: string[] = [];
    let flooded = false;
    const onEarly = (raw: Buffer) => {
      if (early.length < WS_MESSAGE_BURST) early.push(raw.toString());
      else flooded = true;
    };
    socket.on('message', onEarly);
    guard
      .token(typeof token === 'string' ? token : '')
      .then(({ identity, user }) => {
        socket.off('message', onEarly);
        // More than a burst before the token was even checked: the same limit as later on.
        if (flooded) {
          refuse(socket, 'WS_RATE_LIMITED', WS_CLOSE.rateLimited);
          return;
        }
        if ((this.byUser.get(user.id)?.size ?? 0) >= WS_MAX_SOCKETS_PER_USER) {
          refuse(socket, 'WS_TOO_MANY_CONNECTIONS', WS_CLOSE.tooMany);
          return;
        }
        const client = this.add(socket, user.id, identity.sessionId, user.isAdmin);
        for (const raw of early) this.receive(client, raw);
      })
      .catch((err: unknown) => {
        const code = err instanceof AppError ? err.code : 'UNAUTHORIZED';
        refuse(socket, code, code === 'BANNED' ? WS_CLOSE.banned : WS_CLOSE.unauthorized);
      });
  }

  /** The fan-out's subscriptions and the hub's timers (queue pushes, heartbeats). */
  private start(): void {
    const stopEvents = this.bus.subscribe((event) => this.onEvent(event));
    // Events of other instances were lost (see RedisBus): the clients reconnect and read the state over HTTP.
    const stopRecovered = this.bus.onRecovered(() => {
      for (const client of this.clients) client.socket.close(1012, 'resync');
    });
    this.unsubscribe = () => {
      stopEvents();
      stopRecovered();
    };
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
  }

  private add(socket: WebSocket, userId: string, sessionId: string, isAdmin: boolean): Client {
    const group = this.groups[this.joined++ % HEARTBEAT_GROUPS] as Set<Client>;
    const client: Client = {
      socket,
      userId,
      sessionId,
      isAdmin,
      tokens: WS_MESSAGE_BURST,
      refilledAt: Date.now(),
      subscriptions: new Set(),
      alive: true,
      group,
      inbox: Promise.resolve(),
    };
    this.clients.add(client);
    group.add(client);
    const set = this.byUser.get(userId) ?? new Set<Client>();
    this.byUser.set(userId, set);
    set.add(client);
    socket.on('message', (raw: Buffer) => this.receive(client, raw.toString()));
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

  /** Token bucket: false when the socket has sent more than its share. */
  private withinRate(client: Client): boolean {
    const now = Date.now();
    client.tokens = Math.min(
      WS_MESSAGE_BURST,
      client.tokens + ((now - client.refilledAt) / 1000) * WS_MESSAGES_PER_SECOND,
    );
    client.refilledAt = now;
    if (client.tokens < 1) return false;
    client.tokens -= 1;
    return true;
  }

  /** The last queue snapshot when it is fresh, else one query shared by every caller meanwhile. */
  private snapshot(): Promise<QueueInfo> {
    if (this.fresh && Date.now() - this.fresh.at < QUEUE_SNAPSHOT_MAX_AGE_MS) return Promise.resolve(this.fresh.info);
    this.snapshotting ??= queueInfo(this.ctx.db, this.ctx.now())
      .then((info) => {
        this.fresh = { info, at: Date.now() };
        return info;
      })
      .finally(() => {
        this.snapshotting = null;
      });
    return this.snapshotting;
  }

  /**
   * A socket's messages take effect in the order it sent them, one after another: a subscribeMatch that checks the
   * database is not overtaken by the unsubscribeMatch sent after it (which left a page that had left a match and come
   * back to it unsubscribed, without its pushes). The rate is counted as the messages come.
   */
  private receive(client: Client, raw: string): void {
    if (!this.withinRate(client)) {
      refuse(client.socket, 'WS_RATE_LIMITED', WS_CLOSE.rateLimited);
      return;
    }
    client.inbox = client.inbox.then(() => this.handle(client, raw));
  }

  private async handle(client: Client, raw: string): Promise<void> {
    const parsed = parseClientMessage(raw);
    if (!parsed.ok) {
      send(client.socket, {
        type: 'error',
        error: ERRORS.WS_UNEXPECTED_MESSAGE.message,
        code: 'WS_UNEXPECTED_MESSAGE',
      });
      return;
    }
    const message = parsed.message;
    try {
      // Every action checks that the session behind the socket is still open (a logout or a ban ends it).
      const session = await findSession(this.ctx.db, client.sessionId);
      if (!session || session.revokedAt !== null || session.expiresAt <= this.ctx.now()) {
        refuse(client.socket, 'WS_SESSION_ENDED', WS_CLOSE.unauthorized);
        return;
      }
      switch (message.action) {
        case 'askQueueInfo':
          send(client.socket, { type: 'queueInfo', data: await this.snapshot() });
          return;
        case 'subscribeMatch': {
          const allowed = client.isAdmin || (await isParticipant(this.ctx.db, message.matchId, client.userId));
          if (!allowed) {
            send(client.socket, {
              type: 'matchError',
              match_id: message.matchId,
              error: ERRORS.MATCH_NOT_PARTICIPANT.message,
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
      case 'queue.changed':
        this.dirty = true;
        return;
      case 'match.found': {
        const targets: Client[] = [];
        for (const userId of event.user_ids) for (const client of this.byUser.get(userId) ?? []) targets.push(client);
        if (targets.length) void this.deliver(targets, prepare({ type: 'matchFound', match_id: event.match_id }));
        return;
      }
      case 'ready.opened':
      case 'ready.pressed':
      case 'ready.started':
      case 'ready.failed':
        // Each player's own view (their outcome), to every socket they hold here: every tab shows the same.
        for (const player of event.check.players) {
          const targets = [...(this.byUser.get(player.user_id) ?? [])];
          const data = viewOf(event.check, player.user_id);
          if (targets.length) void this.deliver(targets, prepare({ type: 'readyCheck', data }));
        }
        return;
      case 'match.updated': {
        const subscribers = this.byMatch.get(event.data.match_id);
        if (subscribers) void this.deliver([...subscribers], prepare({ type: 'matchUpdate', data: event.data }));
        return;
      }
      case 'badges.granted':
        for (const grant of event.grants) {
          for (const client of this.byUser.get(grant.user_id) ?? []) {
            send(client.socket, {
              type: 'badgeGranted',
              badge_id: grant.badge_id,
              source: grant.source,
              achievement_id: grant.achievement_id,
            });
          }
        }
        return;
      case 'queue.entry.changed': {
        const targets = [...(this.byUser.get(event.user_id) ?? [])];
        const message = prepare({ type: 'queueStatus', data: { in_queue: event.entry !== null, entry: event.entry } });
        if (targets.length) void this.deliver(targets, message);
        return;
      }
      case 'profile.changed': {
        // Their rate or numbers changed: each of their screens reloads the profile (and drops its cached copy).
        const message = prepare({ type: 'profileChanged', reason: event.reason });
        const targets = event.user_ids.flatMap((userId) => [...(this.byUser.get(userId) ?? [])]);
        if (targets.length) void this.deliver(targets, message);
        return;
      }
      case 'user.banned':
        // Sessions were revoked: the player's sockets on every instance stop receiving anything.
        for (const client of this.byUser.get(event.user_id) ?? []) refuse(client.socket, 'BANNED', WS_CLOSE.banned);
        return;
      case 'account.deleted':
        for (const client of this.byUser.get(event.user_id) ?? []) {
          refuse(client.socket, 'WS_SESSION_ENDED', WS_CLOSE.unauthorized);
        }
        return;
      case 'session.revoked':
        for (const client of this.byUser.get(event.user_id) ?? []) {
          if (client.sessionId === event.session_id) refuse(client.socket, 'WS_SESSION_ENDED', WS_CLOSE.unauthorized);
        }
        return;
    }
  }

  /**
   * At most one queue diff per interval, serialized once; `ongoing_match_players` tells each client only whether its
   * own user is in a match, and only when that changed (GET /api/queue keeps the whole list).
   */
  async flushQueue(): Promise<void> {
    if (!this.dirty || this.flushing) return;
    this.dirty = false;
    this.flushing = true;
    try {
      const info = await queueInfo(this.ctx.db, this.ctx.now());
      this.fresh = { info, at: Date.now() };
      const before = this.last;
      this.last = info;
      const { ongoing_match_players: list, ...counts } = diffQueueInfo(before, info);
      const listChanged = list !== undefined;
      const playing = new Set(info.ongoing_match_players);
      const played = new Set(before?.ongoing_match_players);
      const shared = Object.keys(counts).length > 0 ? prepare({ type: 'queueDiff', data: counts }) : null;
      if (!shared && !listChanged) return;
      // Those who are in no match get the same message (their list is empty): serialized once, as the counts are.
      let outOfMatch: PreparedMessage | null = null;
      await this.deliverEach([...this.clients], (client) => {
        const inMatch = playing.has(client.userId);
        if (!listChanged || (before !== null && played.has(client.userId) === inMatch)) return shared;
        if (inMatch) {
          return prepare({ type: 'queueDiff', data: { ...counts, ongoing_match_players: [client.userId] } });
        }
        outOfMatch ??= prepare({ type: 'queueDiff', data: { ...counts, ongoing_match_players: [] } });
        return outOfMatch;
      });
    } finally {
      this.flushing = false;
    }
  }

  /**
   * Writes one prepared message to each target's socket (those still open), in order. The first slice runs at once;
   * the rest follow on later event-loop turns. Resolves when every target was handed the message.
   */
  async deliver(targets: readonly Client[], message: PreparedMessage): Promise<void> {
    await this.deliverEach(targets, () => message);
  }

  /** deliver with a message per target (null: nothing for that one). (Public for bench:ws.) */
  async deliverEach(targets: readonly Client[], messageFor: (client: Client) => PreparedMessage | null): Promise<void> {
    const stop = this.metrics?.wsSendSeconds.startTimer();
    await this.sliced(targets, (client) => {
      const message = messageFor(client);
      if (message) write(client.socket, message);
    });
    stop?.();
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
