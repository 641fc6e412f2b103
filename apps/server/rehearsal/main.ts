import { parseArgs } from 'node:util';
import { formatResult } from './report.ts';
import { type Configuration, rehearse } from './run.ts';
import { scenarioOf } from './scenario.ts';
import { ensureServerBuilt } from './server.ts';

// npm run rehearse -- [--days N | --hours H] [--from 2026-11-26T16:00] [--speed S] [--config pglite|cluster|both]
//                     [--players N] [--seed N]
// The built server on a simulated clock, driven through whole days by a simulated community; prints every invariant
// and the figures, exits 1 when one fails. The cluster runs on REHEARSAL_POSTGRES_URL (default TEST_DATABASE_URL,
// then postgres://postgres@127.0.0.1:5432/test) and REHEARSAL_REDIS_URL (default TEST_REDIS_URL, then
// redis://127.0.0.1:6379); a database of its own is created there and dropped after.

const { values } = parseArgs({
  options: {
    days: { type: 'string' },
    hours: { type: 'string' },
    from: { type: 'string', default: '2026-11-26T16:00' },
    speed: { type: 'string' },
    config: { type: 'string', default: 'both' },
    players: { type: 'string', default: '200' },
    seed: { type: 'string', default: '20261126' },
  },
});

const hours = values.days ? Number(values.days) * 24 : Number(values.hours ?? 12.5);
const speed = Number(values.speed ?? (hours > 24 ? 300 : 180));
const configurations: Configuration[] =
  values.config === 'both' ? ['pglite', 'cluster'] : [values.config as Configuration];
if (!Number.isFinite(hours) || hours <= 0 || !Number.isFinite(speed) || speed < 1) {
  console.error(
    '使い方: npm run rehearse -- [--days N | --hours H] [--from 2026-11-26T16:00] [--speed S] [--config pglite|cluster|both]',
  );
  process.exit(2);
}

ensureServerBuilt();
let failed = false;
for (const configuration of configurations) {
  const result = await rehearse({
    configuration,
    scenario: scenarioOf({ from: values.from as string, hours }),
    speed,
    players: Number(values.players),
    seed: Number(values.seed),
    postgresUrl:
      process.env.REHEARSAL_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    redisUrl: process.env.REHEARSAL_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    progress: (line) => console.log(`[rehearsal] ${line}`),
  });
  console.log(formatResult(result));
  failed ||= !result.ok;
}
process.exit(failed ? 1 : 0);
