import type { Db, Tx } from '../db/client.ts';
import type { DomainEvent } from './bus.ts';
import type { DomainEvents } from './domain.ts';

// One way to change the database: a transaction, and the domain events its commands record, published once it has
// committed (never for a transaction that rolled back). Commands take a Work and emit what they changed; routes and
// jobs open the Work (a route that declares `writes`, or ctx.write). This is the only caller of events.publish.

/** A transaction in progress and the events it will publish after its commit. */
export interface Work {
  tx: Tx;
  emit(...events: DomainEvent[]): void;
}

export type Write = <T>(body: (work: Work) => Promise<T>) => Promise<T>;

export function writer(db: Db, events: DomainEvents): Write {
  return async (body) => {
    const pending: DomainEvent[] = [];
    const result = await db.transaction((tx) => body({ tx, emit: (...more) => pending.push(...more) }));
    if (pending.length > 0) await events.publish(...pending);
    return result;
  };
}
