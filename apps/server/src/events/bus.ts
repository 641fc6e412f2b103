import { EventEmitter } from 'node:events';
import type { MatchUpdate } from '@rankmatch/shared';
import { Redis } from 'ioredis';

// Fan-out of domain events to every instance: in-process by default, Redis pub/sub when REDIS_URL is set (so several
// instances serve one site). Each instance turns events into WebSocket pushes for its own clients.

export type DomainEvent =
  | { type: 'queue_changed' }
  | { type: 'match_found'; match_id: string; user_ids: string[] }
  | { type: 'match_update'; data: MatchUpdate };

export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(event: DomainEvent): Promise<void>;
  subscribe(listener: (event: DomainEvent) => void): () => void;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'rankmatch:events';

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
  async ping(): Promise<void> {}
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export class RedisBus implements EventBus {
  readonly kind = 'redis' as const;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly local = new EventEmitter().setMaxListeners(0);
  private readonly channel: string;

  private constructor(url: string, channel: string) {
    this.channel = channel;
    const options = { lazyConnect: true, maxRetriesPerRequest: 3 };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, options);
    this.sub.on('message', (_channel: string, raw: string) => {
      try {
        this.local.emit('event', JSON.parse(raw) as DomainEvent);
      } catch {
        // a foreign message on our channel: ignore
      }
    });
  }

  static async connect(url: string, channel = CHANNEL): Promise<RedisBus> {
    const bus = new RedisBus(url, channel);
    await Promise.all([bus.pub.connect(), bus.sub.connect()]);
    await bus.sub.subscribe(bus.channel);
    return bus;
  }

  async publish(event: DomainEvent): Promise<void> {
    await this.pub.publish(this.channel, JSON.stringify(event));
  }
  subscribe(listener: (event: DomainEvent) => void): () => void {
    this.local.on('event', listener);
    return () => this.local.off('event', listener);
  }
  async ping(): Promise<void> {
    await this.pub.ping();
  }
  async close(): Promise<void> {
    this.local.removeAllListeners();
    this.sub.disconnect();
    this.pub.disconnect();
  }
}

export function openBus(redisUrl: string | undefined): Promise<EventBus> {
  return redisUrl ? RedisBus.connect(redisUrl) : Promise.resolve(new MemoryBus());
}
