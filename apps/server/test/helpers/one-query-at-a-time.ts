import { afterEach, expect } from 'vitest';

// On PostgreSQL, a transaction's connection runs one query at a time: node-postgres queues a second one with a
// DeprecationWarning (pg 9 will refuse it). Any such warning fails the test that raised it (readAll in db/client.ts
// is the way to read side by side). Node prints each deprecation once per process: the first one is enough.
const raised: string[] = [];
const marker = Symbol.for('rankmatch.oneQueryAtATime');
const holder = globalThis as { [marker]?: boolean };
if (!holder[marker]) {
  holder[marker] = true;
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && /client\.query\(\)/.test(warning.message))
      raised.push(warning.message);
  });
}

afterEach(async () => {
  // process.emitWarning emits on the next tick.
  await new Promise((resolve) => setImmediate(resolve));
  expect(raised.splice(0), 'two queries at once on one connection (use readAll)').toEqual([]);
});
