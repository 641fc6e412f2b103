import pg from 'pg';
import { afterEach, expect } from 'vitest';

// On PostgreSQL, a transaction's connection runs one query at a time: node-postgres queues a second one (with a
// deprecation warning it prints once per process; pg 9 will refuse it). Every query sent while its connection is
// still busy fails the test that sent it (readAll in db/client.ts is the way to read side by side).
const raised: string[] = [];
const marker = Symbol.for('rankmatch.oneQueryAtATime');
const holder = globalThis as { [marker]?: boolean };
if (!holder[marker]) {
  holder[marker] = true;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: { activeQuery?: unknown; queryQueue?: unknown[] }, ...args: unknown[]) {
    if (this.activeQuery || (this.queryQueue?.length ?? 0) > 0) {
      const [config] = args;
      const text = typeof config === 'string' ? config : (config as { text?: string } | undefined)?.text;
      raised.push(String(text).slice(0, 160));
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

afterEach(() => {
  expect(raised.splice(0), 'two queries at once on one connection (use readAll)').toEqual([]);
});
