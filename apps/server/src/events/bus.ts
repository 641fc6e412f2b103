import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type {
  MatchUpdate,
  ProfileChangeReason,
  QueueEntry,
  ReadyCheckOutcome,
  ReadyCheckStatus,
  ReportOutcome,
  ReportSubject,
} from '@rankmatch/shared';
import { Redis } from 'ioredis';

// Fan-out of domain events to every instance: in-process by default, a Redis stream when REDIS_URL is set (so several
// instances serve one site). Each instance turns events into WebSocket pushes for its own clients.

export interface BadgeGrantEvent {
  user_id: string;
  badge_id: string;
  source: string;
  achievement_id: string | null;
}

/**
 * A ready check as every instance needs it to push each of its players their own view (ready/presenter.ts): who is
 * ready and, once it failed, what became of each player.
 */
export interface ReadyCheckState {
  ready_check_id: string;
  status: ReadyCheckStatus;
  opened_at: number;
  deadline_at: number;
  match_id: string | null;
  players: {
    user_id: string;
    trainer_name: string;
    ready: boolean;
    outcome: ReadyCheckOutcome | null;
    timeout_until: number | null;
  }[];
}

/**
 * Everything that happens, for every instance: the pushes' triggers (queue.changed, match.found, match.updated,
 * ready.*, user.banned, profile.changed) and the domain's facts, published after their transaction committed (match.settled,
 * match.corrected, season.ended, season.activated, badges.granted), which also have handlers on the instance that
 * committed them (see domain.ts).
 */
export type DomainEvent =
  | { type: 'queue.changed' }
  | { type: 'queue.entry.changed'; user_id: string; entry: QueueEntry | null }
  /** ready_check_id: the match a ready check started (its players had the match-found alert when it opened). */
  | { type: 'match.found'; match_id: string; user_ids: string[]; ready_check_id?: string }
  | { type: 'ready.opened'; check: ReadyCheckState }
  | { type: 'ready.pressed'; check: ReadyCheckState }
  | { type: 'ready.started'; check: ReadyCheckState }
  | { type: 'ready.failed'; check: ReadyCheckState }
  | { type: 'match.updated'; data: MatchUpdate }
  | { type: 'user.banned'; user_id: string }
  | { type: 'profile.changed'; user_ids: string[]; reason: ProfileChangeReason }
  | { type: 'session.revoked'; user_id: string; session_id: string }
  /** A deleted account's sessions are gone: its sockets close; its remainder lives on as `anonymised_id`. */
  | { type: 'account.deleted'; user_id: string; anonymised_id: string }
  | { type: 'match.settled'; match_id: string; season_id: string; winner: 'A' | 'B' | null }
  | { type: 'match.corrected'; match_id: string; season_id: string }
  | { type: 'penalty.applied'; match_id: string; user_ids: string[] }
  /** A closed case's reporters (its disputers, or the players whose reports named its player) hear what came of it. */
  | {
      type: 'reporters.told';
      case_id: number;
      subject: ReportSubject;
      /** A dispute case's match (a violations case spans several: null). */
      match_id: string | null;
      user_ids: string[];
      outcome: ReportOutcome;
    }
  /** An admin gave these players back what the match cost them (a team-mate left or stayed AFK). */
  | { type: 'rate.refunded'; match_id: string; user_ids: string[] }
  | { type: 'season.ended'; season_id: string }
  | { type: 'season.activated'; season_id: string }
  /** An admin edited a season (its name, dates or awards: the ranking's header shows them). */
  | { type: 'season.updated'; season_id: string }
  | { type: 'badges.granted'; grants: BadgeGrantEvent[] }
  | { type: 'settings.changed'; id: string };

export interface EventBus {
  readonly kind: 'memory' | 'redis';
  /** Never throws and never waits on the network: a committed request is not held up by the fan-out. */
  publish(event: DomainEvent): Promise<void>;
  subscribe(listener: (event: DomainEvent) => void): () => void;
  /** Called when events of other instances may have been lost (past the buffer of an outage, a Redis restart). */
  onRecovered(listener: () => void): () => void;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class MemoryBus implements EventBus {
  readonly kind = 'memory' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  async publish(event: DomainEvent): Promise<void> {
    this.emitter.emit('event', event);
  }
  subscribe(listener: (event: DomainEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
  onRecovered(): () => void {
    return () => {};
  }
  async ping(): Promise<void> {}
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** Events kept while Redis is unreachable, sent when it is back; the oldest are dropped past this. */
export const REDIS_BUFFER_LIMIT = 1000;
/** How long a health check waits for Redis. */
const PING_TIMEOUT_MS = 1000;
/** The most events sent to Redis in one message. */
const REDIS_FLUSH_BATCH = 200;
/** Messages the stream keeps (about: Redis trims whole nodes): what an instance that was away can still catch up on. */
export const REDIS_STREAM_LENGTH = 1000;
/** The stream disappears this long after its last message (a deployment gone, a test's stream). */
const STREAM_TTL_SECONDS = 86_400;
/** How long one read waits for messages before asking again; the reader's socket is deemed dead after twice that. */
const READ_BLOCK_MS = 5000;
/** Messages read at once. */
const READ_COUNT = 100;
/** Instances whose last sequence number is remembered (the oldest are forgotten past this). */
const KNOWN_INSTANCES = 1000;
/** queue.changed only says "read the queue again": one waiting to be sent is enough. */
const QUEUE_CHANGED = JSON.stringify({ type: 'queue.changed' });

/** An event waiting to be sent: its number in this instance's sequence, and its JSON. */
interface Pending {
  seq: number;
  raw: string;
}

/**
 * Fan-out through the deployment's Redis stream: one message per event-loop turn, read by every instance (XREAD from
 * its last message), so a Redis outage loses nothing that fits the bounded buffer; a gap or a trimmed stream tells the
 * sockets to read the state again over HTTP (onRecovered). The rules and measured figures: docs/deployment.md.
 */
export class RedisBus implements EventBus {
  readonly kind = 'redis' as const;
  private readonly pub: Redis;
  private readonly reader: Redis;
  private readonly local = new EventEmitter().setMaxListeners(0);
  private readonly instance = randomBytes(8).toString('hex');
  /** Events not sent yet, oldest first. */
  private buffer: Pending[] = [];
  /** Messages sent that Redis has not confirmed yet, oldest first: their events go back to the buffer on a failure. */
  private inFlight: Pending[][] = [];
  /** Counts failures, so that the answers to messages sent before one are not counted again. */
  private generation = 0;
  private flushScheduled = false;
  private wasDown = false;
  private closed = false;
  /** The number of the next event this instance publishes. */
  private nextSeq = 1;
  /** The id of the last stream entry read ('0-0': none, the stream was empty). */
  private lastId = '0-0';
  /** The last event number read from each other instance. */
  private readonly seen = new Map<string, number>();
  private expiredAt = 0;
  dropped = 0;

  /** Events published here and not yet sent to Redis (waiting for the bus's next turn, or for Redis to be back). */
  get unsent(): number {
    return this.buffer.length;
  }

  private constructor(
    url: string,
    readonly channel: string,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {
    const options = {
      lazyConnect: true,
      // Commands fail at once while disconnected (no unbounded offline queue), and those the lost connection had
      // not answered fail with it rather than being sent again after the reconnect: a message goes back to the
      // buffer and is sent again in its order (ioredis would resend it after those sent on 'ready'), the read loop
      // reads again from its last id. Reconnects keep trying.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      retryStrategy: (times: number) => Math.min(200 * times, 2000),
    };
    this.pub = new Redis(url, options);
    // A reader's connection that stops answering (a blocking read answers within READ_BLOCK_MS) is dropped.
    this.reader = new Redis(url, { ...options, socketTimeout: 2 * READ_BLOCK_MS });
    for (const client of [this.pub, this.reader]) {
      client.on('error', () => {
        // reported through health; reconnects go on
      });
      client.on('close', () => {
        this.wasDown = true;
      });
    }
    this.pub.on('ready', () => {
      this.flush();
      if (this.wasDown) {
        this.wasDown = false;
        this.log.warn({ channel: this.channel, dropped: this.dropped }, 'redis is back: fan-out resumed');
      }
    });
  }

  static async connect(
    url: string,
    channel: string,
    log: { warn(obj: object, msg: string): void } = { warn: () => {} },
  ): Promise<RedisBus> {
    const bus = new RedisBus(url, channel, log);
    await Promise.all([bus.pub.connect(), bus.reader.connect()]);
    // Read from the stream's end as it is now: what is published from here on.
    const [last] = await bus.reader.xrevrange(bus.channel, '+', '-', 'COUNT', 1);
    if (last) bus.lastId = last[0];
    bus.wasDown = false;
    void bus.read();
    return bus;
  }

  async publish(event: DomainEvent): Promise<void> {
    this.local.emit('event', event);
    const raw = JSON.stringify(event);
    if (raw === QUEUE_CHANGED && this.buffer.some((pending) => pending.raw === QUEUE_CHANGED)) return;
    this.buffer.push({ seq: this.nextSeq++, raw });
    // A burst while Redis is up (a wave's thousands of match.found) goes out in full messages at once: the limit
    // below is for events kept while Redis is away, and dropped a wave's events past the first thousand.
    if (this.buffer.length >= REDIS_FLUSH_BATCH && this.pub.status === 'ready') {
      this.flush();
      return;
    }
    if (this.buffer.length > REDIS_BUFFER_LIMIT) {
      this.buffer.splice(0, this.buffer.length - REDIS_BUFFER_LIMIT);
      this.dropped += 1;
    }
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushScheduled = false;
        this.flush();
      });
    }
  }

  /**
   * Appends the buffered events while the connection is up, REDIS_FLUSH_BATCH per message, each message a run of
   * consecutive numbers. A message that fails puts its events, and those of every message sent after it, back at the
   * head of the buffer for the next 'ready'.
   */
  private flush(): void {
    while (this.buffer.length > 0 && this.pub.status === 'ready') {
      let size = 1;
      while (
        size < this.buffer.length &&
        size < REDIS_FLUSH_BATCH &&
        (this.buffer[size] as Pending).seq === (this.buffer[size - 1] as Pending).seq + 1
      ) {
        size += 1;
      }
      const batch = this.buffer.splice(0, size);
      const generation = this.generation;
      this.inFlight.push(batch);
      const message =
        `{"from":${JSON.stringify(this.instance)},"seq":${(batch[0] as Pending).seq},` +
        `"events":[${batch.map((pending) => pending.raw).join(',')}]}`;
      this.pub.xadd(this.channel, 'MAXLEN', '~', REDIS_STREAM_LENGTH, '*', 'm', message).then(
        () => {
          if (generation === this.generation) this.inFlight.shift();
        },
        () => {
          if (generation !== this.generation) return;
          this.generation += 1;
          this.buffer = [...this.inFlight.flat(), ...this.buffer].slice(-REDIS_BUFFER_LIMIT);
          this.inFlight = [];
        },
      );
      if (Date.now() - this.expiredAt > 60_000) {
        this.expiredAt = Date.now();
        this.pub.expire(this.channel, STREAM_TTL_SECONDS).catch(() => {});
      }
    }
  }

  /** The read loop: the stream's messages from the last one read, for as long as the bus is open. */
  private async read(): Promise<void> {
    let reconnected = false;
    while (!this.closed) {
      try {
        if (reconnected) {
          reconnected = false;
          await this.checkContinuity();
        }
        const reply = await this.reader.xread(
          'COUNT',
          READ_COUNT,
          'BLOCK',
          READ_BLOCK_MS,
          'STREAMS',
          this.channel,
          this.lastId,
        );
        for (const [, entries] of reply ?? []) {
          for (const [id, fields] of entries) {
            this.lastId = id;
            this.receive(fields[1]);
          }
        }
      } catch {
        if (this.closed) return;
        reconnected = true;
        await this.readerReady();
      }
    }
  }

  private readerReady(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearInterval(timer);
        resolve();
      };
      // 'ready' may have come and gone between the failure and this wait: look at the status as well.
      const timer = setInterval(() => {
        if (this.closed || this.reader.status === 'ready') done();
      }, 50);
      timer.unref();
    });
  }

  /** After the reader's reconnect: a stream that lost the last message read may have lost later ones too. */
  private async checkContinuity(): Promise<void> {
    if (this.lastId === '0-0') return;
    const still = await this.reader.xrange(this.channel, this.lastId, this.lastId);
    if (still.length === 0) this.lost({ reason: 'stream trimmed or emptied', last_id: this.lastId });
  }

  private receive(raw: string | undefined): void {
    let message: { from?: unknown; seq?: unknown; events?: unknown };
    try {
      message = JSON.parse(raw ?? '') as typeof message;
    } catch {
      return; // a foreign entry in our stream: ignore
    }
    const { from, seq, events } = message;
    if (from === this.instance || typeof from !== 'string' || typeof seq !== 'number' || !Array.isArray(events)) return;
    const last = this.seen.get(from);
    // Numbers already seen come again when a message was appended twice: each event is delivered once.
    const fresh = last === undefined ? events : events.slice(Math.max(0, last + 1 - seq));
    const end = seq + events.length - 1;
    this.seen.delete(from);
    this.seen.set(from, Math.max(end, last ?? end));
    if (this.seen.size > KNOWN_INSTANCES) this.seen.delete(this.seen.keys().next().value as string);
    for (const event of fresh as DomainEvent[]) this.local.emit('event', event);
    if (last !== undefined && seq > last + 1) this.lost({ reason: 'events dropped', from, missing: seq - last - 1 });
  }

  private lost(details: object): void {
    this.log.warn({ channel: this.channel, ...details }, 'redis fan-out lost events: clients resynchronise');
    this.local.emit('recovered');
  }

  subscribe(listener: (event: DomainEvent) => void): () => void {
    this.local.on('event', listener);
    return () => this.local.off('event', listener);
  }
  onRecovered(listener: () => void): () => void {
    this.local.on('recovered', listener);
    return () => this.local.off('recovered', listener);
  }
  async ping(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.pub.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('redis ping timed out')), PING_TIMEOUT_MS);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
  async close(): Promise<void> {
    this.closed = true;
    this.local.removeAllListeners();
    this.reader.disconnect();
    this.pub.disconnect();
  }
}

export function openBus(
  redisUrl: string | undefined,
  channel: string,
  log: { warn(obj: object, msg: string): void },
): Promise<EventBus> {
  return redisUrl ? RedisBus.connect(redisUrl, channel, log) : Promise.resolve(new MemoryBus());
}
