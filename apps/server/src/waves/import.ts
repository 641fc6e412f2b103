import type { SeasonSimulation } from '@rankmatch/engine';
import { sql } from 'drizzle-orm';
import { bulkInsert } from '../db/bulk.ts';
import type { Executor } from '../db/client.ts';

// The wave records of a season played elsewhere (the engine's simulation: the demo data and the benchmarks), in bulk;
// the matches they made are the matches module's import (importSeason).

/** Writes a simulated season's wave records; the serial ids continue after them. */
export async function importWaveRuns(db: Executor, season: SeasonSimulation): Promise<void> {
  await bulkInsert(
    db,
    'wave_runs',
    {
      id: 'int',
      ran_at: 'bigint',
      candidates: 'int',
      matched: 'int',
      left_waiting: 'int',
      match_count: 'int',
      average_wait_seconds: 'float8',
      metrics: 'jsonb',
      slot: 'bigint',
    },
    season.waves.map((w) => ({
      id: w.id,
      ran_at: w.ran_at,
      candidates: w.metrics.candidates,
      matched: w.metrics.matched,
      left_waiting: w.metrics.left_waiting,
      match_count: w.metrics.matches,
      average_wait_seconds: w.metrics.matched > 0 ? w.metrics.mean_wait_seconds : null,
      metrics: w.metrics,
      // The simulation's waves are scheduled turns (an admin's trigger is the only wave without one).
      slot: w.ran_at,
    })),
  );
  await db.execute(
    sql`select setval(pg_get_serial_sequence('wave_runs', 'id'), greatest(1, (select max(id) from wave_runs)))`,
  );
  await db.execute(sql`analyze wave_runs`);
}
