import { describe, expect, it } from 'vitest';
import { ciSpeed } from './calibrate.ts';
import { FIXTURE_FOLDER, latestMatchOf, thursdayAfter } from './imported.ts';
import { formatResult } from './report.ts';
import { type Configuration, rehearse } from './run.ts';
import { CI_REHEARSAL, scenarioOf } from './scenario.ts';

// The rehearsal from an imported community (npm run rehearse -- --from-import), short: the committed Unitemate
// fixtures are moved in, then 75 minutes of the evening after the export (23:00–00:15, across the imported season's
// change at 23:59) on the same clock as the CI run, with the fixtures' players signing in through the fake Discord
// beside test accounts. Every invariant must hold, the import's own among them (what the players brought is kept,
// they land on their imported accounts, their first matches rate from the imported rate and MMR, the ratings replay
// from the imported state). The whole evening (with the season's end and the cases) is
// `npm run rehearse -- --from-import`, whose figures are in docs/rehearsal.md: it takes as long as the CI run.

const configurations: Configuration[] = [
  'pglite',
  ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL ? (['cluster'] as const) : []),
];

describe('rehearsal from an imported community (short)', () => {
  // The speed for this machine (calibrate.ts), worked out once before the runs.
  const calibrated = ciSpeed(CI_REHEARSAL.speed);
  const runs = new Map(
    configurations.map((configuration) => [
      configuration,
      (async () => {
        const speed = await calibrated;
        const result = await rehearse({
          configuration,
          scenario: scenarioOf({ from: thursdayAfter(latestMatchOf(FIXTURE_FOLDER)), hours: 1.25 }),
          speed,
          players: 250,
          seed: CI_REHEARSAL.seed,
          postgresUrl: process.env.TEST_DATABASE_URL,
          redisUrl: process.env.TEST_REDIS_URL,
          fromImport: FIXTURE_FOLDER,
        });
        console.log(formatResult(result));
        return result;
      })(),
    ]),
  );
  for (const run of runs.values()) run.catch(() => {});

  for (const [configuration, run] of runs) {
    it(`holds every invariant, the import's included (${configuration})`, async () => {
      const result = await run;
      expect(result.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.problems.join('; ')}`)).toEqual([]);
      const names = result.checks.map((c) => c.name);
      expect(names).toContain("imported players' first matches were rated from the imported rate and MMR");
      expect(result.figures.imported?.players).toBeGreaterThan(100);
      expect(result.figures.imported?.discordSignIns).toBeGreaterThan(0);
    }, 600_000);
  }
});
