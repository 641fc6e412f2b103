import type { FastifyBaseLogger } from 'fastify';
import { loggableError } from '../log.ts';
import type { DomainEvent, EventBus } from './bus.ts';

// Domain events after commit. A service publishes what happened once its transaction has committed; handlers
// registered here run once, on this instance (so a settlement's achievements are evaluated once, not on every
// instance), and the event then travels the bus to every instance for their pushes. Settlement knows nothing of
// achievements or the ranking: they subscribe.
// Every event goes through here, never on the bus directly; their names are dotted lower case (match.settled,
// queue.changed). The WebSocket messages the hub sends browsers are another protocol, with their own names.

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
type Handler<T extends DomainEventType> = (event: EventOf<T>) => Promise<void> | void;

export class DomainEvents {
  private readonly handlers = new Map<DomainEventType, Handler<DomainEventType>[]>();
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A handler on this instance, for events this instance publishes. */
  on<T extends DomainEventType>(type: T, handler: Handler<T>): void {
    const list = this.handlers.get(type) ?? [];
    list.push(handler as unknown as Handler<DomainEventType>);
    this.handlers.set(type, list);
  }

  /**
   * Call after commit. The events go to every instance at once, all of them; the local handlers start on the next
   * turn of the event loop, in the background and in order (a failing handler is logged and the others still run),
   * so the request that committed is not held up. Handlers come after what the bus has to send: a handler's start
   * runs at once (the match-found alert builds and sends a query per match), and a wave's 2,500 match.found took
   * 2.5 s after its commit to reach the sockets behind them, its last Redis message (sent on the bus's next turn)
   * another second (bench:scale).
   */
  async publish(...events: DomainEvent[]): Promise<void> {
    for (const event of events) await this.bus.publish(event);
    const handled = events.filter((event) => this.handlers.get(event.type)?.length);
    if (handled.length === 0) return;
    this.track(
      new Promise<void>((resolve) =>
        setImmediate(() => {
          for (const event of handled) this.track(this.handle(event));
          resolve();
        }),
      ),
    );
  }

  private async handle(event: DomainEvent): Promise<void> {
    for (const handler of this.handlers.get(event.type) ?? []) {
      try {
        await handler(event);
      } catch (err) {
        this.log.error({ error: loggableError(err), event: event.type }, 'event handler failed');
      }
    }
  }

  private track(run: Promise<void>): void {
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  /** Resolves when every handler of the events published so far has finished (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
