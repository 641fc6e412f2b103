import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FIXTURE_FOLDER, latestMatchOf, thursdayAfter } from './imported.ts';
import { formatResult } from './report.ts';
import { type Configuration, rehearse } from './run.ts';
import { CI_REHEARSAL, scenarioOf } from './scenario.ts';
import { ensureServerBuilt } from './server.ts';

// npm run rehearse -- [--days N | --hours H] [--from 2026-11-26T16:00] [--speed S] [--config pglite|cluster|both]
//                     [--players N] [--seed N] [--from-import [folder]]
// The built server on a simulated clock, driven through whole days by a simulated community; prints every invariant
// and the figures, exits 1 when one fails. Without options, the run of npm test and CI (CI_REHEARSAL). The cluster
// runs on REHEARSAL_POSTGRES_URL (default TEST_DATABASE_URL, then postgres://postgres@127.0.0.1:5432/test) and
// REHEARSAL_REDIS_URL (default TEST_REDIS_URL, then redis://127.0.0.1:6379); a database of its own is created there
// and dropped after. --from-import (or REHEARSAL_FROM_IMPORT) moves a Unitemate export in first (the committed
// fixtures without a folder; imported.ts) and starts, unless --from says otherwise, on the first Thursday 23:00 after
// its latest match.

// --from-import without a folder: the committed fixtures.
const argv = process.argv.slice(2);
const at = argv.indexOf('--from-import');
if (at >= 0 && (at === argv.length - 1 || argv[at + 1]?.startsWith('--'))) argv.splice(at + 1, 0, 'fixtures');

const { values } = parseArgs({
  args: argv,
  options: {
    days: { type: 'string' },
    hours: { type: 'string' },
    from: { type: 'string' },
    speed: { type: 'string' },
    config: { type: 'string', default: 'both' },
    players: { type: 'string', default: String(CI_REHEARSAL.players) },
    seed: { type: 'string', default: String(CI_REHEARSAL.seed) },
    'from-import': { type: 'string', default: process.env.REHEARSAL_FROM_IMPORT },
  },
});
const importArg = values['from-import'];
const fromImport = importArg ? (importArg === 'fixtures' ? FIXTURE_FOLDER : resolve(importArg)) : undefined;

// Without options: the CI run. A longer run starts on Thursday afternoon by default.
const hours = values.days ? Number(values.days) * 24 : Number(values.hours ?? CI_REHEARSAL.hours);
const from =
  values.from ??
  (fromImport
    ? thursdayAfter(latestMatchOf(fromImport))
    : values.days || values.hours
      ? '2026-11-26T16:00'
      : CI_REHEARSAL.from);
const speed = Number(values.speed ?? CI_REHEARSAL.speed);
const configurations: Configuration[] =
  values.config === 'both' ? ['pglite', 'cluster'] : [values.config as Configuration];
if (!Number.isFinite(hours) || hours <= 0 || !Number.isFinite(speed) || speed < 1) {
  console.error(
    '使い方: npm run rehearse -- [--days N | --hours H] [--from 2026-11-26T16:00] [--speed S] [--config pglite|cluster|both]',
  );
  process.exit(2);
}

// Ctrl-C: exit, which kills the servers (server.ts); a database left behind is dropped by the next run.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

ensureServerBuilt();
// The configurations side by side, as in npm test.
const results = await Promise.all(
  configurations.map((configuration) =>
    rehearse({
      configuration,
      scenario: scenarioOf({ from, hours }),
      speed,
      players: Number(values.players),
      seed: Number(values.seed),
      postgresUrl:
        process.env.REHEARSAL_POSTGRES_URL ??
        process.env.TEST_DATABASE_URL ??
        'postgres://postgres@127.0.0.1:5432/test',
      redisUrl: process.env.REHEARSAL_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      progress: (line) => console.log(`[${configuration}] ${line}`),
      fromImport,
    }),
  ),
);
for (const result of results) console.log(formatResult(result));
process.exit(results.every((r) => r.ok) ? 0 : 1);
