import type { DomainEventType, EventOf } from './events/domain.ts';
import type { RouteDef } from './http/route.ts';

// The one face of every domain folder: its module.ts builds a Module from the app's context (context.ts) and what it
// needs of modules listed before it, and app.ts lists the modules. A module's jobs are defined as it is built
// (ctx.jobs); its routes and event handlers are listed here and mounted by app.ts.

export interface EventHandler {
  type: DomainEventType;
  run(event: never): Promise<unknown> | unknown;
}

export interface Module {
  name: string;
  /** Every HTTP route of the domain: visitors', players' and admins' alike (each declares its access). */
  routes?: readonly RouteDef[];
  /** What the module does when a domain event is committed (on the instance that committed it, once). */
  handlers?: readonly EventHandler[];
  /** Releases what the module holds (timers, connections) when the app closes. */
  close?(): Promise<void> | void;
}

/** An event handler of a module. */
export function on<T extends DomainEventType>(
  type: T,
  run: (event: EventOf<T>) => Promise<unknown> | unknown,
): EventHandler {
  return { type, run: run as EventHandler['run'] };
}
