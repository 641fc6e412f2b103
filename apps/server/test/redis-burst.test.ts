import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { type DomainEvent, REDIS_BUFFER_LIMIT, RedisBus } from '../src/events/bus.ts';
import { DomainEvents } from '../src/events/domain.ts';

// A burst while Redis is up (issue 37, found by bench:scale): a wave of 10,000 matches publishes 10,000 match.found
// events in one go after its commit. The bus kept at most REDIS_BUFFER_LIMIT events waiting for its next flush — a
// limit meant for Redis being away — and dropped the rest, so the other instances' players never heard of their match.

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('a burst of events between two instances', () => {
  const buses: RedisBus[] = [];
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
  });

  it('reaches the other instance whole, in order, however many are published at once', async () => {
    const channel = `rankmatch:test-burst-${process.pid}-${Date.now()}:events`;
    const a = await RedisBus.connect(redisUrl as string, channel);
    const b = await RedisBus.connect(redisUrl as string, channel);
    buses.push(a, b);
    const seen: string[] = [];
    b.subscribe((event) => {
      if (event.type === 'match.found') seen.push(event.match_id);
    });
    const count = REDIS_BUFFER_LIMIT * 5;
    const events: DomainEvent[] = Array.from({ length: count }, (_, i) => ({
      type: 'match.found',
      match_id: String(i + 1),
      user_ids: [`u${i}`],
    }));
    // As the unit of work publishes after a commit: every event at once, before the bus's next turn.
    for (const event of events) void a.publish(event);
    const deadline = Date.now() + 15_000;
    while (seen.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(seen.length).toBe(count);
    expect(seen).toEqual(events.map((e) => (e.type === 'match.found' ? e.match_id : '')));
  });

  it("is all sent to Redis before the committing instance's handlers start", async () => {
    // The last message of a burst (under REDIS_FLUSH_BATCH events) is sent on the bus's next turn: the handlers'
    // start (a query built per match) held it back a second after a wave of 2,500 matches (bench:scale).
    const channel = `rankmatch:test-burst-handlers-${process.pid}-${Date.now()}:events`;
    const a = await RedisBus.connect(redisUrl as string, channel);
    const b = await RedisBus.connect(redisUrl as string, channel);
    buses.push(a, b);
    let received = 0;
    b.subscribe((event) => {
      if (event.type === 'match.found') received += 1;
    });
    const events = new DomainEvents(a, Fastify({ logger: false }).log);
    const unsentAtHandler: number[] = [];
    events.on('match.found', () => {
      unsentAtHandler.push(a.unsent);
    });
    const count = 250;
    await events.publish(
      ...Array.from(
        { length: count },
        (_, i): DomainEvent => ({ type: 'match.found', match_id: String(i + 1), user_ids: [] }),
      ),
    );
    await events.drain();
    expect(unsentAtHandler).toHaveLength(count);
    expect(Math.max(...unsentAtHandler)).toBe(0);
    const deadline = Date.now() + 15_000;
    while (received < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(received).toBe(count);
  });
});
