import { describe, expect, it } from 'vitest';
import { ciSpeed } from './calibrate.ts';
import { formatResult } from './report.ts';
import { type Configuration, rehearse } from './run.ts';
import { CI_REHEARSAL, scenarioOf } from './scenario.ts';

// The short rehearsal of every `npm test` (and CI): a Thursday night until the close of matching hours, with the
// season ending at 23:59, on one instance with PGlite and on two instances with PostgreSQL + Redis (when
// TEST_DATABASE_URL and TEST_REDIS_URL are set). Every invariant must hold; the table is printed either way.

const configurations: Configuration[] = [
  'pglite',
  ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL ? (['cluster'] as const) : []),
];

describe('rehearsal: the built server through an evening on its own clock', () => {
  // Side by side: each configuration's clock runs on its own, and together they fit the time CI gives them.
  // The speed for this machine (calibrate.ts), worked out once before the runs.
  const calibrated = ciSpeed(CI_REHEARSAL.speed);
  const runs = new Map(
    configurations.map((configuration) => [
      configuration,
      (async () => {
        const speed = await calibrated;
        const result = await rehearse({
          configuration,
          scenario: scenarioOf({ from: CI_REHEARSAL.from, hours: CI_REHEARSAL.hours }),
          speed,
          players: CI_REHEARSAL.players,
          seed: CI_REHEARSAL.seed,
          postgresUrl: process.env.TEST_DATABASE_URL,
          redisUrl: process.env.TEST_REDIS_URL,
        });
        console.log(formatResult(result));
        return result;
      })(),
    ]),
  );
  // Settled here so that a failure of one is reported by its own test, not as an unhandled rejection.
  for (const run of runs.values()) run.catch(() => {});

  for (const [configuration, run] of runs) {
    it(`holds every invariant (${configuration})`, async () => {
      const result = await run;
      expect(result.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.problems.join('; ')}`)).toEqual([]);
    }, 600_000);
  }
});
