import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type DomainEvent, MemoryBus } from '../src/events/bus.ts';
import { DomainEvents } from '../src/events/domain.ts';

// A commit's pushes before its follow-up work (issue 37, found by bench:scale). After a wave's commit its events were
// published one by one, each event's local handlers started right after it: the match-found alert's handler builds
// and sends its query per match at once, so a wave of 2,500 matches took 2.5 s after its commit to hand its last
// match.found to the bus — and so to the sockets of every instance. Now every event of a commit reaches the bus first.

describe("a commit's events", () => {
  it('all reach the bus before any handler of them starts', async () => {
    const bus = new MemoryBus();
    const events = new DomainEvents(bus, Fastify({ logger: false }).log);
    let onBus = 0;
    bus.subscribe((event) => {
      if (event.type === 'match.found') onBus += 1;
    });
    // What the bus had delivered when each event's handler started (synchronously, as the alert's does).
    const seenByHandler: number[] = [];
    events.on('match.found', () => {
      seenByHandler.push(onBus);
    });
    const found: DomainEvent[] = ['1', '2', '3'].map((id) => ({ type: 'match.found', match_id: id, user_ids: [] }));
    await events.publish(...found);
    await events.drain();
    expect(onBus).toBe(3);
    expect(seenByHandler).toEqual([3, 3, 3]);
  });
});
