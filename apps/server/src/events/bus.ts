import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { MatchUpdate, ProfileChangeReason } from '@rankmatch/shared';
import { Redis } from 'ioredis';

// Fan-out of domain events to every instance: in-process by default, Redis pub/sub when REDIS_URL is set (so several
// instances serve one site). Each instance turns events into WebSocket pushes for its own clients.

export interface BadgeGrantEvent {
  user_id: string;
  badge_id: string;
  source: string;
  achievement_id: string | null;
}

/**
 * Everything that happens, for every instance: the pushes' triggers (queue_changed, match_found, match_update,
 * user_banned, profile_changed) and the domain's facts, published after their transaction committed (match.settled,
 * match.corrected, season.ended, season.activated, badges.granted), which also have handlers on the instance that
 * committed them (see domain.ts).
 */
export type DomainEvent =
  | { type: 'queue_changed' }
  | { type: 'match_found'; match_id: string; user_ids: string[] }
  | { type: 'match_update'; data: MatchUpdate }
  | { type: 'user_banned'; user_id: string }
  | { type: 'profile_changed'; user_ids: string[]; reason: ProfileChangeReason }
  | { type: 'session_revoked'; user_id: string; session_id: string }
  | { type: 'match.settled'; match_id: string; season_id: string; winner: 'A' | 'B' | null }
  | { type: 'match.corrected'; match_id: string; season_id: string }
  | { type: 'season.ended'; season_id: string }
  | { type: 'season.activated'; season_id: string }
  | { type: 'badges.granted'; grants: BadgeGrantEvent[] };

export interface EventBus {
  readonly kind: 'memory' | 'redis';
  /** Never throws and never waits on the network: a committed request is not held up by the fan-out. */
  publish(event: DomainEvent): Promise<void>;
  subscribe(listener: (event: DomainEvent) => void): () => void;
  /** Called when the bus comes back after an outage: events may have been missed meanwhile. */
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
/** queue_changed only says "read the queue again": one waiting to be sent is enough. */
const QUEUE_CHANGED = JSON.stringify({ type: 'queue_changed' });

/**
 * Redis pub/sub between instances, on a channel named after the deployment (so two deployments on one Redis, whatever
 * their database numbers, never see each other's events). An event reaches this instance's own listeners at once,
 * without a round trip; other instances get it through Redis, and this instance skips its own echo. The events
 * published during one turn of the event loop go together, in order, as one message (`{ from, events }`), sent at the
 * end of that turn without waiting for Redis to answer earlier ones (Redis keeps the order of one connection): a
 * burst of settlements costs a few messages, not three each, and no event waits for another's round trip. While
 * Redis is down, publishing neither fails nor waits: events are buffered (bounded) and sent once it is back, and
 * listeners of onRecovered are told, so the sockets can make their clients read the state again over HTTP.
 */
export class RedisBus implements EventBus {
  readonly kind = 'redis' as const;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly local = new EventEmitter().setMaxListeners(0);
  private readonly instance = randomBytes(8).toString('hex');
  /** Serialized events not sent yet, oldest first. */
  private buffer: string[] = [];
  /** Messages sent that Redis has not confirmed yet, oldest first: their events go back to the buffer on a failure. */
  private inFlight: string[][] = [];
  /** Counts failures, so that the answers to messages sent before one are not counted again. */
  private generation = 0;
  private flushScheduled = false;
  private wasDown = false;
  dropped = 0;

  private constructor(
    url: string,
    readonly channel: string,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {
    const options = {
      lazyConnect: true,
      // Commands fail at once while disconnected (no unbounded offline queue); reconnects keep trying.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: (times: number) => Math.min(200 * times, 2000),
    };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, { ...options, enableOfflineQueue: true });
    this.sub.on('message', (_channel: string, raw: string) => {
      try {
        const message = JSON.parse(raw) as { from?: string; events?: unknown };
        if (message.from === this.instance || !Array.isArray(message.events)) return;
        for (const event of message.events as DomainEvent[]) this.local.emit('event', event);
      } catch {
        // a foreign message on our channel: ignore
      }
    });
    for (const client of [this.pub, this.sub]) {
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
        this.local.emit('recovered');
      }
    });
  }

  static async connect(
    url: string,
    channel: string,
    log: { warn(obj: object, msg: string): void } = { warn: () => {} },
  ): Promise<RedisBus> {
    const bus = new RedisBus(url, channel, log);
    await Promise.all([bus.pub.connect(), bus.sub.connect()]);
    await bus.sub.subscribe(bus.channel);
    bus.wasDown = false;
    return bus;
  }

  async publish(event: DomainEvent): Promise<void> {
    this.local.emit('event', event);
    const raw = JSON.stringify(event);
    if (raw === QUEUE_CHANGED && this.buffer.includes(QUEUE_CHANGED)) return;
    this.buffer.push(raw);
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
   * Sends the buffered events while the connection is up, REDIS_FLUSH_BATCH per message. A message that fails puts
   * its events, and those of every message sent after it, back at the head of the buffer for the next 'ready'.
   */
  private flush(): void {
    while (this.buffer.length > 0 && this.pub.status === 'ready') {
      const batch = this.buffer.splice(0, REDIS_FLUSH_BATCH);
      const generation = this.generation;
      this.inFlight.push(batch);
      const message = `{"from":${JSON.stringify(this.instance)},"events":[${batch.join(',')}]}`;
      this.pub.publish(this.channel, message).then(
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
    }
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
    this.local.removeAllListeners();
    this.sub.disconnect();
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
